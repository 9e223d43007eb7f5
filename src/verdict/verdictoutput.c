/* verdictoutput.c -- the checks that ask "are the numbers the same?":
 * checksum-differs and bitwise-same (a workload's checksums idle and loaded),
 * output-differs (a program's stdout hashes across its cells). */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/num.h"
#include "common/stats.h"
#include "verdict/checks.h"

static int verdictHasSum(const uint64_t *set, size_t n, uint64_t c) {
    for (size_t i = 0; i < n; i++)
        if (set[i] == c) return 1;
    return 0;
}

/* Adds g's checksums to set (distinct, at most cap). */
static void verdictCollect(uint64_t *set, size_t *n, size_t cap, const summaryGroup *g) {
    for (size_t k = 0; k < g->nchecksums; k++)
        if (!verdictHasSum(set, *n, g->checksums[k]) && *n < cap) set[(*n)++] = g->checksums[k];
}

static void verdictFmtSums(const uint64_t *set, size_t n, char *buf, size_t len) {
    size_t o = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && o < len; i++)
        o += (size_t)snprintf(buf + o, len - o, "%s%016llx", i ? ", " : "",
                              (unsigned long long)set[i]);
}

/* A group of harness/threads.sh: anyone's program, whose output check is
 * across every cell (output-differs), not the engine's per-width one. */
static int verdictIsThreads(const summaryGroup *g) {
    return g->harness && strcmp(g->harness, "threads") == 0;
}

/* Idle against loaded, per (workload, params, width): the engine is
 * deterministic at a fixed width, whatever the wait policy or the copy.
 * same: the cells with one checksum both idle and loaded (bitwise-same),
 * else those whose idle and loaded checksums differ (checksum-differs). */
static int verdictChecksumCells(verdictCtx *x, int same) {
    enum { CAP = 8 };
    const summary *s = x->s;
    char a[CAP * 20], b[CAP * 20];
    for (size_t i = 0; i < s->n; i++) {
        const summaryKey *k = &s->g[i].key;
        const unsigned cell = SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS | SUMMARY_K_WIDTH;
        if (verdictIsThreads(&s->g[i])) continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++) seen = summaryKeySame(&s->g[j].key, k, cell);
        if (seen) continue;
        uint64_t idle[CAP], loaded[CAP];
        size_t ni = 0, nl = 0;
        for (size_t j = i; j < s->n; j++) {
            const summaryGroup *g = &s->g[j];
            if (!summaryKeySame(&g->key, k, cell) || verdictIsThreads(g)) continue;
            if (summaryIsIdle(g)) verdictCollect(idle, &ni, CAP, g);
            else if (summaryIsLoaded(g)) verdictCollect(loaded, &nl, CAP, g);
        }
        if (ni == 0 || nl == 0) continue;
        int same_sets = ni == nl;
        for (size_t j = 0; j < nl && same_sets; j++) same_sets = verdictHasSum(idle, ni, loaded[j]);
        int rc = 0;
        char on[512]; /* the cell: workload, params, width */
        snprintf(on, sizeof on, "%s%s%s, width %d", k->workload, k->params[0] ? " " : "", k->params,
                 k->width);
        if (same && same_sets && ni == 1)
            rc =
                verdictAddOn(x, VERDICT_OK, &s->g[i], cell, on,
                             FIGS({"idle_checksums", (double)ni}, {"loaded_checksums", (double)nl}),
                             "checksum %016llx idle and loaded: numbers unaffected (bitwise)",
                             (unsigned long long)idle[0]);
        else if (!same && !same_sets) {
            verdictFmtSums(idle, ni, a, sizeof a);
            verdictFmtSums(loaded, nl, b, sizeof b);
            rc =
                verdictAddOn(x, VERDICT_ERROR, &s->g[i], cell, on,
                             FIGS({"idle_checksums", (double)ni}, {"loaded_checksums", (double)nl}),
                             "checksum idle %s, loaded %s: the numbers changed under load; this "
                             "must never happen",
                             a, b);
        }
        if (rc) return -1;
    }
    return 0;
}

