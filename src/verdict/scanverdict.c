/* scanverdict.c -- the scan judged (model/scan.h's cells): the best fixed
 * width of each load level and what auto chose against it (the
 * recommendation), the wait policy that degrades least under load, what
 * spinning past the free CPUs costs; verdict.txt says them. */
#include "verdict/scanverdict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* loaded / idle of the wait cell (w, load, stressors, policy, width); NaN
 * unless both have a median. */
static double scanverdictWaitRatio(const scanData *d, const scanCell *like, const char *policy) {
    const scanCell *c =
        scanFind(d, "wait", like->workload, like->load, like->stressors, policy, like->width);
    if (!c || !c->nmeds) return NAN;
    double ref = scanWaitRef(d, c);
    return ref > 0 ? c->median / ref : NAN;
}

/* Geometric mean of loaded / idle (same policy and width) for `policy` over
 * the loaded (load, width) settings of workload w where all three policies
 * have data on both sides: a paired comparison, so a policy is not judged
 * on cells the others lack. n gets their count. */
static double scanverdictDegrade(const scanData *d, const char *w, const char *policy, int *n) {
    double logsum = 0;
    *n = 0;
    for (size_t i = 0; i < d->n; i++) {
        const scanCell *c = &d->cells[i];
        if (strcmp(c->scan, "wait") || strcmp(c->workload, w) || strcmp(c->wait, policy) ||
            !strcmp(c->load, "none"))
            continue;
        int all = 1;
        for (size_t p = 0; p < 3; p++)
            all = all && scanverdictWaitRatio(d, c, scanWaitPolicies[p]) > 0;
        if (!all) continue;
        logsum += log(scanverdictWaitRatio(d, c, policy));
        (*n)++;
    }
    return *n ? exp(logsum / *n) : NAN;
}

/* The fastest fixed width of a load level (NULL: none has data) and its
 * auto cell (NULL: none). */
static const scanCell *scanverdictBest(const scanData *d, const char *w, int level,
                                       const char **widths, size_t nw, const scanCell **aut) {
    const scanCell *best = NULL;
    *aut = NULL;
    for (size_t x = 0; x < nw; x++) {
        const scanCell *c =
            scanFind(d, "load", w, level ? "pinned" : "none", level, "block", widths[x]);
        if (!c || !c->nmeds) continue;
        if (c->width_n == 0) *aut = c;
        else if (!best || c->median < best->median) best = c;
    }
    return best;
}

int scanverdictRecommend(const scanData *d, scanRec **rec, size_t *n) {
    const char *wls[8];
    size_t nwl = scanWorkloads(d, "load", wls, 8);
    *rec = NULL;
    *n = 0;
    for (size_t k = 0; k < nwl; k++) {
        const char **widths;
        int *levels;
        size_t nw, nl;
        if (scanAxes(d, "load", wls[k], &widths, &nw, &levels, &nl) != 0) return -1;
        scanRec *nr = realloc(*rec, (*n + nl + 1) * sizeof *nr);
        if (nr) *rec = nr;
        for (size_t y = 0; nr && y < nl; y++) {
            const scanCell *aut, *best = scanverdictBest(d, wls[k], levels[y], widths, nw, &aut);
            scanRec *r = &(*rec)[(*n)++];
            snprintf(r->workload, sizeof r->workload, "%s", wls[k]);
            snprintf(r->width, sizeof r->width, "%s", best ? best->width : "");
            r->load_workers = levels[y];
        }
        free(widths);
        free(levels);
        if (!nr) return -1;
    }
    return 0;
}

