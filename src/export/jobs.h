/* jobs.h -- the jobs coldload runs, one row each: what makes a results
 * directory a report's, a cold-only job's, a threads job's, an A/B job's,
 * a bisect job's or a history job's, and everything that differs between them once its results are read --
 * the plans its harness asks for between rounds, its report's sections and
 * questions, its results.json answers, what hyperfine.json leaves out.
 * A new job (a new question) is a new row here, an id in model/meta.h's
 * metaJob, its harness script and its answer's code (docs/architecture.md,
 * "Adding a question").
 *
 * Above doc/ and export/ (the row names their functions); model/meta.h
 * keeps only the job's identity (metaJobOf), and what the verdicts need of
 * the row is handed down as data (reportJob.asks: verdict/answer.h's
 * answerAsks), so no layer below tests which job it was. The plans' table is here too:
 * each plan kind of export/plan.h with how coldload-summarize's flag reads
 * its value and the writer of its rows. */
#ifndef COLDLOAD_JOBS_H
#define COLDLOAD_JOBS_H

#include <stdio.h>

#include "doc/section.h"
#include "export/json.h"
#include "export/plan.h"
#include "model/meta.h"
#include "model/summary.h"
#include "results/results.h"

#define JOB_PLANS_MAX 3

typedef struct jobRow {
    metaJob id;          /* its meta.txt job= name: metaJobNames[id] */
    const char *harness; /* the script that runs it */
    /* its make target's synopsis, one line (its mk/ file header's, joined;
     * tests/unit/test_export.c keeps them one) */
    const char *usage;
    planKindId plans[JOB_PLANS_MAX]; /* the plans its harness asks for; PLAN_NKINDS ends */
    reportJob report;                /* its report's sections and questions */
    jsonAnswersFn answers;           /* results.json's answers */
    /* hyperfine.json: 1 leaves the cell g out (NULL: none left out) */
    int (*hyperfineLeavesOut)(const summaryGroup *g);
    /* hyperfine.json withheld: the side that failed in every run (at
     * *width), -1 when written (NULL: always written) */
    int (*hyperfineWithheld)(const summary *s, int *width);
    /* NULL: the C tools read its directory (coldload-summarize writes its
     * report). Else its harness writes its report itself (bisect.sh,
     * history.sh: bash and jq, over the ab jobs in its ab/), and this says
     * so: the C tools refuse its directory (jobRefusesDir). */
    const char *ownReport;
} jobRow;

extern const jobRow jobRows[META_NJOBS];

/* The row of the job that made the directory of meta m (NULL: the report's). */
const jobRow *jobOf(const metaTable *m);

/* 1 when dir/meta.txt names a job whose report is its harness's own
 * (jobRow.ownReport): err then says so in one line, naming the job, for
 * coldload-summarize and coldload-compare to refuse dir with (exit 2).
 * 0 otherwise -- a meta.txt that cannot be read included: the loader
 * says why then. */
int jobRefusesDir(const char *dir, char *err, size_t errlen);

/* The charts whose bit (1 << i) is set in made (export/chartdata's
 * chartdataCharts[i], as its exportFn sets them) as the report shows them
 * (doc/section.h's reportChart), into out[0..cap) in the report's order;
 * returns how many. Here, above both: export/ knows no document's types. */
size_t jobChartsShown(unsigned made, reportChart *out, size_t cap);

/* --- the plans ------------------------------------------------------------------------------ */

/* What a plan's flag was given: its value (a fraction, a remedy mode), the
 * tags it is asked for (condition, load, stressors, copy; NULL any). */
typedef struct jobPlanAsk {
    double value;
    int mode;
    const char *want[4];
    const char *dir; /* the results directory (a plan that reads it itself) */
} jobPlanAsk;

typedef enum {
    JOB_PLAN_NO_VALUE, /* --decided, --threads-decided */
    JOB_PLAN_FRACTION, /* a number in [0, 1] */
    JOB_PLAN_REMEDIES  /* auto or all */
} jobPlanValue;

typedef struct jobPlan {
    jobPlanValue value;
    int loads;        /* 1: written from the directory as results.h loads it; 0: reads it itself */
    planWriter write; /* writes the plan to f (export/plan.h) */
} jobPlan;

/* By plan kind (export/plan.h's planKinds names each one's flag). */
extern const jobPlan jobPlans[PLAN_NKINDS];

#endif
