/* optscommon.c -- the options every workload binary shares (--tag: optstag.c). */
#include "bench/optscommon.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/num.h"

/* --- common options ------------------------------------------------------------ */

const char optsCommonUsage[] =
    "  --width N          engine and OpenBLAS threads, 1..256 (default $OMP_NUM_THREADS when\n"
    "                     it is a width, else 1); auto: before\n"
    "                     each call, the CPUs available minus those busy, then the width\n"
    "                     at or below that these calls have run fastest at; auto:N: at most N\n"
    "  --no-tune          auto: the CPUs available minus those busy, untimed (the rule alone)\n"
    "  --wait POLICY      idle wait: spin, yield or block (default block)\n"
    "  --runs N           steady runs after the first, 1..1000000\n"
    "  --budget SECONDS   stop taking steady runs once this much time is spent\n"
    "                     (0 = no budget, the default; at least one steady run)\n"
    "  --precision P      stop taking steady runs once their median is known to +-P of\n"
    "                     itself (0 = off, the default; at least 3 steady runs; see bench.h)\n"
    "  --csv FILE         append one row per sample to FILE (header when new)\n"
    "  --tag KEY=VALUE    add a column KEY with VALUE to every row (repeatable)\n"
    "  --csv-header       print the header the rows with these --tag keys have, and exit\n"
    "  --startup          also time the process's start: exec -> main and main -> first\n"
    "                     result (a `startup:` line; rows exec_to_main or start_to_main,\n"
    "                     main_to_first)\n"
    "  --prefault         touch every page of the work buffers before the first call\n"
    "  --help             this text\n";

void optsCommonInit(optsCommon *c, long default_runs) {
    memset(c, 0, sizeof(*c));
    /* Without --width, OMP_NUM_THREADS as an OpenMP program reads it: the
     * variable a user (and `make threads`) sets for a threaded runtime. A
     * value that is not a width is ignored, as OpenMP ignores it. */
    const char *env = getenv("OMP_NUM_THREADS");
    long w;
    autowParse(env && numLong(env, 1, POOL_MAX_WIDTH, &w) == 0 ? env : "1", POOL_MAX_WIDTH,
               &c->width);
    c->wait = POOL_WAIT_DEFAULT;
    c->runs = default_runs;
}

int optsCommonParse(optsCommon *c, int argc, char **argv, int *i) {
    const char *v;
    int m;
    int *flag = !strcmp(argv[*i], "--startup")      ? &c->startup
                : !strcmp(argv[*i], "--prefault")   ? &c->prefault
                : !strcmp(argv[*i], "--no-tune")    ? &c->no_tune
                : !strcmp(argv[*i], "--csv-header") ? &c->csv_header
                                                    : NULL;
    if (flag) {
        *flag = 1;
        (*i)++;
        return 1;
    }
    if ((m = optsMatch(argc, argv, i, "--width", &v)) != 0)
        return m < 0 ? -1 : autowParse(v, POOL_MAX_WIDTH, &c->width) ? -1 : 1;
    if ((m = optsMatch(argc, argv, i, "--wait", &v)) != 0) {
        if (m < 0) return -1;
        if (poolWaitParse(v, &c->wait) != 0)
            return optsError("--wait: expected spin, yield or block, got '%s'", v);
        return 1;
    }
    if ((m = optsMatch(argc, argv, i, "--runs", &v)) != 0)
        return m < 0 ? -1 : optsLong("--runs", v, 1, 1000000, &c->runs) ? -1 : 1;
    if ((m = optsMatch(argc, argv, i, "--budget", &v)) != 0)
        return m < 0 ? -1 : optsDouble("--budget", v, 0, 1e6, &c->budget_s) ? -1 : 1;
    if ((m = optsMatch(argc, argv, i, "--precision", &v)) != 0)
        return m < 0 ? -1 : optsDouble("--precision", v, 0, 1, &c->precision) ? -1 : 1;
    if ((m = optsMatch(argc, argv, i, "--csv", &v)) != 0) {
        if (m < 0) return -1;
        if (!*v) return optsError("--csv: expected a file name, got ''");
        c->csv = v;
        return 1;
    }
    if ((m = optsMatch(argc, argv, i, "--tag", &v)) != 0)
        return m < 0 ? -1 : optsTagAdd(c->tags, &c->ntags, OPTS_MAX_TAGS, v) ? -1 : 1;
    return 0;
}
