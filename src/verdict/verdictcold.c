/* verdictcold.c -- the checks that ask "does the first run cost?":
 * first-run and first-run-notable (the first call against the steady min)
 * and cold-start (each copy kind's whole process against the same copy). */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/num.h"
#include "common/stats.h"
#include "verdict/checks.h"

/* first-run (first/min >= first_min) or, notable, first-run-notable (between
 * the two thresholds). A loaded group's first call is loaded-first's: the
 * load's part in it is not the cold start's. */
static int verdictFirstRunAt(verdictCtx *x, int notable) {
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < x->s->n; i++) {
        const summaryGroup *g = &x->s->g[i];
        double r = g->first_over_min;
        if (summaryIsLoaded(g) || isnan(r) || r < t->first_min_notable ||
            (r >= t->first_min) == notable)
            continue;
        const verdictFigure fig[] = {{"first_ms", g->first_ms},
                                     {"min_ms", g->min_ms},
                                     {"first_over_min", r},
                                     {"threshold", notable ? t->first_min_notable : t->first_min},
                                     {"first_majflt", g->first_majflt},
                                     {"first_minflt", g->first_minflt}};
        int rc = verdictFound(x, notable ? VERDICT_NOTE : VERDICT_WARN, g, fig,
                              sizeof fig / sizeof fig[0]);
        if (rc) return -1;
    }
    return 0;
}

int verdictFirstRun(verdictCtx *x) { return verdictFirstRunAt(x, 0); }
int verdictFirstRunNotable(verdictCtx *x) { return verdictFirstRunAt(x, 1); }

/* "first 1.000 ms vs steady min 0.010 ms" and the page faults, when the
 * first run took major ones: what both first-run sentences cite. */
static void verdictFirstVsMin(const verdict *v, FILE *f) {
    fprintf(f, "first %s ms vs steady min %s ms", MS(verdictFig(v, "first_ms")),
            MS(verdictFig(v, "min_ms")));
}
static void verdictFaults(const verdict *v, FILE *f) {
    double maj = verdictFig(v, "first_majflt");
    if (maj > 0)
        fprintf(f, "; the first run took %g major and %g minor page faults", maj,
                verdictFig(v, "first_minflt"));
}

int verdictFirstRunSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    verdictFirstVsMin(v, f);
    fprintf(f, " = %.0fx (>= %g)", verdictFig(v, "first_over_min"), verdictFig(v, "threshold"));
    verdictFaults(v, f);
    fputs(": the first run must not go into an average; time it apart, report min and median of "
          "the rest",
          f);
    return ferror(f) ? -1 : 0;
}

int verdictNotableSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    verdictFirstVsMin(v, f);
    fprintf(f, " = %.1fx (>= %g, < %g)", verdictFig(v, "first_over_min"),
            verdictFig(v, "threshold"), t->first_min);
    verdictFaults(v, f);
    fputs(": notable; keep it out of averages too", f);
    return ferror(f) ? -1 : 0;
}

/* --- cold-start: why a copy's whole process is slower than the same copy again --- */

/* "+6.000 ms" or "-0.950 ms": a difference of medians. */
static const char *verdictDelta(double d, char *buf, size_t len) {
    char m[32];
    snprintf(buf, len, "%s%s ms", d < 0 ? "-" : "+", summaryFmtMs(fabs(d), m, sizeof m));
    return buf;
}
#define DELTA(d) verdictDelta((d), (char[40]){0}, 40)

/* Everything but the copy: the copy kinds of one cold measurement. */
static int verdictSameButCopy(const summaryGroup *a, const summaryGroup *b) {
    return summaryKeySame(&a->key, &b->key, SUMMARY_K_ALL & ~SUMMARY_K_COPY);
}

/* A group's major faults for the comparison with the same copy: the whole
 * process's (GNU time: the loader and the libraries included) when known,
 * else the first run's in the process; NAN when neither was recorded. */
static double verdictMajflt(const summaryGroup *g) {
    return !isnan(g->whole_majflt) ? g->whole_majflt : g->first_majflt;
}

enum { COLD_SAME, COLD_FRESH, COLD_EVICTED, COLD_DROPCACHE, COLD_N };
/* The check's order of the copy kinds (same first: the baseline). */
static const int verdictColdCopy[COLD_N] = {SUMMARY_COPY_SAME, SUMMARY_COPY_FRESH,
                                            SUMMARY_COPY_EVICTED, SUMMARY_COPY_DROPCACHE};
