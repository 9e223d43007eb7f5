/* ranges.h -- the one range of each quantity coldload parses from an option,
 * a CSV field or meta.txt: every parser of that quantity (common/num.h does
 * the parsing) checks against these, and the option table
 * (harness/lib/opttable.sh) states the same bounds, which
 * tests/unit/test_num.c reads back and compares with these. */
#ifndef COLDLOAD_RANGES_H
#define COLDLOAD_RANGES_H

/* The engine's width: its pool's threads, the caller included
 * (engine/pool.h's POOL_MAX_WIDTH is this). */
#define RANGE_ENGINE_WIDTH_MIN 1
#define RANGE_ENGINE_WIDTH_MAX 256

/* A width any program was run at or recorded with (coldload-run --width,
 * samples.csv, whole.csv, runs.csv, the scan's cells): another program's
 * threads are not bounded by our engine's pool. */
#define RANGE_WIDTH_MIN 1
#define RANGE_WIDTH_MAX 100000

/* Load workers (stress-ng workers) of a loaded run: --stressors, a row's
 * stressors column; 0 is idle. */
#define RANGE_STRESSORS_MIN 0
#define RANGE_STRESSORS_MAX 1024

/* The options threads.sh hands to coldload-run, whose parser checks them
 * again: the harness's table states these, so a value one accepts the
 * other does too. A CPU quota in CPUs (a cgroup's quota is a whole number
 * of microseconds of a 100 ms period: 0.01 CPU is 1 ms of it); the
 * sampler's interval in ms (0 off); the bytes of each stream kept in the
 * logs (0 all; half of it is held in memory per stream). */
#define RANGE_QUOTA_MIN 0.01
#define RANGE_QUOTA_MAX 4096
#define RANGE_SAMPLE_MS_MIN 0
#define RANGE_SAMPLE_MS_MAX 60000
#define RANGE_KEEP_OUTPUT_MIN 0
#define RANGE_KEEP_OUTPUT_MAX 1073741824

/* A number of seconds coldload-run takes (--cap, --slow-after, --grace):
 * up to a week; every number of seconds in the harness's table is within. */
#define RANGE_SECONDS_MIN 0
#define RANGE_SECONDS_MAX 604800

/* One run's time in ms (runs.csv's figures of unit ms): its wall at most
 * the longest cap and its grace, its CPU time that over RANGE_WIDTH_MAX
 * threads (6.05e13 ms); anything beyond is not a measurement. */
#define RANGE_RUN_MS_MAX 1e14

/* "LO..HI" of a quantity as text, for a message: RANGE_TEXT(RANGE_WIDTH). */
#define RANGE_STR_(x) #x
#define RANGE_STR(x) RANGE_STR_(x)
#define RANGE_TEXT(q) RANGE_STR(q##_MIN) ".." RANGE_STR(q##_MAX)

#endif
