/* csvcols.h -- the columns of samples.csv and whole.csv as one list each,
 * in the style of runfigs.h's RUNFIG_COLUMNS: the writers' headers
 * (bench/csvwrite's CSV_FIXED_COLUMNS, coldload-run's --whole-csv) and the
 * summary's readers (model/summaryreadcols.h) are made from them, so a
 * column is added, renamed or moved in one place. It lives in common/
 * because bench/, the launcher's tool and model/ all include it and none
 * may include another's.
 *
 * X(ID, name, required) once per column, in file order:
 *   ID        the column's name in capitals, for the readers' identifiers
 *   name      its name in the header, a bare word (#name is the string)
 *   required  1: the summary refuses a file without it; 0: a file from
 *             before it (an older results directory) may lack it, or the
 *             summary does not read it
 *
 * samples.csv is SAMPLES_CSV_COLUMNS, the columns every binary writes, then
 * one column per --tag KEY in the order given: the harnesses give
 * SAMPLES_CSV_TAGS (harness/lib/all.sh's CL_SAMPLES_TAGS), which the
 * summary reads. whole.csv is WHOLE_CSV_COLUMNS; the harness writes its
 * header as harness/lib/all.sh's CL_WHOLE_HEADER, which
 * tests/harness/threads.bats checks is this list's.
 *
 * Older columns keep their place (readers by position of older files find
 * them where they were); new ones go at the end. */
#ifndef COLDLOAD_CSVCOLS_H
#define COLDLOAD_CSVCOLS_H

/* clang-format off */
#define SAMPLES_CSV_COLUMNS(X) \
    X(TIMESTAMP, timestamp, 0) \
    X(HOST, host, 0) \
    X(RUN_ID, run_id, 1) \
    X(WORKLOAD, workload, 1) \
    X(PARAMS, params, 1) \
    X(WIDTH, width, 1) \
    X(WAIT, wait, 1) \
    X(PHASE, phase, 1) \
    X(ITER, iter, 0) \
    X(MS, ms, 1) \
    X(MINFLT, minflt, 0) \
    X(MAJFLT, majflt, 0) \
    X(NVCSW, nvcsw, 0) \
    X(NIVCSW, nivcsw, 0) \
    X(LOAD1, load1, 1) \
    X(PROCS_RUNNING, procs_running, 1) \
    X(CHECKSUM, checksum, 1) \
    X(TRUNCATED, truncated, 1) \
    X(CPU, cpu, 0) \
    X(CPUS, cpus, 0) \
    X(MIGRATIONS, migrations, 0) \
    X(WIDTH_REQUESTED, width_requested, 0) \
    X(CENSORED, censored, 0)

#define SAMPLES_CSV_TAGS(X) \
    X(HARNESS, harness, 0) \
    X(CONDITION, condition, 0) \
    X(STRESSORS, stressors, 0) \
    X(COPY, copy, 0) \
    X(LOAD, load, 0) \
    X(PROC, proc, 0)

#define WHOLE_CSV_COLUMNS(X) \
    X(TIMESTAMP, timestamp, 0) \
    X(HOST, host, 0) \
    X(HARNESS, harness, 0) \
    X(CONDITION, condition, 0) \
    X(STRESSORS, stressors, 0) \
    X(COPY, copy, 0) \
    X(WORKLOAD, workload, 0) \
    X(PARAMS, params, 0) \
    X(WIDTH, width, 0) \
    X(WAIT, wait, 0) \
    X(TOOL, tool, 0) \
    X(LABEL, label, 0) \
    X(RUN, run, 0) \
    X(WALL_MS, wall_ms, 1) \
    X(USER_MS, user_ms, 0) \
    X(SYS_MS, sys_ms, 0) \
    X(MINFLT, minflt, 0) \
    X(MAJFLT, majflt, 0) \
    X(EXIT_CODE, exit_code, 0) \
    X(LOAD, load, 0) \
    X(PROC, proc, 0)
/* clang-format on */

/* A list's header: its names comma-separated ("timestamp,host,..."), a
 * string constant (each name after a comma, the first comma skipped). */
#define CSVCOLS_COMMA_NAME(ID, name, required) "," #name
#define CSVCOLS_HEADER(LIST) (LIST(CSVCOLS_COMMA_NAME) + 1)

#endif