#define verdictColdName(k) summaryCopies[verdictColdCopy[k]].name

/* What one kind's figures say against the same copy's. */
typedef struct verdictColdCase {
    const summaryGroup *g; /* NULL: the kind was not run (in a say: present or not) */
    double extra, maj;
    int slow;     /* median above every whole run of the same copy */
    int more_maj; /* more major faults than the same copy (-1: not recorded) */
} verdictColdCase;

/* "29.340 ms (evicted) and 26.184 ms (dropcache)", "13 (evicted) and 57 (dropcache)" over
 * the kinds in mask; kinds named only when there is more than one. Faults equal in every
 * kind are printed once: returns " each" then (for after the noun), else "". */
static const char *verdictColdList(FILE *f, const verdictColdCase *c, unsigned mask, int faults) {
    size_t n = 0, total = 0;
    int all_equal = 1, k0 = -1;
    for (int k = 0; k < COLD_N; k++) {
        if (!(mask >> k & 1)) continue;
        total++;
        if (k0 < 0) k0 = k;
        else if (c[k].maj != c[k0].maj) all_equal = 0;
    }
    if (faults && all_equal) {
        fprintf(f, "%g", c[k0].maj);
        return total > 1 ? " each" : "";
    }
    for (int k = 0; k < COLD_N; k++) {
        if (!(mask >> k & 1)) continue;
        n++;
        fprintf(f, "%s", n == 1 ? "" : n == total ? " and " : ", ");
        if (faults) fprintf(f, "%g", c[k].maj);
        else fprintf(f, "%s ms", MS(c[k].extra));
        if (total > 1) fprintf(f, " (%s)", verdictColdName(k));
    }
    return "";
}

/* " of the evicted copy" for one kind; nothing for several (the list names them). */
static const char *verdictColdOf(unsigned mask) {
    return mask == (1u << COLD_EVICTED)     ? " of the evicted copy"
           : mask == (1u << COLD_DROPCACHE) ? " of the run after dropping the page cache"
                                            : "";
}

static const char *verdictColdWho(unsigned mask) {
    return mask == (1u << COLD_EVICTED)     ? "the evicted copy"
           : mask == (1u << COLD_DROPCACHE) ? "the run after dropping the page cache"
                                            : "the evicted and dropped-cache runs";
}

/* The explanation: one clause per kind of evidence among evicted/dropcache,
 * then what a fresh copy costs. Each clause only where the figures show it. */
static void verdictColdWhy(FILE *f, const verdictColdCase *c, double same_max_ms) {
    unsigned disk = 0, slow_nomaj = 0, maj_fast = 0, none = 0;
    for (int k = COLD_EVICTED; k <= COLD_DROPCACHE; k++) {
        if (!c[k].g) continue;
        unsigned bit = 1u << k;
        if (c[k].slow && c[k].more_maj == 1) disk |= bit;
        else if (c[k].slow) slow_nomaj |= bit;
        else if (c[k].more_maj == 1) maj_fast |= bit;
        else none |= bit;
    }
    const char *sep = ": ";
    if (disk) {
        fprintf(f, "%sthe extra ", sep);
        verdictColdList(f, c, disk, 0);
        fprintf(f, "%s come with ", verdictColdOf(disk));
        const char *each = verdictColdList(f, c, disk, 1);
        fprintf(f,
                " major page faults%s (same copy: %g): the binary and its shared libraries "
                "are read from disk because they were not in the page cache",
                each, isnan(c[COLD_SAME].maj) ? 0 : c[COLD_SAME].maj);
        sep = "; ";
    }
    if (slow_nomaj) {
        fprintf(f, "%sthe extra ", sep);
        verdictColdList(f, c, slow_nomaj, 0);
        fprintf(f, "%s come %s", verdictColdOf(slow_nomaj),
                c[__builtin_ctz(slow_nomaj)].more_maj < 0
                    ? "with no major page faults recorded: they cannot be attributed here"
                    : "without more major page faults than the same copy: not reads from "
                      "disk");
        sep = "; ";
    }
    if (maj_fast) {
        fprintf(f, "%s%s took ", sep, verdictColdWho(maj_fast));
        const char *each = verdictColdList(f, c, maj_fast, 1);
        fprintf(f,
                " major page faults%s but no time above the same copy's slowest run (%s ms): "
                "reading them from disk cost nothing measurable here",
                each, MS(same_max_ms));
        sep = "; ";
    }
    if (none) {
        fprintf(f,
                "%sthe cold-start cost was not observed for %s: no time above the same "
                "copy's slowest run (%s ms) and %s",
                sep, verdictColdWho(none), MS(same_max_ms),
                c[__builtin_ctz(none)].more_maj < 0
                    ? "no major page faults recorded"
                    : "no more major page faults, so the pages were probably still cached");
        sep = "; ";
    }
    const verdictColdCase *fr = &c[COLD_FRESH];
    if (!fr->g) return;
    if (!fr->slow && fr->more_maj != 1) {
        if (fr->extra > 0)
            fprintf(f, "%sa fresh copy costs only %s ms more than the same copy", sep,
                    MS(fr->extra));
        else
            fprintf(f, "%sa fresh copy is no slower than the same copy (%s)", sep,
                    DELTA(fr->extra));
        if (fr->more_maj == 0) fprintf(f, " because copying leaves it in the page cache");
    } else if (fr->slow && fr->more_maj == 1) {
        fprintf(f,
                "%sa fresh copy costs %s ms more than the same copy, with %g major page "
                "faults: the new file was read from disk, copying did not leave it cached",
                sep, MS(fr->extra), fr->maj);
    } else if (fr->slow) {
        fprintf(f, "%sa fresh copy costs %s ms more than the same copy %s", sep, MS(fr->extra),
                fr->more_maj < 0 ? "(no major page faults recorded)"
                                 : "without more major page faults: a cost of running a new "
                                   "file, not of reading it from disk");
    } else {
        fprintf(f,
                "%sa fresh copy took %g major page faults but no time above the same "
                "copy's slowest run",
                sep, fr->maj);
    }
}

