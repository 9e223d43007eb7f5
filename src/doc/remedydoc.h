/* remedydoc.h -- "What fixes it here": the remedies a threads job tried
 * where threads hurt (verdict/remedy.h), in the answer (one sentence for the
 * deciding level) and as a table per level in the threads section. Both are
 * said from remedyResultsAt's figures, so they never disagree. */
#ifndef COLDLOAD_REMEDYDOC_H
#define COLDLOAD_REMEDYDOC_H

#include <stddef.h>
#include <stdio.h>

#include "doc/docfmt.h"
#include "model/meta.h"
#include "model/summary.h"
#include "verdict/remedy.h"

/* The remedies tried, as the report shows them: the summary and meta of the
 * results directory, its remedies/ runs and their first defect (or NULL). */
typedef struct remedydocInput {
    const summary *s;
    const metaTable *m;
    const remedyRuns *runs;
    size_t n;
    const char *err;
} remedydocInput;

/* One level's remedies and their figures. */
typedef struct remedydocLevel {
    answerThreadsLevel L;
    remedyItem w; /* the width item, when one is measured by a cell of the level */
    remedyResult r[REMEDY_MAX];
    size_t n;
} remedydocLevel;

/* The next level of t's cells from *i on (start at 0) with its remedies in
 * *lv: 1, or 0 when there is none. results.json and the table walk the
 * levels through it. */
int remedydocNextLevel(const remedydocInput *in, const answerThreadsCells *t, size_t *i,
                       remedydocLevel *lv);

/* "OMP_WAIT_POLICY=passive" (on the default cell), "OPENBLAS_THREAD_TIMEOUT=4
 * at width 2", "width 1 (the CPUs the load leaves free, at least 1)", into
 * buf. */
const char *remedydocName(const remedyResult *r, char *buf, size_t len);

/* " What fixes it here, under pinned load (2 workers): ..." for the deciding
 * level; nothing when nothing was tried there. */
void remedydocSay(const remedydocInput *in, FILE *f);

/* The table, every level where something was tried, with what the remedies
 * mode was; a paragraph saying why there is none otherwise. */
void remedydocTable(const remedydocInput *in, const docFmt *fmt, FILE *f);

#endif
