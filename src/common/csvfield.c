/* csvfield.c -- one CSV field out, quoted when it must be (RFC 4180). */
#include "common/csvfield.h"

#include <string.h>

void csvWriteField(FILE *f, const char *s) {
    if (!s) s = "";
    if (strpbrk(s, ",\"\r\n") == NULL) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}