/* The figures of kind k's group g: "<kind>_majflt" (the comparison's,
 * verdictMajflt), the whole process's and the first run's, and against the
 * same copy (not for same itself) "<kind>_slow" and "<kind>_more_majflt"
 * (NAN: no major faults recorded). */
static int verdictColdFigs(verdict *v, int k, const verdictColdCase *c) {
    const char *n = verdictColdName(k);
    const summaryGroup *g = c->g;
    return verdictAddFig(v, c->maj, "%s_majflt", n) ||
                   verdictAddFig(v, g->whole_majflt, "%s_whole_majflt", n) ||
                   verdictAddFig(v, g->whole_minflt, "%s_whole_minflt", n) ||
                   verdictAddFig(v, g->first_ms, "%s_first_ms", n) ||
                   verdictAddFig(v, g->first_majflt, "%s_first_majflt", n) ||
                   verdictAddFig(v, g->first_minflt, "%s_first_minflt", n) ||
                   (k != COLD_SAME &&
                    (verdictAddFig(v, c->slow, "%s_slow", n) ||
                     verdictAddFig(v, c->more_maj < 0 ? NAN : c->more_maj, "%s_more_majflt", n)))
               ? -1
               : 0;
}

int verdictColdStart(verdictCtx *x) {
    const summary *s = x->s;
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *same = &s->g[i];
        if (!summaryIsCopy(same, SUMMARY_COPY_SAME) || isnan(same->whole_median_ms) ||
            same->whole_median_ms <= 0)
            continue;
        verdictColdCase c[COLD_N] = {{0}};
        c[COLD_SAME].g = same;
        c[COLD_SAME].maj = verdictMajflt(same);
        size_t nkinds = 0;
        for (size_t j = 0; j < s->n; j++) {
            const summaryGroup *g = &s->g[j];
            if (j == i || !verdictSameButCopy(same, g) || isnan(g->whole_median_ms)) continue;
            for (int k = COLD_FRESH; k < COLD_N; k++)
                if (summaryIsCopy(g, verdictColdCopy[k]) && !c[k].g) {
                    c[k].g = g;
                    nkinds++;
                }
        }
        if (nkinds == 0) continue;
        double same_maj = isnan(c[COLD_SAME].maj) ? 0 : c[COLD_SAME].maj, worst = 0;
        int worst_k = -1;
        for (int k = COLD_FRESH; k < COLD_N; k++) {
            verdictColdCase *x = &c[k];
            if (!x->g) continue;
            x->extra = x->g->whole_median_ms - same->whole_median_ms;
            x->slow = x->g->whole_median_ms > same->whole_max_ms;
            x->maj = verdictMajflt(x->g);
            x->more_maj = isnan(x->maj) ? -1 : x->maj > same_maj;
            double r = x->g->whole_median_ms / same->whole_median_ms;
            if (worst_k < 0 || r > worst) worst = r, worst_k = k;
        }
        /* on every copy of same's key: described without its copy */
        verdict *v = verdictFoundOn(x, worst >= t->cold_same ? VERDICT_WARN : VERDICT_NOTE, same,
                                    SUMMARY_K_ALL & ~SUMMARY_K_COPY);
        if (!v ||
            verdictAddFigs(
                v,
                FIGS({"same_ms", same->whole_median_ms},
                     {"fresh_ms", c[COLD_FRESH].g ? c[COLD_FRESH].g->whole_median_ms : NAN},
                     {"evicted_ms", c[COLD_EVICTED].g ? c[COLD_EVICTED].g->whole_median_ms : NAN},
                     {"dropcache_ms",
                      c[COLD_DROPCACHE].g ? c[COLD_DROPCACHE].g->whole_median_ms : NAN},
                     {"slowest_over_same", worst}, {"threshold", t->cold_same},
                     {"same_max_ms", same->whole_max_ms})) ||
            verdictAddNote(v, "whole_tool", "%s", same->whole_tool ? same->whole_tool : "") ||
            verdictAddNote(v, "slowest", "%s", verdictColdName(worst_k)))
            return -1;
        for (int k = 0; k < COLD_N; k++)
            if (c[k].g && verdictColdFigs(v, k, &c[k])) return -1;
    }
    return 0;
}

