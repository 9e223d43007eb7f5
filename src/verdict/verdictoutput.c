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
        if (!(same && same_sets && ni == 1) && (same || same_sets)) continue;
        verdict *v = verdictFoundOn(x, same ? VERDICT_OK : VERDICT_ERROR, &s->g[i], cell);
        verdictFmtSums(idle, ni, a, sizeof a);
        verdictFmtSums(loaded, nl, b, sizeof b);
        if (!v ||
            verdictAddFigs(
                v, FIGS({"idle_checksums", (double)ni}, {"loaded_checksums", (double)nl})) ||
            (same ? verdictAddNote(v, "checksum", "%s", a)
                  : verdictAddNote(v, "idle_checksums", "%s", a) ||
                        verdictAddNote(v, "loaded_checksums", "%s", b)))
            return -1;
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
        verdict *v = verdictFoundOn(x, VERDICT_ERROR, g, SUMMARY_K_ALL);
        if (!v || verdictAddFig(v, (double)g->nchecksums, "nchecksums") ||
            verdictAddNote(v, "checksums", "%s", a))
            return -1;
    }
    return verdictChecksumCells(x, 0);
}

/* Within one group (its note "checksums"), or a cell's idle against loaded. */
int verdictChecksumSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    const char *within = verdictNoteOf(v, "checksums"), *idle = verdictNoteOf(v, "idle_checksums"),
               *loaded = verdictNoteOf(v, "loaded_checksums");
    if (within)
        fprintf(f,
                "%.0f different checksums within one group (%s): the same computation gave "
                "different bits; this must never happen",
                verdictFig(v, "nchecksums"), within);
    else
        fprintf(f,
                "checksum idle %s, loaded %s: the numbers changed under load; this must never "
                "happen",
                idle ? idle : "-", loaded ? loaded : "-");
    return ferror(f) ? -1 : 0;
}

/* A program's output over all its cells (harness/threads.sh: stdout's hash
 * is each run's checksum). same: one hash in every cell, bitwise-same;
 * else output-differs, naming each cell with its hashes (notes cell_<i> and
 * hashes_<i>, i from 1). A cell whose runs were not hashed
 * (--no-check-output) has none and is left out. */
static int verdictOutputCells(verdictCtx *x, int same) {
    enum { CAP = 8 };
    const summary *s = x->s;
    const unsigned prog = SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS;
    char sums[CAP * 20];
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
        if (n == 0 || (same ? n != 1 : n < 2)) continue;
        verdict *v = verdictFoundOn(x, same ? VERDICT_OK : VERDICT_ERROR, gi, prog);
        if (!v || verdictAddFigs(v, FIGS({"hashes", (double)n}, {"cells", (double)cells})))
            return -1;
        if (same) {
            verdictFmtSums(all, 1, sums, sizeof sums);
            if (verdictAddNote(v, "hash", "%s", sums)) return -1;
            continue;
        }
        size_t c = 0;
        for (size_t j = i; j < s->n; j++) {
            const summaryGroup *g = &s->g[j];
            if (!verdictIsThreads(g) || !summaryKeySame(&g->key, &gi->key, prog) || !g->nchecksums)
                continue;
            char *on = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&on, &len);
            if (!f) return -1;
            summaryDescribe(g, f);
            int bad = fclose(f) != 0;
            verdictFmtSums(g->checksums, g->nchecksums < CAP ? g->nchecksums : CAP, sums,
                           sizeof sums);
            char cell[32], hashes[32];
            snprintf(cell, sizeof cell, "cell_%zu", ++c);
            snprintf(hashes, sizeof hashes, "hashes_%zu", c);
            bad = bad || verdictAddNote(v, cell, "%s", on) || verdictAddNote(v, hashes, "%s", sums);
            free(on);
            if (bad) return -1;
        }
    }
    return 0;
}

/* Every cell with its hashes: "; <cell>: <hashes>" per cell_<i>, hashes_<i>. */
int verdictOutputSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    fprintf(f,
            "%.0f different stdout hashes over its cells: its output depends on the width, the "
            "load or the run (if it prints times or is meant to, run with --no-check-output)",
            verdictFig(v, "hashes"));
    for (size_t i = 1;; i++) {
        char cell[32], hashes[32];
        snprintf(cell, sizeof cell, "cell_%zu", i);
        snprintf(hashes, sizeof hashes, "hashes_%zu", i);
        const char *on = verdictNoteOf(v, cell), *sums = verdictNoteOf(v, hashes);
        if (!on || !sums) break;
        fprintf(f, "; %s: %s", on, sums);
    }
    return ferror(f) ? -1 : 0;
}

int verdictBitwiseSame(verdictCtx *x) {
    return verdictChecksumCells(x, 1) || verdictOutputCells(x, 1) ? -1 : 0;
}

/* A workload's cell (its note "checksum") or a program's cells ("hash"). */
int verdictSameSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    const char *hash = verdictNoteOf(v, "hash"), *sum = verdictNoteOf(v, "checksum");
    if (hash)
        fprintf(f,
                "stdout hash %s in every run of all %.0f cells (each width and the default, idle "
                "and loaded): its output does not change",
                hash, verdictFig(v, "cells"));
    else fprintf(f, "checksum %s idle and loaded: numbers unaffected (bitwise)", sum ? sum : "-");
    return ferror(f) ? -1 : 0;
}

int verdictOutputDiffers(verdictCtx *x) { return verdictOutputCells(x, 0); }
