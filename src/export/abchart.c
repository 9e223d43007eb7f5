/* abchart.c -- an A/B job's pairs block by block, plots/ab.dat for
 * plots/ab.gp (see abchart.h). The ratios are answerab's own (its pairs,
 * its like-with-like rule, its interval and floor): the chart draws what
 * the answer read, never a second computation of it. */
#include "export/abchart.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/answerab.h"

int abchartPick(const summary *s, const chartdataChart *c, const summaryGroup *g) {
    (void)s, (void)c;
    for (int k = 0; g->key.workload && k < ANSWER_AB_SIDES; k++)
        if (strcmp(g->key.workload, answerAbSideName[k]) == 0) return 1;
    return 0;
}

long abchartEmit(const summary *s, const chartdataChart *c, FILE *f) {
    (void)c;
    int any = 0;
    for (size_t i = 0; i < s->n && !any; i++) any = abchartPick(s, c, &s->g[i]);
    if (!any) return 0;
    answerAb *ab;
    size_t nw;
    if (answerAbAll(s, ANSWER_AB_PRECISION, &ab, &nw) != 0) return -1;
    long rows = 0;
    int blocks_out = 0;
    for (size_t w = 0; w < nw && rows >= 0; w++) {
        const answerAb *r = &ab[w];
        answerAbBlock *b;
        size_t n;
        if (answerAbBlocks(s, r, &b, &n) != 0) {
            rows = -1;
            break;
        }
        /* a width without a B/A pair (B failed in every run) has nothing to
         * draw against its A/A arm: no rows */
        size_t with_ba = 0;
        for (size_t i = 0; i < n; i++) with_ba += !isnan(b[i].ba);
        if (!with_ba) n = 0;
        if (n > 0) {
            if (!blocks_out)
                fputs("# ab.dat -- written by coldload-summarize from runs.csv: an A/B job's "
                      "blocks, a gnuplot block a width (src/export/abchart.h)\n",
                      f);
            fprintf(f,
                    "%sblock width ba aa ba_in aa_in ratio lo hi floor_lo floor_hi aa_lo aa_hi\n",
                    blocks_out ? "\n\n" : "");
            blocks_out++;
        }
        /* no floor: the A/A arm was not called different */
        double flo = r->floor > 0 ? 1 / (1 + r->floor) : NAN,
               fhi = r->floor > 0 ? 1 + r->floor : NAN;
        for (size_t i = 0; i < n; i++) {
            fprintf(f, "%ld %d", b[i].block, r->width);
            chartdataNum(f, b[i].ba);
            chartdataNum(f, b[i].aa);
            fprintf(f, " %d %d", b[i].ba_in, b[i].aa_in);
            const double fig[] = {r->ratio, r->lo, r->hi, flo, fhi, r->aa_lo, r->aa_hi};
            for (size_t k = 0; k < sizeof fig / sizeof fig[0]; k++) chartdataNum(f, fig[k]);
            fputc('\n', f);
            rows++;
        }
        free(b);
    }
    free(ab);
    return rows < 0 || ferror(f) ? -1 : rows;
}
