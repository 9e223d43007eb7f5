/* threadsdoc.h -- the report of a threads job (harness/threads.sh, meta
 * job=threads): "Do threads hurt PROG under full load here?", asked of one
 * program, answered from its cells (width x load, K runs each).
 *
 * The figures come from the summary's groups of the `threads` harness: per
 * cell the median run (the median of its processes' medians; one run is one
 * process) with a bootstrap 95% interval, its runs taken, failed and cut,
 * and its slowdown against the idle cell of the same width. The
 * recommendation is, per load level, the width with the lowest median; the
 * `default` cell (no width set) is set against it. The answer's sentence and
 * the section's tables come from one set of figures (threadsdocCells), so
 * they never disagree. */
#ifndef COLDLOAD_THREADSDOC_H
#define COLDLOAD_THREADSDOC_H

#include <stdio.h>

#include "doc/docfmt.h"
#include "model/meta.h"
#include "model/summary.h"
#include "verdict/answerthreads.h"

/* A cell's level ("idle", "pinned load (2 workers)", "a CPU quota of 1
 * CPU"), width ("2", "default"), and median run with its interval, each end
 * marked ">=" when only a lower bound ("-" without one), into buf. */
const char *threadsdocLevelName(const answerThreadsCell *c, char *buf, size_t len);
const char *threadsdocWidthName(const answerThreadsCell *c, char *buf, size_t len);
const char *threadsdocInterval(const answerThreadsCell *c, char *buf, size_t len);

/* Why g's runs took as long as they did, from the launcher's run figures
 * (verdictWhyOf): "waiting for a CPU X% of its median run, running Y%,
 * blocked Z% (its own cgroup's CPU pressure); its CPU time C ms against I
 * ms idle (see the waits-for-cpu, spins and wake-ups verdicts)" -- the
 * threads answer's Why and the report's loaded cells' alike. 0, nothing
 * written, when g has not the figures. */
int threadsdocWhySplit(const summary *s, const summaryGroup *g, FILE *f);

/* "Do threads hurt PROG under full load here?" (PROG from meta), allocated. */
char *threadsdocQuestion(const metaTable *m);

/* The answer's lead, plain text: yes or no and the figure that decides it
 * (pinned load's cells when measured, else free load's); nothing when no
 * loaded cell has a successful run. */
void threadsdocLead(const summary *s, FILE *f);

/* The rest of the answer: what the default cell costs, the best width at
 * each level, failed runs, the output check. */
void threadsdocAnswer(const summary *s, const metaTable *m, FILE *f);

/* The section: the recommendation per load level, then every cell. */
void threadsdocSection(const summary *s, const metaTable *m, const docFmt *fmt, FILE *f);

#endif
