/* export.c -- the table of the machine formats (see export.h) and what
 * they share: the atomic file every one of them is written through and
 * --help's list of their files. A format is one file ending in its exportFn,
 * plus its row here: the tools call it through the row. */
#include "export/export.h"

#include "common/atomicfile.h"

const exporter exporters[EXPORT_N] = {
    [EXPORT_RESULTS_JSON] = {"results",
                             {"results.json"},
                             "the groups, verdicts, answers and meta.txt as one JSON document "
                             "(docs/json.md)",
                             EXPORT_SUMMARIZE,
                             exportResultsJson},
    [EXPORT_HYPERFINE] = {"hyperfine",
                          {"hyperfine.json"},
                          "the cells in hyperfine's --export-json format (docs/json.md); "
                          "compare: --export-hyperfine's FILE",
                          EXPORT_SUMMARIZE,
                          exportHyperfine},
    [EXPORT_CHARTS] = {"charts",
                       {"plots/*.dat", "plots/labels.gp"},
                       "the charts' data, what plots/<name>.gp reads (--list-charts)",
                       EXPORT_SUMMARIZE,
                       exportCharts},
    [EXPORT_COMPARE_CSV] = {"compare",
                            {"compare.csv"},
                            "a comparison's figures, a row per shared cell, metric and input",
                            EXPORT_COMPARE,
                            exportCompareCsv},
    [EXPORT_COMPARE_CHART] = {"compare-chart",
                              {"plots/compare.dat", "plots/compare_labels.gp"},
                              "the comparison's chart data, what plots/compare.gp reads",
                              EXPORT_COMPARE,
                              exportCompareChart},
    [EXPORT_PLAN] = {"plan",
                     {"-"},
                     "a plan for the harness between rounds: TSV, read by column name",
                     EXPORT_SUMMARIZE,
                     exportPlan},
};

void exportFiles(FILE *f, const exporter *e, const char *last) {
    size_t n = 0;
    while (n < EXPORT_FILES_MAX && e->files[n]) n++;
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%s", i == 0 ? "" : i + 1 == n ? last : ", ", e->files[i]);
}

int exportFile(const char *path, exportWriter fn, const void *ctx, char *err, size_t errlen) {
    atomicFile a;
    if (atomicOpen(&a, path) != 0) {
        snprintf(err, errlen, "%s: %s", path, a.why);
        return -1;
    }
    if (fn(ctx, a.f) != 0) {
        atomicAbort(&a);
        snprintf(err, errlen, "%s: write failed", path);
        return -1;
    }
    if (atomicCommit(&a) != 0) {
        snprintf(err, errlen, "%s: write failed", path);
        return -1;
    }
    return 0;
}
