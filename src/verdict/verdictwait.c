/* verdictwait.c -- the check that asks "was the result waited for?":
 * no-wait (the page's JAX trap: a timed call that returns before its work is
 * done measures the dispatch). */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/num.h"
#include "common/stats.h"
#include "verdict/checks.h"

/* The page's JAX trap: timing a call that returns before its work is done. */
int verdictNoWait(verdictCtx *x) {
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < x->s->n; i++) {
        const summaryGroup *g = &x->s->g[i];
        double nw = g->nowait_median_ms, w = g->median_ms;
        if (g->nowait_n == 0 || isnan(nw) || isnan(w) || nw * t->no_wait > w) continue;
        double r = nw > 0 ? w / nw : INFINITY;
        if (verdictFound(x, VERDICT_WARN, g,
                         FIGS({"median_ms", w}, {"nowait_median_ms", nw},
                              {"nowait_n", (double)g->nowait_n}, {"ratio", r},
                              {"threshold", t->no_wait})))
            return -1;
    }
    return 0;
}

int verdictNoWaitSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    fprintf(f,
            "steady median %s ms when the result is waited for, %s ms without waiting (submit "
            "only, %.0f calls) = %.1fx below (>= %g): timing without waiting measures the "
            "dispatch, not the work; wait for the result (block_until_ready) inside the timed "
            "region",
            MS(verdictFig(v, "median_ms")), MS(verdictFig(v, "nowait_median_ms")),
            verdictFig(v, "nowait_n"), verdictFig(v, "ratio"), verdictFig(v, "threshold"));
    return ferror(f) ? -1 : 0;
}
