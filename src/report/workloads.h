/* workloads.h -- a results directory's workloads.tsv, the binaries'
 * --describe tables the harness wrote there (bench/describe.h): here only
 * what the report needs of it, how each binary's result lines start.
 *
 * A directory without the file (results from before it, hand-made fixtures)
 * or with one the reader cannot use gets the two built-in prefixes, "width "
 * (p28_timing) and "beta=" (ising_trg): the report never fails over it. */
#ifndef COLDLOAD_WORKLOADS_H
#define COLDLOAD_WORKLOADS_H

#include <stddef.h>

typedef struct workloadsTable {
    char **prefixes; /* distinct line_prefix values, none empty */
    size_t n;
    int builtin; /* 1: the file was absent or unusable */
} workloadsTable;

/* Reads <results_dir>/workloads.tsv (results_dir may be NULL: built-ins).
 * NULL only when out of memory. */
workloadsTable *workloadsRead(const char *results_dir);
void workloadsDelete(workloadsTable *t);

/* 1 when line[0..len) starts with one of the table's prefixes. */
int workloadsIsResultLine(const workloadsTable *t, const char *line, size_t len);

#endif
