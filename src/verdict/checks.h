/* checks.h -- what the check functions share, inside the verdict module:
 * the run's context, the helpers that record a verdict's data, every check
 * function verdictChecks (verdict.c) names and how each says its finding. The
 * checks live one file per question (verdictcold, verdictload, verdictplace,
 * verdictoutput, verdictwait, verdictwarmup); this header is not the module's API
 * (verdict.h is), only the seam between its files. */
#ifndef COLDLOAD_VERDICT_CHECKS_H
#define COLDLOAD_VERDICT_CHECKS_H

#include <stdarg.h>
#include <stdio.h>

#include "verdict/verdict.h"

/* A run of the checks: what every check function gets. */
struct verdictCtx {
    const summary *s;
    const verdictThresholds *t;
    verdictList *out;
    /* per group: a verdict of a check with `explains` (contention, bimodal,
     * placement) accounts for it; read by the checks naming them in `after` */
    unsigned char *explained;
    const verdictCheck *ck; /* the check running (its id names the verdicts) */
};

/* The figures of a verdict: FIGS({"first_ms", g->first_ms}, {"ratio", r}). */
#define FIGS(...) \
    (const verdictFigure[]){__VA_ARGS__}, \
        sizeof((const verdictFigure[]){__VA_ARGS__}) / sizeof(verdictFigure)

/* Short aliases for the figures every text prints. */
#define MS(x) summaryFmtMs((x), (char[32]){0}, 32)

/* A verdict of x's check on the parts `parts` (SUMMARY_K_*) of g's key, its
 * figures and notes still to add, its sentence not yet said: verdictRun says
 * it at the end, from its data, with the check's say (or its sentence). NULL
 * when out of memory. The pointer is good until the next verdict is found. */
verdict *verdictFoundOn(verdictCtx *x, verdictLevel lv, const summaryGroup *g, unsigned parts);
/* Adds figures to v: fig[0..n), or one whose name fmt makes ("median_ms_w%d").
 * The names are copied. -1 when out of memory. */
int verdictAddFigs(verdict *v, const verdictFigure *fig, size_t n);
__attribute__((format(printf, 3, 4))) int verdictAddFig(verdict *v, double value, const char *fmt,
                                                        ...);
/* Adds a note to v: its text as fmt makes it. -1 when out of memory. */
__attribute__((format(printf, 3, 4))) int verdictAddNote(verdict *v, const char *name,
                                                         const char *fmt, ...);

/* A verdict of x's check on group g (all of its key) with its figures: -1
 * when out of memory. */
int verdictFound(verdictCtx *x, verdictLevel lv, const summaryGroup *g, const verdictFigure *fig,
                 size_t nfig);

/* The load a group's samples saw, from v's figures procs_median,
 * load1_median and psi_some_pct: "; procs_running median 3, load1 median
 * 2.10, ..." or "" (verdictload.c; spread and loaded-slow cite it). */
const char *verdictLoadSeen(const verdict *v, char *buf, size_t len);

/* How the checks' findings are said (verdictChecks' say), by file. */
int verdictFirstRunSay(const verdict *v, const verdictThresholds *t, FILE *f);    /* cold */
int verdictNotableSay(const verdict *v, const verdictThresholds *t, FILE *f);     /* cold */
int verdictSpreadSay(const verdict *v, const verdictThresholds *t, FILE *f);      /* load */
int verdictLoadedSlowSay(const verdict *v, const verdictThresholds *t, FILE *f);  /* load */
int verdictIdleBusySay(const verdict *v, const verdictThresholds *t, FILE *f);    /* load */
int verdictLoadedFirstSay(const verdict *v, const verdictThresholds *t, FILE *f); /* place */
int verdictNoWaitSay(const verdict *v, const verdictThresholds *t, FILE *f);      /* wait */
int verdictWarmupSay(const verdict *v, const verdictThresholds *t, FILE *f);      /* warmup */
int verdictColdStartSay(const verdict *v, const verdictThresholds *t, FILE *f);   /* cold */
int verdictContentionSay(const verdict *v, const verdictThresholds *t, FILE *f);  /* load */
int verdictBimodalSay(const verdict *v, const verdictThresholds *t, FILE *f);     /* place */
int verdictPlacementSay(const verdict *v, const verdictThresholds *t, FILE *f);   /* place */
int verdictChecksumSay(const verdict *v, const verdictThresholds *t, FILE *f);    /* output */
int verdictOutputSay(const verdict *v, const verdictThresholds *t, FILE *f);      /* output */
int verdictSameSay(const verdict *v, const verdictThresholds *t, FILE *f);        /* output */
int verdictUncheckedSay(const verdict *v, const verdictThresholds *t, FILE *f);   /* output */
int verdictWaitsSay(const verdict *v, const verdictThresholds *t, FILE *f);       /* why */
int verdictSpinsSay(const verdict *v, const verdictThresholds *t, FILE *f);       /* why */
int verdictWakeUpsSay(const verdict *v, const verdictThresholds *t, FILE *f);     /* why */

/* The checks, one per row of verdictChecks, by the file of their question. */
int verdictFirstRun(verdictCtx *x);        /* verdictcold.c */
int verdictFirstRunNotable(verdictCtx *x); /* verdictcold.c */
int verdictColdStart(verdictCtx *x);       /* verdictcold.c */
int verdictSpread(verdictCtx *x);          /* verdictload.c */
int verdictContention(verdictCtx *x);      /* verdictload.c */
int verdictLoadedSlow(verdictCtx *x);      /* verdictload.c */
int verdictIdleBusy(verdictCtx *x);        /* verdictload.c */
int verdictBimodal(verdictCtx *x);         /* verdictplace.c */
int verdictFreeLoad(verdictCtx *x);        /* verdictplace.c */
int verdictLoadedFirst(verdictCtx *x);     /* verdictplace.c */
int verdictChecksumDiffers(verdictCtx *x); /* verdictoutput.c */
int verdictOutputDiffers(verdictCtx *x);   /* verdictoutput.c */
int verdictBitwiseSame(verdictCtx *x);     /* verdictoutput.c */
int verdictOutputUnchecked(verdictCtx *x); /* verdictoutput.c */
int verdictNoWait(verdictCtx *x);          /* verdictwait.c */
int verdictWaitsForCpu(verdictCtx *x);     /* verdictwhy.c */
int verdictSpins(verdictCtx *x);           /* verdictwhy.c */
int verdictWakeUps(verdictCtx *x);         /* verdictwhy.c */
int verdictWarmup(verdictCtx *x);          /* verdictwarmup.c */

#endif
