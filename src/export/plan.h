/* plan.h -- the plans: what coldload-summarize tells a harness between its
 * rounds (which cells are decided, what to run next), one format for all.
 *
 * A plan is a TSV table: its first line names the columns, each following
 * line is one row with a field for every column, tab-separated. A field is
 * one line of text without a tab (a tab, CR or LF in it is written as a
 * space). A plan with no rows is its header alone. The harness reads a plan
 * by column name (harness/lib/plan.sh, cl_plan_rows), so a new column never
 * shifts the others and a missing one is refused, never misread.
 *
 * The plans, one per flag of coldload-summarize (planKinds, in --help and
 * docs/verdicts.md), each written here and nowhere else. */
#ifndef COLDLOAD_PLAN_H
#define COLDLOAD_PLAN_H

#include <stddef.h>
#include <stdio.h>

#include "model/firstrun.h"
#include "model/summary.h"
#include "results/results.h"
#include "verdict/answerab.h"
#include "verdict/remedy.h"
#include "verdict/verdict.h"

#define PLAN_COLS_MAX 10

typedef enum {
    PLAN_DECIDED,          /* --decided: the stopping rule per group */
    PLAN_THREADS_DECIDED,  /* --threads-decided: per load level of a threads job */
    PLAN_FIRSTRUN_DECIDED, /* --firstrun-decided: per first-run part */
    PLAN_THREADS_REMEDIES, /* --threads-remedies: the remedies to run at a level */
    PLAN_AB_DECIDED,       /* --ab-decided: a row per width of an A/B job */
    PLAN_NKINDS
} planKindId;

typedef struct planKind {
    const char *flag;                    /* coldload-summarize's flag that writes it */
    const char *cols[PLAN_COLS_MAX + 1]; /* the header, in order, NULL-terminated */
    const char *what;                    /* one line: what a row is */
} planKind;

extern const planKind planKinds[PLAN_NKINDS];

/* The writer of a plan kind's rows, as its flag asked it (export/jobs.c's
 * jobPlans, by kind; a is a jobPlanAsk of export/jobs.h): 0, -1 out of
 * memory, -2 f failed, or PLAN_BAD_INPUT with err (bad input: exit 2). */
struct jobPlanAsk;
typedef int (*planWriter)(const results *r, const struct jobPlanAsk *a, FILE *f, char *err,
                          size_t errlen);
#define PLAN_BAD_INPUT (-12)

/* The header of plan k, then a row of the plan's column count of fields
 * (each a string; see above for what is written of it). 0, or -1 when f
 * fails. */
int planHead(FILE *f, planKindId k);
int planRow(FILE *f, planKindId k, const char *const *fields);

/* --help's paragraph on the plans: each flag with what a row is and its columns. */
void planUsage(FILE *f);

/* --decided: one row per group of s with the tags of want (condition, load,
 * stressors, copy; NULL: any) and a process median, the rule of
 * verdict/decide.h with the thresholds t. 0, -1 out of memory, -2 f failed. */
int planWriteDecided(const summary *s, const verdictThresholds *t, const char *const want[4],
                     FILE *f);
/* --threads-decided: one row per load level of the threads cells (those of
 * load and stressors when given). 0, -1 out of memory, -2 f failed. */
int planWriteThreadsDecided(const summary *s, const char *load, const char *stressors, FILE *f);
/* --firstrun-decided: one row per part a cell owns and measured, decided
 * to +-share_margin of the first run's extra. 0, or -2 f failed. */
int planWriteFirstrunDecided(const firstrun *fr, double share_margin, FILE *f);
/* --threads-remedies: one row per remedy of p that needs runs of its own.
 * 0, or -2 f failed. */
int planWriteRemedies(const remedyPlanOf *p, FILE *f);
/* --ab-decided: one row per answer of r[0..n) (a width each: `default`
 * for the commands as given). 0, or -2 f failed. */
int planWriteAb(const answerAb *r, size_t n, FILE *f);

#endif
