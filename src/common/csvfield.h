/* csvfield.h -- one CSV field out, quoted (RFC 4180) when it holds a comma,
 * a quote, CR or LF: the one quoting rule of every CSV coldload writes. */
#ifndef COLDLOAD_CSVFIELD_H
#define COLDLOAD_CSVFIELD_H

#include <stdio.h>

/* Writes s (NULL: empty) as one field. */
void csvWriteField(FILE *f, const char *s);

#endif
