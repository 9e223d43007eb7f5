/* csvread.h -- an RFC 4180 reader for the rows the binaries and harnesses
 * wrote, reporting every defect as "file:line: what" (a last row without its
 * newline is one: it was cut short). */
#ifndef COLDLOAD_CSVREAD_H
#define COLDLOAD_CSVREAD_H

#include <stddef.h>

typedef struct csvReader csvReader;

csvReader *csvReaderOpen(const char *path, char *err, size_t errlen);
/* Reads the next record. Returns 1 with *fields (nfields of them, valid until
 * the next call) set, 0 at end of file, -1 on a defect (err = "file:line: what"). */
int csvReaderNext(csvReader *r, char ***fields, size_t *nfields, char *err, size_t errlen);
/* Line on which the last record returned started (1-based). */
size_t csvReaderLine(const csvReader *r);
void csvReaderClose(csvReader *r);

#endif
