/* runlines.c -- runs-lines.tsv read back (see runlines.h). */
#include "model/runlines.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/safefile.h"
#include "common/slurp.h"

static const char runlinesHead[] = "log\tline\n";

/* Appends a row; -1 when out of memory. */
static int runlinesPush(runlines *rl, size_t *cap, const char *log, const char *line) {
    if (rl->n == *cap) {
        size_t nc = *cap ? 2 * *cap : 64;
        runlinesRow *nr = realloc(rl->rows, nc * sizeof *nr);
        if (!nr) return -1;
        rl->rows = nr, *cap = nc;
    }
    rl->rows[rl->n++] = (runlinesRow){log, line};
    return 0;
}

int runlinesRead(runlines *rl, const char *path, char *err, size_t errlen) {
    memset(rl, 0, sizeof *rl);
    char why[SAFEFILE_WHY_MAX] = "";
    errno = 0;
    rl->text = slurpText(path, RUNLINES_MAX, &rl->cut, why, sizeof why);
    if (!rl->text) {
        if (errno == ENOENT) return 0;
        snprintf(err, errlen, "%s: %s", path, why[0] ? why : strerror(ENOMEM));
        return errno == ENOMEM || !errno ? -2 : -1;
    }
    if (strncmp(rl->text, runlinesHead, sizeof runlinesHead - 1) != 0) {
        snprintf(err, errlen, "%s:1: not the header log<TAB>line", path);
        runlinesFree(rl);
        return -1;
    }
    rl->present = 1;
    int rc = 0;
    size_t cap = 0, lineno = 1;
    for (char *p = rl->text + sizeof runlinesHead - 1; *p;) {
        size_t len = strcspn(p, "\n");
        char *next = p + len + (p[len] == '\n'), *tab = memchr(p, '\t', len);
        p[len] = '\0';
        lineno++;
        if (rl->cut && !*next) break; /* a cut file's last row may be partial */
        if (!tab) {
            if (rc == 0) snprintf(err, errlen, "%s:%zu: no tab between log and line", path, lineno);
            rc = -1;
        } else {
            *tab = '\0';
            if (runlinesPush(rl, &cap, p, tab + 1) != 0) {
                snprintf(err, errlen, "%s:%zu: out of memory", path, lineno);
                runlinesFree(rl);
                return -2;
            }
        }
        p = next;
    }
    return rc;
}

void runlinesFree(runlines *rl) {
    free(rl->text);
    free(rl->rows);
    memset(rl, 0, sizeof *rl);
}
