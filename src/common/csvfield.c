/* csvfield.c -- one CSV field out, one line, quoted when it must be (RFC 4180). */
#include "common/csvfield.h"

#include <stdlib.h>
#include <string.h>

#include "common/text.h"

void csvWriteField(FILE *f, const char *s) {
    if (!s) s = "";
    char *own = textIsOneLine(s) ? NULL : textOneLine(s, 0);
    const char *t = own ? own : s; /* out of memory: written as it is, quoted */
    if (strpbrk(t, ",\"\r\n") == NULL) fputs(t, f);
    else {
        fputc('"', f);
        for (; *t; t++) {
            if (*t == '"') fputc('"', f);
            fputc(*t, f);
        }
        fputc('"', f);
    }
    free(own);
}
