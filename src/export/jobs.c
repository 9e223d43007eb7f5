/* jobs.c -- the jobs' table and the plans' (see jobs.h). */
#include "export/jobs.h"

#include <stdlib.h>
#include <string.h>

#include "export/chartdata.h"
#include "verdict/answer.h"
#include "verdict/answerab.h"
#include "verdict/remedy.h"

/* An A/B job's A/A arm (side A2): left out of hyperfine.json, which holds
 * the job's two commands as hyperfine's two-command readers
 * (welch_ttest.py) take them; the arm is in runs.csv and results.json. */
static int jobAbAaArm(const summaryGroup *g) {
    return g->key.workload && strcmp(g->key.workload, answerAbSideName[ANSWER_AB_A2]) == 0;
}

/* A report's sections in order, and their count. */
#define JOB_SECTIONS(...) \
    .nsections = sizeof((reportSectionId[]){__VA_ARGS__}) / sizeof(reportSectionId), \
    .sections = {__VA_ARGS__}

/* The sections every job's report ends with. */
#define JOB_REPORT_TAIL REPORT_VERDICTS, REPORT_SUMMARY, REPORT_RUNS, REPORT_META, REPORT_END

const jobRow jobRows[META_NJOBS] = {
    [META_JOB_REPORT] = {.id = META_JOB_REPORT,
                         .harness = "harness/report.sh",
                         .usage = "make report [QUICK=1] [OUT=DIR] [LOAD=pinned|free|both] "
                                  "[PROCS=K] [SEED=N] [WIDTHS=\"1 2\"] [STRESSORS=S] "
                                  "[BUDGET=SECONDS] [SCAN=1|0] [EXPORT_HYPERFINE=FILE]",
                         .plans = {PLAN_DECIDED, PLAN_FIRSTRUN_DECIDED, PLAN_NKINDS},
                         .report = {JOB_SECTIONS(REPORT_HEAD, REPORT_ANSWERS, REPORT_CHARTS,
                                                 REPORT_COLD, REPORT_FIRSTRUN, REPORT_SCAN,
                                                 JOB_REPORT_TAIL),
                                    .answer_first = ANSWER_FIRST_RUN, .nanswers = ANSWER_QUESTIONS,
                                    .asks = ANSWER_ASKS_BOTH},
                         .answers = jsonAnswersQuestions},
    [META_JOB_COLD] = {.id = META_JOB_COLD,
                       .harness = "harness/coldreport.sh",
                       .usage = "make cold BINARY=PROG [ARGS=\"...\"] [OUT=DIR] [QUICK=1] "
                                "[EXPORT_HYPERFINE=FILE]",
                       .plans = {PLAN_NKINDS},
                       .report = {JOB_SECTIONS(REPORT_HEAD, REPORT_ANSWERS, REPORT_CHARTS,
                                               REPORT_COLD, REPORT_FIRSTRUN, JOB_REPORT_TAIL),
                                  .answer_first = ANSWER_FIRST_RUN, .nanswers = 1, .own_program = 1,
                                  .asks = ANSWER_ASKS_FIRST_RUN},
                       .answers = jsonAnswersQuestions},
    [META_JOB_THREADS] = {.id = META_JOB_THREADS,
                          .harness = "harness/threads.sh",
                          .usage = "make threads BINARY=PROG [ARGS=\"...\"] [WIDTHS=\"1 2\"] "
                                   "[LOAD=pinned|free|both|quota|all] [PROCS=K] [QUICK=1] "
                                   "[OUT=DIR] [SEED=N] [BUDGET=SECONDS] [CHECK_FILE=PATH] "
                                   "[EXPORT_HYPERFINE=FILE]",
                          .plans = {PLAN_THREADS_DECIDED, PLAN_THREADS_REMEDIES, PLAN_NKINDS},
                          .report = {JOB_SECTIONS(REPORT_HEAD, REPORT_ANSWERS, REPORT_CHARTS,
                                                  REPORT_THREADS, JOB_REPORT_TAIL),
                                     .answer_first = ANSWER_THREADS, .nanswers = 1,
                                     .own_question = 1, .own_program = 1,
                                     .asks = ANSWER_ASKS_OWN_THREADS},
                          .answers = jsonAnswersThreadsJob},
    [META_JOB_AB] = {.id = META_JOB_AB,
                     .harness = "harness/ab.sh",
                     .usage = "make ab A=\"CMD ARGS\" B=\"CMD ARGS\" [WIDTHS=\"1 2\"] "
                              "[LOAD=none|pinned|free] [QUICK=1] [COLD=1] [OUT=DIR] [SEED=N] "
                              "[TOTAL=SECONDS] [BUDGET=SECONDS] [STRESSORS=S] "
                              "[EXPORT_HYPERFINE=FILE] [HARNESS_ARGS=\"...\"]",
                     .plans = {PLAN_AB_DECIDED, PLAN_NKINDS},
                     .report = {JOB_SECTIONS(REPORT_HEAD, REPORT_AB, REPORT_CHARTS,
                                             JOB_REPORT_TAIL),
                                .own_program = 1},
                     .answers = jsonAnswersAb,
                     .hyperfineLeavesOut = jobAbAaArm,
                     .hyperfineWithheld = answerAbAllFailed},
    /* bisect.sh and history.sh write their reports themselves: no report,
     * plans or answers of the C tools (their ab jobs in ab/ have them) */
    [META_JOB_BISECT] = {.id = META_JOB_BISECT,
                         .harness = "harness/bisect.sh",
                         .usage = "make bisect REPO=DIR GOOD=REV BAD=REV BUILD=\"CMD\" RUN=\"CMD\" "
                                  "[LOAD=none|pinned|free] [WIDTHS=\"1 2\"] [COLD=1] [QUICK=1] "
                                  "[OUT=DIR] [SEED=N] [BUDGET=SECONDS] [HARNESS_ARGS=\"...\"]",
                         .plans = {PLAN_NKINDS},
                         .ownReport = "its report.md and results.json are harness/bisect.sh's; "
                                      "each comparison's directory in its ab/ is an A/B job's"},
    [META_JOB_HISTORY] = {.id = META_JOB_HISTORY,
                          .harness = "harness/history.sh",
                          .usage = "make history REPO=DIR REVS=\"A..B\" BUILD=\"CMD\" RUN=\"CMD\" "
                                   "[EVERY=K] [LOAD=none|pinned|free] [WIDTHS=\"1 2\"] [QUICK=1] "
                                   "[OUT=DIR] [AGAIN=1] [SEED=N] [TOTAL=SECONDS] [BUDGET=SECONDS] "
                                   "[HARNESS_ARGS=\"...\"]",
                          .plans = {PLAN_NKINDS},
                          .ownReport = "its report.md, report.html and results.json are "
                                       "harness/history.sh's; each job's directory in its ab/ is "
                                       "an A/B job's"},
};

