/* comparemodel.c -- the names of a comparison's figures and a cell's key
 * (comparemodel.h). */
#include "results/comparemodel.h"

const char *compareMetricName(compareMetric m) {
    static const char *const n[COMPARE_METRIC_N] = {"steady", "first", "whole"};
    return m < COMPARE_METRIC_N ? n[m] : "?";
}

/* A cell's key: its first input's group (every input's has the same key). */
const summaryGroup *compareCellKey(const compareCell *c, size_t nin) {
    const summaryGroup *h = NULL;
    for (size_t j = 0; j < nin && !h; j++) h = c->group[j];
    return h;
}
