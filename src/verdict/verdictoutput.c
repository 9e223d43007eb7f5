/* verdictoutput.c -- the checks that ask "are the numbers the same?":
 * checksum-differs and bitwise-same (a workload's checksums idle and loaded),
 * output-differs, bitwise-same and output-unchecked (a program's output
 * hashes across its cells: stdout's, or a file's it wrote). */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/checksum.h"
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

/* --- a program's output (harness/threads.sh) ------------------------------------ */

const char *verdictCheckedOutput(const metaTable *m) {
    const char *on = metaGet(m, "threads_check_output"), *what = metaGet(m, "threads_check_what");
    if (on && strcmp(on, "0") == 0) return NULL;
    return what && *what ? what : "stdout";
}

/* 1 when what names a file (`{out}` or a path), not stdout (NULL: stdout). */
static int verdictIsFileOutput(const char *what) { return what && strcmp(what, "stdout") != 0; }

void verdictOutputOf(const summary *s, const summaryGroup *gi, const char *what, verdictOutput *o) {
    const unsigned prog = SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS;
    int file = verdictIsFileOutput(what);
    memset(o, 0, sizeof *o);
    for (size_t j = 0; j < s->n; j++) {
        const summaryGroup *g = &s->g[j];
        if (!verdictIsThreads(g) || !summaryKeySame(&g->key, &gi->key, prog)) continue;
        size_t missing = file ? g->unhashed : 0;
        if (!g->nchecksums && !missing) continue;
        o->cells++;
        o->default_cells += summaryIsDefaultWidth(g);
        o->idle_cells += summaryIsIdle(g);
        o->loaded_cells += summaryIsLoaded(g);
        o->runs += g->hashed;
        o->missing += missing;
        verdictCollect(o->hashes, &o->n, VERDICT_OUTPUT_CAP, g);
    }
    if (o->n == 0) o->state = o->missing ? VERDICT_OUT_MISSING : VERDICT_OUT_NOT_CHECKED;
    else if (o->n >= 2 || o->missing) o->state = VERDICT_OUT_DIFFERS;
    /* FNV-1a 64 of no bytes is its offset basis: the hash of an empty output */
    else if (o->hashes[0] == CHECKSUM_FNV_OFFSET) o->state = VERDICT_OUT_EMPTY;
    else o->state = VERDICT_OUT_SAME;
}

/* Each of a program's cells with its hashes, into v (notes cell_<i> and
 * hashes_<i>, i from 1): the cells output-differs names. */
static int verdictOutputNameCells(const summary *s, const summaryGroup *gi, verdict *v) {
    const unsigned prog = SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS;
    char sums[VERDICT_OUTPUT_CAP * 20];
    size_t c = 0;
    for (size_t j = 0; j < s->n; j++) {
        const summaryGroup *g = &s->g[j];
        if (!verdictIsThreads(g) || !summaryKeySame(&g->key, &gi->key, prog) || !g->nchecksums)
            continue;
        char *on = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&on, &len);
        if (!f) return -1;
        summaryDescribe(g, f);
        int bad = fclose(f) != 0;
        verdictFmtSums(g->checksums,
                       g->nchecksums < VERDICT_OUTPUT_CAP ? g->nchecksums : VERDICT_OUTPUT_CAP,
                       sums, sizeof sums);
        char cell[32], hashes[32];
        snprintf(cell, sizeof cell, "cell_%zu", ++c);
        snprintf(hashes, sizeof hashes, "hashes_%zu", c);
        bad = bad || verdictAddNote(v, cell, "%s", on) || verdictAddNote(v, hashes, "%s", sums);
        free(on);
        if (bad) return -1;
    }
    return 0;
}

/* A program's output over all its cells (harness/threads.sh: each run's
 * checksum is the hash of its stdout, or of the file it wrote): one verdict
 * of x's check per program whose output check came to `want`, with the
 * figures every such sentence cites (hashes, cells, runs, missing and the
 * kinds of cells) and the note "output", what was hashed. */
static int verdictOutputCells(verdictCtx *x, verdictOutputState want) {
    const summary *s = x->s;
    const unsigned prog = SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS;
    const char *what = x->t->output_what ? x->t->output_what : "stdout";
    char sums[20];
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *gi = &s->g[i];
        if (!verdictIsThreads(gi)) continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = verdictIsThreads(&s->g[j]) && summaryKeySame(&s->g[j].key, &gi->key, prog);
        if (seen) continue;
        verdictOutput o;
        verdictOutputOf(s, gi, what, &o);
        if (o.state != want) continue;
        verdict *v = verdictFoundOn(x, x->ck->level, gi, prog);
        if (!v ||
            verdictAddFigs(v, FIGS({"hashes", (double)o.n}, {"cells", (double)o.cells},
                                   {"runs", (double)o.runs}, {"missing", (double)o.missing},
                                   {"default_cells", (double)o.default_cells},
                                   {"idle_cells", (double)o.idle_cells},
                                   {"loaded_cells", (double)o.loaded_cells})) ||
            verdictAddNote(v, "output", "%s", what))
            return -1;
        if (want == VERDICT_OUT_SAME) {
            verdictFmtSums(o.hashes, 1, sums, sizeof sums);
            if (verdictAddNote(v, "hash", "%s", sums)) return -1;
        } else if (want == VERDICT_OUT_DIFFERS && verdictOutputNameCells(s, gi, v)) return -1;
    }
    return 0;
}