static void scanverdictHeat(const scanData *d, FILE *f) {
    const char *wls[8];
    size_t nwl = scanWorkloads(d, "load", wls, 8), nrec;
    scanRec *rec;
    if (!nwl) {
        fprintf(f, "load x width: not scanned\n");
        return;
    }
    if (scanverdictRecommend(d, &rec, &nrec) != 0) return;
    fprintf(
        f, "load x width (pinned load workers; block policy; slowdown = median / idle width 1):\n");
    for (size_t k = 0; k < nwl; k++) {
        const char **widths;
        int *levels;
        size_t nw, nl;
        if (scanAxes(d, "load", wls[k], &widths, &nw, &levels, &nl) != 0) break;
        double ref = scanHeatRef(d, wls[k]);
        for (size_t y = 0; y < nl; y++) {
            const scanCell *aut, *best = scanverdictBest(d, wls[k], levels[y], widths, nw, &aut);
            fprintf(f, "  %s, %d load worker%s: ", wls[k], levels[y], levels[y] == 1 ? "" : "s");
            if (!best) {
                fprintf(f, "no width has data\n");
                continue;
            }
            fprintf(f, "best width %s (%.4g ms", best->width, best->median);
            if (ref > 0) fprintf(f, ", %.3gx idle width 1", best->median / ref);
            fprintf(f, "; %zu procs%s)", best->nmeds, scanCut(best) ? ", cut" : "");
            if (aut) {
                char chose[32];
                if (aut->wmin == aut->wmax) snprintf(chose, sizeof chose, "%d", aut->wmin);
                else snprintf(chose, sizeof chose, "%d..%d", aut->wmin, aut->wmax);
                fprintf(f, "; %s chose %s: %.4g ms, %.3gx the best", aut->width, chose, aut->median,
                        aut->median / best->median);
            }
            fprintf(f, "\n");
        }
        /* The width to use at each load level (recommendation.tsv as data). */
        fputs("  recommendation, ", f);
        scanrecLine(rec, nrec, wls[k], f);
        fputc('\n', f);
        free(widths);
        free(levels);
    }
    free(rec);
}

static void scanverdictWait(const scanData *d, FILE *f) {
    const char *wls[8];
    size_t nwl = scanWorkloads(d, "wait", wls, 8);
    if (!nwl) {
        fprintf(f, "wait policy: not scanned\n");
        return;
    }
    fprintf(
        f,
        "wait policy (loaded / idle, same policy and width; geometric mean over loaded cells):\n");
    for (size_t k = 0; k < nwl; k++) {
        const char *bestp = NULL;
        double bestg = INFINITY;
        fprintf(f, "  %s:", wls[k]);
        for (size_t p = 0; p < 3; p++) {
            int n;
            double g = scanverdictDegrade(d, wls[k], scanWaitPolicies[p], &n);
            if (g == g) fprintf(f, " %s %.3gx (%d cells)", scanWaitPolicies[p], g, n);
            else fprintf(f, " %s no data", scanWaitPolicies[p]);
            if (g == g && g < bestg) bestg = g, bestp = scanWaitPolicies[p];
        }
        fprintf(f, "; degrades least: %s\n", bestp ? bestp : "none");
        /* Spin past the free CPUs: width >= 2 and above cpus - stressors. */
        double worst = -INFINITY, sum = 0;
        int n = 0;
        const scanCell *wc = NULL;
        for (size_t i = 0; i < d->n; i++) {
            const scanCell *s = &d->cells[i];
            if (strcmp(s->scan, "wait") || strcmp(s->workload, wls[k]) || strcmp(s->wait, "spin") ||
                !s->nmeds)
                continue;
            if (s->width_n < 2 || s->width_n <= d->cpus - s->stressors) continue;
            const scanCell *b =
                scanFind(d, "wait", s->workload, s->load, s->stressors, "block", s->width);
            if (!b || !b->nmeds) continue;
            double extra = s->median - b->median;
            sum += extra;
            n++;
            if (extra > worst) worst = extra, wc = s;
        }
        if (n)
            fprintf(f,
                    "  %s: spin where the width exceeds the free CPUs costs %+.4g ms a call over "
                    "block (mean of %d cells; worst %s load, width %s: %.4g ms vs %.4g)\n",
                    wls[k], sum / n, n, wc->load[0] == 'n' ? "no" : wc->load, wc->width, wc->median,
                    scanFind(d, "wait", wc->workload, wc->load, wc->stressors, "block", wc->width)
                        ->median);
        else fprintf(f, "  %s: spin past the free CPUs: no cell with data on both sides\n", wls[k]);
    }
}

int scanverdictWrite(const scanData *d, FILE *f) {
    scanCounts c = scanCount(d);
    fputs("scan: ", f);
    scanrecCountsText(&c, f);
    fputc('\n', f);
    scanverdictHeat(d, f);
    scanverdictWait(d, f);
    return ferror(f) ? -1 : 0;
}
