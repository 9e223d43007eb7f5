/* runfigs.c -- runs.csv's figures and texts by name (see runfigs.h). */
#include "common/runfigs.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "common/num.h"
#include "common/ranges.h"

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

#undef RUNFIG_KEEP_KEY
#undef RUNFIG_KEEP_TEXT
#undef RUNFIG_KEEP_FIGURE
#define RUNFIG_KEEP_KEY(x)
#define RUNFIG_KEEP_TEXT(x)
#define RUNFIG_KEEP_FIGURE(x) x,
#define RUNFIG_UNIT(ID, name, role, unit, cell, what) RUNFIG_KEEP_##role(unit)
static const char *const runfigUnits[RUNFIG_NFIGURES] = {RUNFIG_COLUMNS(RUNFIG_UNIT)};

static const char *const runfigStatuses[] = {RUNFIG_STATUSES};
#define RUNFIG_NSTATUSES ((int)(sizeof runfigStatuses / sizeof runfigStatuses[0]))

const char *runfigStatusName(int s) {
    return s >= 0 && s < RUNFIG_NSTATUSES ? runfigStatuses[s] : "?";
}

const char *runfigFigureUnit(runfigFigure f) {
    return (unsigned)f < RUNFIG_NFIGURES ? runfigUnits[f] : NULL;
}

/* 2^53: the largest count a double holds exactly */
#define RUNFIG_COUNT_MAX 9007199254740992.0

int runfigValue(const char *unit, const char *s, double *out, const char **want) {
    double lo = -DBL_MAX, hi = DBL_MAX, v;
    int whole = 0;
    *want = "a finite number";
    if (!strcmp(unit, "ms")) {
        lo = 0, hi = RANGE_RUN_MS_MAX;
        *want = "a time in ms in 0.." RANGE_STR(RANGE_RUN_MS_MAX);
    } else if (!strcmp(unit, "count") || !strcmp(unit, "kB")) {
        lo = 0, hi = RUNFIG_COUNT_MAX, whole = 1;
        *want = "a whole number >= 0";
    } else if (!strcmp(unit, "flag")) {
        lo = 0, hi = 1, whole = 1;
        *want = "0 or 1";
    } else if (!strcmp(unit, "code")) {
        lo = -1000, hi = 1000, whole = 1;
        *want = "a status or signal number in -1000..1000";
    }
    if (numDouble(s, lo, hi, &v) != 0 || (whole && v != floor(v))) return -1;
    *out = v;
    return 0;
}

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

int runfigStatusOf(const char *name) { return runfigIndex(runfigStatuses, RUNFIG_NSTATUSES, name); }
