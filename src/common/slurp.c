/* slurp.c -- a text file read whole (see slurp.h). */
#include "common/slurp.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/safefile.h"

char *slurpText(const char *path, size_t max, int *truncated, char *why, size_t whylen) {
    char own[SAFEFILE_WHY_MAX];
    if (!why) why = own, whylen = sizeof own;
    FILE *f = safefileFopenRead(path, why, whylen);
    if (!f) return NULL;
    char *buf = malloc(max + 1);
    size_t n = buf ? fread(buf, 1, max, f) : 0;
    *truncated = buf && n == max && fgetc(f) != EOF;
    fclose(f);
    if (!buf) {
        snprintf(why, whylen, "%s", strerror(ENOMEM));
        errno = ENOMEM;
        return NULL;
    }
    buf[n] = '\0';
    for (size_t i = 0; i < n; i++)
        if (buf[i] == '\0') buf[i] = ' '; /* a NUL would end the text early */
    return buf;
}
