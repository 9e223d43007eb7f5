/* comparecsv.c -- compare.csv, a comparison's figures as a table (see
 * comparecsv.h). */
#include "export/comparecsv.h"

#include <math.h>

#include "common/csvfield.h"
#include "export/export.h"

static const char *const comparecsvSums[3] = {"", "no", "yes"}; /* by sums_same + 1 */

static void comparecsvNum(FILE *f, double x) {
    if (isnan(x)) fputs(",", f);
    else fprintf(f, ",%.6g", x);
}

int comparecsvWrite(const compareResult *r, FILE *f) {
    fputs("workload,params,width,wait,condition,load,stressors,copy,metric,baseline,input,"
          "baseline_label,label,baseline_ms,ms,baseline_procs,procs,baseline_n,n,ratio,ratio_lo,"
          "ratio_hi,significant,checksum_same,seed,reps\n",
          f);
    for (size_t k = 0; k < r->nrows; k++) {
        const compareRow *w = &r->rows[k];
        const summaryKey *key = &r->cells[w->cell].group[w->base]->key;
        const char *strs[] = {key->workload, key->params};
        for (size_t j = 0; j < 2; j++) {
            if (j) fputc(',', f);
            csvWriteField(f, strs[j]);
        }
        if (key->width > 0) fprintf(f, ",%d", key->width);
        else fputc(',', f);
        const char *more[] = {key->wait,      key->condition, key->load,
                              key->stressors, key->copy,      compareMetricName(w->metric)};
        for (size_t j = 0; j < 6; j++) {
            fputc(',', f);
            csvWriteField(f, more[j]);
        }
        fprintf(f, ",%zu,%zu,", w->base + 1, w->input + 1);
        csvWriteField(f, r->in[w->base].label);
        fputc(',', f);
        csvWriteField(f, r->in[w->input].label);
        comparecsvNum(f, w->base_ms);
        comparecsvNum(f, w->ms);
        fprintf(f, ",%zu,%zu,%zu,%zu", w->base_procs, w->procs, w->base_n, w->n);
        comparecsvNum(f, w->ratio);
        comparecsvNum(f, w->lo);
        comparecsvNum(f, w->hi);
        fprintf(f, ",%s,%s,%llu,%d\n",
                isnan(w->lo)     ? ""
                : w->significant ? "yes"
                                 : "no",
                comparecsvSums[w->sums_same + 1], (unsigned long long)r->seed, COMPARE_REPS);
    }
    return ferror(f) ? -1 : 0;
}

static int comparecsvTo(const void *r, FILE *f) { return comparecsvWrite(r, f); }

/* compare.csv's exportFn: the comparison, written to path atomically. */
int exportCompareCsv(const exportInput *in, const char *path, char *err, size_t errlen) {
    return exportFile(path, comparecsvTo, in->cmp, err, errlen);
}