const jobRow *jobOf(const metaTable *m) { return &jobRows[metaJobOf(m)]; }

int jobRefusesDir(const char *dir, char *err, size_t errlen) {
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/meta.txt", dir) >= sizeof path) return 0;
    metaTable m;
    if (metaRead(&m, path, err, errlen) != 0) { /* the loader says why */
        metaFree(&m);
        if (errlen) err[0] = '\0';
        return 0;
    }
    const jobRow *job = jobOf(&m);
    if (job->ownReport)
        snprintf(err, errlen, "%s: a %s job's directory (meta.txt job=%s): %s", dir,
                 metaJobNames[job->id], metaJobNames[job->id], job->ownReport);
    metaFree(&m);
    return job->ownReport != NULL;
}

size_t jobChartsShown(unsigned made, reportChart *out, size_t cap) {
    size_t n = 0;
    for (size_t c = 0; c < chartdataNCharts && n < cap; c++)
        if (made & (1u << c))
            out[n++] = (reportChart){chartdataCharts[c].name, chartdataCharts[c].title,
                                     chartdataCharts[c].howto};
    return n;
}

/* --- the plans ------------------------------------------------------------------------------ */

static int jobPlanDecided(const results *r, const jobPlanAsk *a, FILE *f, char *err,
                          size_t errlen) {
    (void)err, (void)errlen;
    return planWriteDecided(&r->s, &r->t, a->want, f);
}

static int jobPlanThreadsDecided(const results *r, const jobPlanAsk *a, FILE *f, char *err,
                                 size_t errlen) {
    (void)err, (void)errlen;
    return planWriteThreadsDecided(&r->s, a->want[1], a->want[2], f);
}

/* the first-run pairs' stopping rule (firstrun.sh): firstrun.csv read here */
static int jobPlanFirstrun(const results *r, const jobPlanAsk *a, FILE *f, char *err,
                           size_t errlen) {
    (void)r;
    firstrun fr;
    if (resultsLoadFirstrun(&fr, a->dir, err, errlen) != 0) return PLAN_BAD_INPUT;
    int rc = planWriteFirstrunDecided(&fr, a->value, f);
    firstrunFree(&fr);
    return rc;
}

/* threads.sh's question after a level's rounds */
static int jobPlanRemedies(const results *r, const jobPlanAsk *a, FILE *f, char *err,
                           size_t errlen) {
    if (!a->want[1] || !a->want[2]) {
        snprintf(err, errlen, "--threads-remedies needs --load and --stressors");
        return PLAN_BAD_INPUT;
    }
    remedyPlanOf plan;
    return remedyPlan(&r->s, &r->meta, a->want[1], a->want[2], a->mode, &plan) != 0
               ? -1
               : planWriteRemedies(&plan, f);
}

/* ab.sh's question after a block */
static int jobPlanAb(const results *r, const jobPlanAsk *a, FILE *f, char *err, size_t errlen) {
    (void)err, (void)errlen;
    answerAb *ab;
    size_t n;
    int rc = answerAbAll(&r->s, a->value, &ab, &n);
    if (rc == 0) rc = planWriteAb(ab, n, f);
    free(ab);
    return rc;
}

const jobPlan jobPlans[PLAN_NKINDS] = {
    [PLAN_DECIDED] = {JOB_PLAN_NO_VALUE, 1, jobPlanDecided},
    [PLAN_THREADS_DECIDED] = {JOB_PLAN_NO_VALUE, 1, jobPlanThreadsDecided},
    [PLAN_FIRSTRUN_DECIDED] = {JOB_PLAN_FRACTION, 0, jobPlanFirstrun},
    [PLAN_THREADS_REMEDIES] = {JOB_PLAN_REMEDIES, 1, jobPlanRemedies},
    [PLAN_AB_DECIDED] = {JOB_PLAN_FRACTION, 1, jobPlanAb},
};
