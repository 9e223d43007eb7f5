/* runfigs.c -- runs.csv's figures and texts by name (see runfigs.h). */
#include "common/runfigs.h"

#include <string.h>

/* the names of one role, in the order of its enumerators (runfigs.h) */
#define RUNFIG_KEEP_KEY(x)
#define RUNFIG_KEEP_TEXT(x)
#define RUNFIG_KEEP_FIGURE(x) x,
#define RUNFIG_NAME(ID, name, role, unit, cell, what) RUNFIG_KEEP_##role(#name)
static const char *const runfigFigures[RUNFIG_NFIGURES] = {RUNFIG_COLUMNS(RUNFIG_NAME)};
#undef RUNFIG_KEEP_FIGURE
#undef RUNFIG_KEEP_TEXT
#define RUNFIG_KEEP_FIGURE(x)
#define RUNFIG_KEEP_TEXT(x) x,
static const char *const runfigTexts[RUNFIG_NTEXTS] = {RUNFIG_COLUMNS(RUNFIG_NAME)};

const char *runfigFigureName(runfigFigure f) {
    return (unsigned)f < RUNFIG_NFIGURES ? runfigFigures[f] : NULL;
}

const char *runfigTextName(runfigText t) {
    return (unsigned)t < RUNFIG_NTEXTS ? runfigTexts[t] : NULL;
}

static int runfigIndex(const char *const *names, int n, const char *name) {
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], name)) return i;
    return -1;
}

int runfigFigureOf(const char *name) { return runfigIndex(runfigFigures, RUNFIG_NFIGURES, name); }

int runfigTextOf(const char *name) { return runfigIndex(runfigTexts, RUNFIG_NTEXTS, name); }
