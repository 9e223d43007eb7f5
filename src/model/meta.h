/* meta.h -- a results directory's meta.txt: key=value lines, the last of a
 * key winning (as in a shell env file); other lines kept in the text. */
#ifndef COLDLOAD_META_H
#define COLDLOAD_META_H

#include <stddef.h>

typedef struct metaTable {
    char *text; /* the file, NUL-terminated ("" when absent) */
    char **keys, **vals;
    size_t n;
} metaTable;

/* Reads path; a missing file gives an empty table and 0. -1 on other errors
 * (err says why). */
int metaRead(metaTable *m, const char *path, char *err, size_t errlen);
const char *metaGet(const metaTable *m, const char *key); /* NULL when absent */
void metaFree(metaTable *m);

/* "vm: AMD EPYC 7B13, 2 CPUs" from meta (whichever keys it has), allocated;
 * NULL when out of memory. */
char *metaMachine(const metaTable *m);

#endif
