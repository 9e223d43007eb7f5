/* checks.h -- what the check functions share, inside the verdict module:
 * the run's context, the text a verdict is written into, the helpers that add
 * a verdict, and every check function verdictChecks (verdict.c) names. The
 * checks live one file per question (verdictcold, verdictload, verdictplace,
 * verdictoutput, verdictwait); this header is not the module's API
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
    unsigned char *explained; /* per group: a contention or bimodal verdict explains it */
    const verdictCheck *ck;   /* the check running (its id names the verdicts) */
};

/* A verdict's text is written into a memory stream: no length limit, so a
 * long params string or many widths never cut a citation short. What the
 * verdict is on and its figures ride along until verdictEnd. */
typedef struct verdictText {
    char *buf;
    size_t len;
    FILE *f;
    long at; /* where the finding starts (past "<subject>: "), 0 when no subject */
    const summaryGroup *g;
    unsigned parts;
    verdictFigure fig[VERDICT_FIGURES_MAX];
    size_t nfig;
} verdictText;

/* The figures of a verdict: FIGS({"first_ms", g->first_ms}, {"ratio", r}). */
#define FIGS(...) \
    (const verdictFigure[]){__VA_ARGS__}, \
        sizeof((const verdictFigure[]){__VA_ARGS__}) / sizeof(verdictFigure)


/* Short aliases for the figures every text prints. */
#define MS(x) summaryFmtMs((x), (char[32]){0}, 32)

/* A verdict's text: begin a stream, write the subject (label, or g described
 * when label is NULL) and ": ", record the figures, then end: the text
 * becomes a verdict of x's check. verdictEnd returns -1 when out of memory. */
FILE *verdictBegin(verdictText *v);
void verdictSubject(verdictText *v, const summaryGroup *g, unsigned parts, const char *label);
void verdictFigures(verdictText *v, const verdictFigure *fig, size_t n);
int verdictEnd(verdictCtx *x, verdictLevel lv, verdictText *v);

/* A verdict of x's check on group g with its figures, its sentence not yet
 * said: verdictRun says it at the end, from these data, with the check's say
 * (or its sentence). -1 when out of memory. */
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

/* A verdict of x's check on group g: "<g described>: <fmt...>" (g NULL: fmt
 * alone), citing the figures fig[0..nfig). */
__attribute__((format(printf, 6, 7))) int verdictAdd(verdictCtx *x, verdictLevel lv,
                                                     const summaryGroup *g,
                                                     const verdictFigure *fig, size_t nfig,
                                                     const char *fmt, ...);
/* A verdict on a cell of several groups: the parts of g's key, named by label. */
__attribute__((format(printf, 8, 9))) int verdictAddOn(verdictCtx *x, verdictLevel lv,
                                                       const summaryGroup *g, unsigned parts,
                                                       const char *label, const verdictFigure *fig,
                                                       size_t nfig, const char *fmt, ...);

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
int verdictNoWait(verdictCtx *x);          /* verdictwait.c */

#endif