/* checksum-differs: within one group first, then idle against loaded. */
int verdictChecksumDiffers(verdictCtx *x) {
    enum { CAP = 8 };
    char a[CAP * 20];
    for (size_t i = 0; i < x->s->n; i++) {
        const summaryGroup *g = &x->s->g[i];
        if (g->nchecksums < 2 || verdictIsThreads(g)) continue;
        verdictFmtSums(g->checksums, g->nchecksums < CAP ? g->nchecksums : CAP, a, sizeof a);
        if (verdictAdd(x, VERDICT_ERROR, g, FIGS({"nchecksums", (double)g->nchecksums}),
                       "%zu different checksums within one group (%s): the same computation "
                       "gave different bits; this must never happen",
                       g->nchecksums, a))
            return -1;
    }
    return verdictChecksumCells(x, 0);
}

/* A program's output over all its cells (harness/threads.sh: stdout's hash
 * is each run's checksum). same: one hash in every cell, bitwise-same;
 * else output-differs, naming each cell with its hashes. A cell whose runs
 * were not hashed (--no-check-output) has none and is left out. */
static int verdictOutputCells(verdictCtx *x, int same) {
    enum { CAP = 8 };
    const summary *s = x->s;
    const unsigned prog = SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *gi = &s->g[i];
        if (!verdictIsThreads(gi)) continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = verdictIsThreads(&s->g[j]) && summaryKeySame(&s->g[j].key, &gi->key, prog);
        if (seen) continue;
        uint64_t all[CAP];
        size_t n = 0, cells = 0;
        for (size_t j = i; j < s->n; j++) {
            const summaryGroup *g = &s->g[j];
            if (!verdictIsThreads(g) || !summaryKeySame(&g->key, &gi->key, prog)) continue;
            if (g->nchecksums) cells++;
            verdictCollect(all, &n, CAP, g);
        }
        if (n == 0) continue;
        int rc = 0;
        char on[512]; /* the program: workload (its name) and params (its arguments) */
        snprintf(on, sizeof on, "%s%s%s", gi->key.workload, gi->key.params[0] ? " " : "",
                 gi->key.params);
        if (same && n == 1)
            rc = verdictAddOn(x, VERDICT_OK, gi, prog, on,
                              FIGS({"hashes", 1}, {"cells", (double)cells}),
                              "stdout hash %016llx in every run of all %zu cells (each width and "
                              "the default, idle and loaded): its output does not change",
                              (unsigned long long)all[0], cells);
        else if (!same && n > 1) {
            char *list = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&list, &len);
            for (size_t j = i; f && j < s->n; j++) {
                const summaryGroup *g = &s->g[j];
                if (!verdictIsThreads(g) || !summaryKeySame(&g->key, &gi->key, prog) ||
                    !g->nchecksums)
                    continue;
                char sums[CAP * 20];
                verdictFmtSums(g->checksums, g->nchecksums < CAP ? g->nchecksums : CAP, sums,
                               sizeof sums);
                fputs("; ", f);
                summaryDescribe(g, f);
                fprintf(f, ": %s", sums);
            }
            if (f && fclose(f) != 0) f = NULL;
            rc = !f ? -1
                    : verdictAddOn(x, VERDICT_ERROR, gi, prog, on,
                                   FIGS({"hashes", (double)n}, {"cells", (double)cells}),
                                   "%zu different stdout hashes over its cells: its output "
                                   "depends on the width, the load or the run (if it prints "
                                   "times or is meant to, run with --no-check-output)%s",
                                   n, list ? list : "");
            free(list);
        }
        if (rc) return -1;
    }
    return 0;
}

int verdictBitwiseSame(verdictCtx *x) {
    return verdictChecksumCells(x, 1) || verdictOutputCells(x, 1) ? -1 : 0;
}

int verdictOutputDiffers(verdictCtx *x) { return verdictOutputCells(x, 0); }