/* What was hashed, from v's note "output": "stdout", "the file written to
 * {out}" or the --check-file path. */
static const char *verdictOutputSaid(const verdict *v) {
    const char *what = verdictNoteOf(v, "output");
    if (!verdictIsFileOutput(what)) return "stdout";
    return strcmp(what, "{out}") == 0 ? "the file written to {out}" : what;
}

/* "all 4 cells (each width and the default, idle and loaded)": only the
 * kinds of cells the program had (no default cell when ARGS hold {width}). */
static void verdictSayCells(const verdict *v, FILE *f) {
    int idle = verdictFig(v, "idle_cells") > 0, loaded = verdictFig(v, "loaded_cells") > 0;
    fprintf(f, "all %.0f cells (each width%s%s%s)", verdictFig(v, "cells"),
            verdictFig(v, "default_cells") > 0 ? " and the default" : "",
            idle || loaded ? ", " : "",
            idle && loaded ? "idle and loaded"
            : idle         ? "idle"
            : loaded       ? "loaded"
                           : "");
}

/* Every cell with its hashes: "; <cell>: <hashes>" per cell_<i>, hashes_<i>;
 * the runs without the file, when it was a file and some were. */
int verdictOutputSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    const char *what = verdictNoteOf(v, "output");
    double n = verdictFig(v, "hashes"), missing = verdictFig(v, "missing");
    if (!verdictIsFileOutput(what)) fprintf(f, "%.0f different stdout hashes over its cells", n);
    else if (n == 1) fprintf(f, "one hash of %s over its cells", verdictOutputSaid(v));
    else fprintf(f, "%.0f different hashes of %s over its cells", n, verdictOutputSaid(v));
    if (missing > 0)
        fprintf(f, ", and %.0f of %.0f runs left no file at %s", missing,
                missing + verdictFig(v, "runs"), what);
    fputs(": its output depends on the width, the load or the run (if it prints times or is "
          "meant to, run with --no-check-output)",
          f);
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

/* Nothing to compare: every run's output empty, or no run left its file. */
int verdictUncheckedSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    const char *what = verdictNoteOf(v, "output");
    int file = verdictIsFileOutput(what), missing = verdictFig(v, "hashes") == 0;
    if (missing)
        fprintf(f, "not checked: no run left a file at %s, in any of the %.0f runs of ", what,
                verdictFig(v, "missing"));
    else if (!file) fputs("not checked: the program printed nothing, in every run of ", f);
    else fprintf(f, "not checked: the program wrote nothing to %s, in every run of ", what);
    verdictSayCells(v, f);
    fputs(missing ? ": there is nothing to compare"
          : file  ? "; an empty output's hash cannot differ"
                  : "; an empty output's hash cannot differ (what it writes to a file is checked "
                    "with {out} in ARGS or --check-file PATH)",
          f);
    return ferror(f) ? -1 : 0;
}

int verdictBitwiseSame(verdictCtx *x) {
    return verdictChecksumCells(x, 1) || verdictOutputCells(x, VERDICT_OUT_SAME) ? -1 : 0;
}

/* A workload's cell (its note "checksum") or a program's cells ("hash"). */
int verdictSameSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    const char *hash = verdictNoteOf(v, "hash"), *sum = verdictNoteOf(v, "checksum");
    if (hash && !verdictIsFileOutput(verdictNoteOf(v, "output")))
        fprintf(f, "stdout hash %s in every run of ", hash);
    else if (hash) fprintf(f, "hash %s of %s in every run of ", hash, verdictOutputSaid(v));
    if (hash) {
        verdictSayCells(v, f);
        fputs(": its output does not change", f);
    } else fprintf(f, "checksum %s idle and loaded: numbers unaffected (bitwise)", sum ? sum : "-");
    return ferror(f) ? -1 : 0;
}

int verdictOutputDiffers(verdictCtx *x) { return verdictOutputCells(x, VERDICT_OUT_DIFFERS); }

int verdictOutputUnchecked(verdictCtx *x) {
    return verdictOutputCells(x, VERDICT_OUT_EMPTY) || verdictOutputCells(x, VERDICT_OUT_MISSING)
               ? -1
               : 0;
}
