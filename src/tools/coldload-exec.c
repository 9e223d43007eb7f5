/* coldload-exec.c -- run a program with the time it was exec'd.
 *
 *   coldload-exec PROG [ARGS...]
 *
 * Reads CLOCK_MONOTONIC and its own page-fault counts, puts them into the
 * environment (COLDLOAD_EXEC_NS, COLDLOAD_EXEC_MINFLT, COLDLOAD_EXEC_MAJFLT)
 * and execs PROG (searched on PATH) in its place: the same process, so the
 * program's own stamp at main (bench/timeline.h) against COLDLOAD_EXEC_NS
 * is exec -> main on one clock, to the microsecond -- where the process
 * start time in /proc/self/stat counts 10 ms ticks from the fork.
 *
 * The clock is read after the environment is built, last before execve:
 * what lies between the reading and the exec is one system call's entry.
 * Exit: PROG's; 127 when PROG cannot be run (one line on stderr), 2 usage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs("usage: coldload-exec PROG [ARGS...]\n"
              "Runs PROG with COLDLOAD_EXEC_NS (CLOCK_MONOTONIC just before execve, ns) and\n"
              "COLDLOAD_EXEC_MINFLT/MAJFLT (this launcher's page faults) in its environment.\n",
              argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    struct rusage ru;
    char buf[32];
    if (getrusage(RUSAGE_SELF, &ru) == 0) {
        snprintf(buf, sizeof buf, "%ld", ru.ru_minflt);
        setenv("COLDLOAD_EXEC_MINFLT", buf, 1);
        snprintf(buf, sizeof buf, "%ld", ru.ru_majflt);
        setenv("COLDLOAD_EXEC_MAJFLT", buf, 1);
    }
    /* a placeholder of the final length, so setting the value allocates nothing */
    setenv("COLDLOAD_EXEC_NS", "00000000000000000000", 1);
    char *slot = getenv("COLDLOAD_EXEC_NS");
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    snprintf(slot, 21, "%lld", (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec);
    execvp(argv[1], argv + 1);
    fprintf(stderr, "coldload-exec: %s: %s\n", argv[1], strerror(errno));
    return 127;
}
