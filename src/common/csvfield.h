/* csvfield.h -- one CSV field out: one line of text (common/text.h: each
 * control character escaped, \n, \r, \t, \xHH, so a row is one line
 * whatever its fields hold), quoted (RFC 4180) when it holds a comma or a
 * quote: the one rule of every CSV coldload writes. */
#ifndef COLDLOAD_CSVFIELD_H
#define COLDLOAD_CSVFIELD_H

#include <stdio.h>

/* Writes s (NULL: empty) as one field. */
void csvWriteField(FILE *f, const char *s);

#endif
