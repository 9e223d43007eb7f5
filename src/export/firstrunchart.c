/* firstrunchart.c -- the first run's parts as the stacked chart's data,
 * plots/firstrun.dat for plots/firstrun.gp (see firstrunchart.h). */
#include "export/firstrunchart.h"

#include <math.h>
#include <stdio.h>
#include <unistd.h>

#include "common/atomicfile.h"

/* Segments bottom up: the work itself, the parts that add up, the remainder. */
#define FR_SEGMENTS (FIRSTRUN_PARTS + 2)

static double frSegment(const firstrunCell *c, int s) {
    if (s == 0) return c->steady.median;
    if (s <= FIRSTRUN_PARTS) return c->part[s - 1].n ? c->part[s - 1].median : 0;
    return c->remainder;
}

int firstrunchartWriteDat(const firstrun *fr, FILE *f) {
    fprintf(f, "# firstrun.dat -- written by coldload-summarize from firstrun.csv\n"
               "# idx label total_ms, then lo hi (ms) of each segment stacked from 0 (negative "
               "ones below it):\n# steady");
    for (int p = 0; p < FIRSTRUN_PARTS; p++) fprintf(f, " part%d", p);
    fputs(" remainder\n", f);
    /* the column names, read by plots/firstrun.gp (no '#') */
    fputs("idx label total_ms steady_lo steady_hi", f);
    for (int p = 0; p < FIRSTRUN_PARTS; p++) fprintf(f, " part%d_lo part%d_hi", p, p);
    fputs(" remainder_lo remainder_hi\n", f);
    for (size_t i = 0; i < fr->n; i++) {
        const firstrunCell *c = &fr->c[i];
        double up = 0, down = 0;
        char label[160];
        snprintf(label, sizeof label, "%s/%s", c->workload, c->kind);
        for (char *q = label; *q; q++)
            if (*q == '"' || *q == ' ' || *q == '\t') *q = '_';
        fprintf(f, "%zu \"%s\" %.6g", i, label, c->total.median);
        for (int s = 0; s < FR_SEGMENTS; s++) {
            double v = frSegment(c, s);
            if (isnan(v)) v = 0;
            double *at = v >= 0 ? &up : &down;
            fprintf(f, " %.6g %.6g", *at, *at + v);
            *at += v;
        }
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}

int firstrunchartWrite(const firstrun *fr, const char *plots_dir, char *err, size_t errlen) {
    char path[4096];
    snprintf(path, sizeof path, "%s/firstrun.dat", plots_dir);
    int rc = 0;
    if (fr->n == 0) {
        unlink(path); /* a stale chart of rows that are gone would mislead */
    } else {
        atomicFile a; /* renamed into place: never written through a planted link */
        if (atomicOpen(&a, path) != 0) {
            snprintf(err, errlen, "%s: %s", path, a.why);
            return -1;
        }
        if (firstrunchartWriteDat(fr, a.f) != 0) {
            atomicAbort(&a);
            rc = -1;
        } else if (atomicCommit(&a) != 0) rc = -1;
        if (rc) snprintf(err, errlen, "%s: write failed", path);
    }
    return rc;
}
