#!/usr/bin/env bash
# harness/cold.sh -- cold starts on copied binaries: why is the first run slow?
#
# The page's table "fresh copy / same copy again / another fresh copy", on
# Linux: for K copies, copy the binary to a new file and run it (copy=fresh),
# run that file again (same), drop the pages of every file its cold start
# reads from the page cache and run it (evicted), and, as root with a writable
# /proc/sys/vm/drop_caches, drop the whole cache and run it (dropcache).
# Each run gives in-process rows (coldload's binaries only) and a
# whole-process row with page faults (the launcher's, coldload-run); hyperfine then times
# --hf-runs (default 10) whole runs of each kind. Works on any executable:
# --binary PATH [-- ARGS].
#
# Which files a cold start reads comes from one traced run per
# workload (strace, harness/lib/coldtrace.sh), else -- no strace, or
# COLDLOAD_NO_STRACE=1 -- from the ELF dynamic section, never from ldd (which
# may run the program's loader). <out>/cold-files.txt lists them with their
# sizes; every run records each file's resident pages before and after it
# (coldload-evict --query) in <out>/cold-pages.tsv: the pages it read from disk.
set -euo pipefail
# shellcheck source=harness/lib/all.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/all.sh"
# shellcheck source=harness/lib/coldtrace.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/coldtrace.sh"
# The concerns, one file each (harness/cold/): options.sh (the command line,
# what is measured), files.sh (which files a cold start reads), pages.sh (page
# queries, cold-pages.tsv), evict.sh (copy kinds, eviction), runs.sh (the
# in-process view, the end), hyperfine.sh (the whole-process view). Their
# state is CL_COLD[KEY] (options.sh), set through cold_set.
# shellcheck source=harness/cold/options.sh
. "$(dirname "${BASH_SOURCE[0]}")/cold/options.sh"
# shellcheck source=harness/cold/files.sh
. "$(dirname "${BASH_SOURCE[0]}")/cold/files.sh"
# shellcheck source=harness/cold/pages.sh
. "$(dirname "${BASH_SOURCE[0]}")/cold/pages.sh"
# shellcheck source=harness/cold/evict.sh
. "$(dirname "${BASH_SOURCE[0]}")/cold/evict.sh"
# shellcheck source=harness/cold/runs.sh
. "$(dirname "${BASH_SOURCE[0]}")/cold/runs.sh"
# shellcheck source=harness/cold/hyperfine.sh
. "$(dirname "${BASH_SOURCE[0]}")/cold/hyperfine.sh"

cl_init cold "$@"
CL_DASHDASH_OK=1   # -- ARGS: the --binary's arguments
cold_options "$@"

cl_results_init
cl_traps
cl_meta_begin
cl_meta cold_binary "${CL_COLD[binary]}"
cl_meta cold_args "${CL_ARGS[*]}"
cl_meta cold_copies "${CL_COLD[copies]}"
cl_meta cold_hf_runs "${CL_COLD[hf_runs]}"

cold_kinds
cold_pages_init
cold_find_files
CL_TAG_CONDITION=idle CL_TAG_STRESSORS=0 CL_TAG_LOAD=none
cold_runs
cold_evict_meta
cold_pages_unknown_meta
cold_hyperfine
cold_finish