/* The cases back from v's figures (verdictColdFigs), each kind present when
 * its "<kind>_ms" is. */
static void verdictColdCases(const verdict *v, verdictColdCase *c) {
    static const summaryGroup present; /* a kind's group, as a flag: no figure read from it */
    double same_ms = verdictFig(v, "same_ms");
    for (int k = 0; k < COLD_N; k++) {
        const char *n = verdictColdName(k);
        double ms = verdictFigf(v, "%s_ms", n), more = verdictFigf(v, "%s_more_majflt", n);
        c[k] = (verdictColdCase){isnan(ms) ? NULL : &present, ms - same_ms,
                                 verdictFigf(v, "%s_majflt", n), verdictFigf(v, "%s_slow", n) == 1,
                                 isnan(more) ? -1 : more == 1};
    }
}

/* Each kind against the same copy, the page faults, then what they mean. */
int verdictColdStartSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    verdictColdCase c[COLD_N];
    verdictColdCases(v, c);
    double same_ms = verdictFig(v, "same_ms");
    const char *tool = verdictNoteOf(v, "whole_tool"), *slowest = verdictNoteOf(v, "slowest");
    int warn = v->level >= VERDICT_WARN;
    fprintf(f, "whole process median (%s) same %s ms", tool ? tool : "", MS(same_ms));
    for (int k = COLD_FRESH; k < COLD_N; k++)
        if (c[k].g)
            fprintf(f, ", %s %s ms (%s, %.1fx)", verdictColdName(k), MS(same_ms + c[k].extra),
                    DELTA(c[k].extra), (same_ms + c[k].extra) / same_ms);
    fprintf(f, "; slowest %s = %.1fx same (%s %g)", slowest ? slowest : "?",
            verdictFig(v, "slowest_over_same"), warn ? ">=" : "<", verdictFig(v, "threshold"));
    /* Page faults: the whole process (GNU time), then the first run in it. */
    static const char *const head[2] = {
        "; page faults major/minor of the whole process (GNU time): ",
        "; first run in the process (ms, faults major/minor): "};
    for (int pass = 0; pass < 2; pass++) {
        const char *sep = head[pass];
        for (int k = 0; k < COLD_N; k++) {
            const char *n = verdictColdName(k);
            if (!c[k].g) continue;
            double maj = verdictFigf(v, pass ? "%s_first_majflt" : "%s_whole_majflt", n),
                   min = verdictFigf(v, pass ? "%s_first_minflt" : "%s_whole_minflt", n),
                   first = verdictFigf(v, "%s_first_ms", n);
            if (pass ? isnan(first) : isnan(maj)) continue;
            fprintf(f, "%s%s", sep, n);
            sep = ", ";
            if (pass) fprintf(f, " %s", MS(first));
            if (isnan(maj)) continue;
            fprintf(f, " %g/", maj);
            if (isnan(min)) fprintf(f, "-");
            else fprintf(f, "%g", min);
        }
    }
    verdictColdWhy(f, c, verdictFig(v, "same_max_ms"));
    if (warn)
        fprintf(f, ". A whole-process time is a cold or a warm start: time them apart and "
                   "say which");
    return ferror(f) ? -1 : 0;
}
