/* describe.c -- see describe.h. */
#include "bench/describe.h"

#include <string.h>

#include "bench/optscommon.h"
#include "common/opts.h"

const char describeUsage[] =
    "  --describe         print the workload descriptor and exit: a header, then one\n"
    "                     TAB-separated line per workload with the columns\n"
    "                     workload binary params args quick_args loaded_args line_prefix\n"
    "                     quick_params loaded_params series quick_series (the harness's\n"
    "                     arguments for full, QUICK and loaded runs; params as whole.csv\n"
    "                     names one process; series: timed series per process)\n";

static const char describeHeader[] =
    "workload\tbinary\tparams\targs\tquick_args\tloaded_args\tline_prefix"
    "\tquick_params\tloaded_params\tseries\tquick_series\n";

/* A TAB or newline inside a field would shift every column after it. */
static int describeClean(const char *s) { return s && strpbrk(s, "\t\n\r") == NULL; }

int describePrint(FILE *f, const char *binary, const char *line_prefix, const describeRow *rows,
                  size_t n) {
    fputs(describeHeader, f);
    for (size_t i = 0; i < n; i++) {
        const describeRow *r = &rows[i];
        const char *cells[] = {r->workload,     r->params,     r->args,
                               r->quick_params, r->quick_args, r->loaded_params,
                               r->loaded_args,  binary,        line_prefix};
        for (size_t c = 0; c < sizeof cells / sizeof cells[0]; c++)
            if (!describeClean(cells[c]))
                return optsError("--describe: workload %zu has a field that is missing or holds "
                                 "a TAB or newline",
                                 i);
        fprintf(f, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%d\n", r->workload, binary, r->params,
                r->args, r->quick_args, r->loaded_args, line_prefix, r->quick_params,
                r->loaded_params, r->series, r->quick_series);
    }
    if (fflush(f) != 0 || ferror(f)) return optsError("--describe: cannot write the table");
    return 0;
}

int describeInfoFlag(const char *arg, const describeBinary *b) {
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
        printf("%s%s%s", b->usage, optsCommonUsage, describeUsage);
        return 0;
    }
    if (strcmp(arg, "--describe") == 0)
        return describePrint(stdout, b->name, b->line_prefix, b->rows, b->n) ? 1 : 0;
    return -1;
}
