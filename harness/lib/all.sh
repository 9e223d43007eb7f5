# shellcheck shell=bash
# harness/lib/all.sh -- code shared by coldload's harnesses (cold.sh, warm.sh,
# loaded.sh, and report.sh). Sourced, never run: it defines functions and
# CL_* variables; the scripts keep `set -euo pipefail` themselves.
#
# Why one library: the three harnesses write into one results directory
# (samples.csv, whole.csv, meta.txt, workloads.tsv, logs/, hyperfine/) and
# must agree on its layout, on how a child is run and logged, and on how
# stress-ng is stopped.
#
# The code lives in harness/lib/, one file a concern, each sourced here (the
# scripts source only this file): opttable.sh (the options' table: flags,
# defaults, QUICK defaults, checks, help), messages.sh (cl_die, cl_warn,
# cl_usage_error), options.sh (options), tools.sh (the programs needed),
# optusage.sh (--help and the docs table from the option table),
# probes.sh (machine state read from /proc and /sys), results.sh (results
# directory, its checks, lock and latest link), write.sh (meta.txt's keys,
# whole lines or none, a full disk), meta.sh (meta.txt's machine facts,
# probes, begin and end), run.sh (supervisor, traps, watchdog, progress),
# procs.sh (background steps, process groups), load.sh (stress-ng), csv.sh
# (whole.csv rows, samples.csv fields), workloads.sh (the binaries'
# --describe tables, measurements), plan.sh (coldload-summarize's plans
# read by column name), launch.sh (one program run once through
# coldload-run, its result read by column name), rounds.sh (warm and loaded rounds), series.sh
# (--series-regex: a program's per-call times out of its output), widths.sh
# (a width written into a run: its variables and {width}).
#
# Set-up
#   cl_init NAME "$@"          harness name (cold|warm|loaded|report): messages, meta key prefix;
#                              the arguments are recorded as NAME_command in meta
#   cl_defaults                CL_OPT from the COLDLOAD_* environment (flags override)
#   cl_common_opt ARGS...      one flag at $1 of this script's rows in harness/lib/opttable.sh (its
#                              key of CL_OPT set): returns 0 and sets CL_SHIFT, or 1 (not the script's);
#                              -h|--help calls the script's usage function, exit 0
#   cl_take_opt SCRIPT ARGS... the same for another script's rows (coldreport.sh: cold.sh's)
#   cl_parse_opts ARGS...      a whole command line of the script's rows (-- ARGS into CL_ARGS
#                              when CL_DASHDASH_OK=1)
#   cl_opt_default VAR FLAG    VAR (the caller's): FLAG's default for this script (QUICK or not), from the table
#   cl_opt_check FLAG VALUE    the table's check of FLAG (exit 2 naming FLAG when VALUE fails it)
#   cl_opt_final FLAG          FLAG's key of CL_OPT: the value given or the default, checked
#   cl_usage TAIL <<TEXT       --help from the table (usage line, options, environment), then stdin
#   cl_optval ARGS...          a usage error when flag $1 has no value (or one starting with --)
#   cl_finalize_opts           validates CL_OPT, applies QUICK/normal defaults (exit 2 when bad)
#   cl_parse_common ARGS...    cl_parse_opts, then cl_finalize_opts
#   cl_usage_error MSG         "coldload NAME: MSG (see harness/NAME.sh --help)" on stderr, exit 2
#   cl_die MSG [RC]            one line on stderr, exit RC (default 1)
#   cl_warn MSG                warning on stderr, and a `warning=` line in meta once it exists
#   cl_need_tools TOOL...      every TOOL on PATH, else one line naming the Debian packages, exit 2
#   cl_need_binary PATH        an executable coldload binary, else "run make", exit 2
#   cl_chart NAME              plots/NAME.gp drawn in CL_OUT/plots when gnuplot is there (else a
#                              warning, 1); its output in logs/gnuplot-NAME.out
#   cl_gp_string TEXT          TEXT as a quoted string of a gnuplot data file (no quote, backslash
#                              or control character in it): data, never code
#   cl_program VAR FLAG PROG   PROG (a bare name: on PATH) as an absolute path into VAR; missing,
#                              a directory or not executable: a usage error naming FLAG, exit 2
# Results directory
#   cl_results_init            CL_OUT (default $COLDLOAD_RESULTS or results/, + <UTC stamp>-<host>;
#                              <that parent>/latest points at the newest directory made there),
#                              logs/ hyperfine/, header checks of samples.csv/whole.csv, exit 2 when unwritable;
#                              holds an exclusive flock on <out>/.lock (a second writer: exit 2)
#   cl_results_unused DIR      DIR holds no other job's runs (rows in runs/samples/whole.csv),
#                              results.json or meta.txt of another job, else exit 2 (ab.sh's --out)
#   cl_unique PATH SUFFIX      PATH (or PATH-2, -3...) such that PATH$SUFFIX does not exist yet
#   cl_meta KEY VALUE...       appends `key=value` to meta.txt (the value one line: cl_escape, at most 8192 bytes)
#   cl_escape VAR TEXT [MAX]   TEXT as one line (control characters escaped: \n \r \t \xHH) into VAR
#   cl_meta_machine            machine (coldload-probe), toolchain, git keys, once per directory
#   cl_meta_probe PREFIX       coldload-probe --state: load1, loadavg, procs_running, PSI, steal
#                              ticks as PREFIX_* keys
#   cl_meta_begin / cl_meta_end   the harness's settings and start/end probes (cl_traps calls the end)
#   cl_check_widths            warns (and notes in meta) when a width exceeds the CPUs available
# Probes
#   cl_load1, cl_procs_running, cl_psi_cpu [some|full], cl_steal_ticks, cl_now_ms (bash builtins:
#   no fork between two looks); cl_cpu_limit, cl_cpus_online_count, cl_probe_key KEY (coldload-probe)
#   cl_ge A B                  decimal A >= decimal B, in bash;  cl_s_to_ms S   seconds -> integer ms
#   cl_busy_check WHAT         before an idle measurement: warn, or exit 3 with --strict
# Running things
#   cl_traps                   EXIT/INT/TERM/HUP handlers: stop the child and stress-ng, close meta;
#                              further INT/TERM/HUP are ignored while cleaning up
#   cl_exec STEP CMD...        runs CMD through the launcher, build/coldload-run (its watchdog the --cap,
#                              its leftovers killed, interruptible) logging logs/STEP.out/.err; returns its
#                              status; sets CL_LOG CL_TIMED_OUT CL_WALL_MS CL_USER_MS CL_SYS_MS CL_MINFLT CL_MAJFLT
#   cl_exec_run STEP WORKLOAD PARAMS WIDTH CMD...   a measured run: cl_exec, and the launcher's row in
#                              <out>/runs.csv with the cell and the tags (cl_runs_columns: its table)
#   cl_bg CMD...               CMD in the background, waited for (a signal is acted on at once); its status
#   cl_err_line FILE           FILE's first non-blank line: read bounded, one line, at most 300 bytes
#   cl_progress_start N / cl_progress WHAT   "step i/N, what, elapsed, ~remaining" on stderr
#   cl_stress_start KIND S / cl_stress_stop  S stress-ng CPU workers in one process group (set -m; PGID in
#                                            $CL_OUT/stress-ng.pgid); stopped on every exit path.
#                                            KIND pinned: one `stress-ng --cpu 1 --taskset C` per
#                                            worker, C round-robin over cl_cpus_usable, checked;
#                                            KIND free: one unbound `stress-ng --cpu S`
#   cl_cpus_usable             the CPUs this harness may run on: affinity list ∩ online
#   cl_pgid_count PGID / cl_pgid_alive PGID   live (non-zombie) processes in process group PGID (pgrep -g)
#   cl_group_stop PGID PID [TENTHS]   TERM the group (or PID), grace (5 s), KILL, reap PID (bounded)
#   cl_pid_alive PID           PID runs (is not a zombie)
# CSV
#   cl_csv_line FIELD...       one RFC 4180 line on stdout (fields quoted when they must be)
#   cl_whole_run LABEL RUN RC  appends the last cl_exec_run (its status RC) as a tool=coldload-run row of whole.csv
#   cl_whole_hyperfine JSON    appends one whole.csv row per run of a hyperfine JSON export (wall
#                              time and exit code of the run; user_ms, sys_ms empty: hyperfine
#                              gives only their means)
#       both take the row's tags from CL_TAG_CONDITION CL_TAG_STRESSORS CL_TAG_COPY CL_TAG_LOAD
#       CL_TAG_PROC and what ran
#       from CL_RUN_WORKLOAD CL_RUN_PARAMS CL_RUN_WIDTH CL_RUN_WAIT
#   cl_row_copy COPY [PROC]    CL_TAG_COPY (and CL_TAG_PROC) of the rows and --tag flags that follow
#   cl_row_run WORKLOAD PARAMS WIDTH WAIT   what the whole.csv rows that follow name (CL_RUN_WORKLOAD...)
#   cl_tags                    CL_TAGS: the --tag flags for the binaries (CL_SAMPLES_TAGS, in order)
#   cl_samples_lines           rows in samples.csv now (to find the rows a run added)
#   cl_samples_field FROM COL  COL of the first samples.csv row after line FROM (empty when none)
#   cl_csv_col FILE NAME       the number of FILE's column NAME from its header (CSV readers go by name)
# Workloads (the binaries' `--describe` tables, bench/describe.h)
#   cl_describe                reads every built workload binary's table (once): CL_WL_NAMES, and
#                              CL_WL_<COLUMN>[workload]; a binary that is not built is skipped
#   cl_workloads warm|loaded|cold   CL_WORKLOADS: the cells to measure (a workload whose loaded
#                              arguments differ gets a cell <workload>load, e.g. trgload)
#   cl_cell CELL [idle|loaded] CL_CELL_WORKLOAD CL_CELL_BINARY CL_CELL_PARAMS CL_CELL_ARGS (array)
#   cl_workloads_tsv FILE      the tables concatenated under one header (<out>/workloads.tsv)
#   cl_run_lines BASE          BASE.out's page-format lines (by line_prefix) into <out>/runs-lines.tsv
#                              (a bounded read: its first 1 MiB, each line cut at 1024 bytes)
# Widths (threads.sh's cells, ab.sh's --widths)
#   cl_width_env "VAR..."      CL_WIDTH_ENV: the variables a width is written into (checked names);
#                              CL_WIDTH_ENV_DEFAULT the threaded runtimes' own
#   cl_width_envset VAR CELL   VAR (the caller's): env(1)'s arguments writing CELL (`default`: unset)
#   cl_width_args VAR CELL ARG...  VAR (the caller's): the ARGs with {width} replaced by CELL
#   cl_widths_distinct FLAG W...  a width given twice: usage error
# Plans (what coldload-summarize says between rounds: a TSV table with a header)
#   cl_plan "COL..." FLAG ARGS...  coldload-summarize FLAG ARGS...'s plan into CL_PLAN[n], CL_PLAN[I,COL]
#                              by column name; 1 with CL_PLAN[error] when it failed or lacks a COL
#   cl_stop_row HARNESS LOAD S CELL W P HOW  a stop of the stopping rule as a row of <out>/stops.csv
# Measurements (warm.sh and loaded.sh)
#   cl_measure_all             rounds of every (workload, width) cell still undecided (3..7, --procs K), each in a
#                              shuffled order (RANDOM seeded with CL_SEED), proc tag = the round

# Variables set here are read by the scripts that source this file.
# shellcheck disable=SC2034

export LC_ALL=C   # decimal points, sort order and awk numbers must not depend on the locale

CL_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CL_BUILD=${COLDLOAD_BUILD:-$CL_ROOT/build}         # where the binaries are
CL_RESULTS=${COLDLOAD_RESULTS:-$CL_ROOT/results}   # parent of the default results dirs
CL_PROBE=$CL_BUILD/coldload-probe                 # machine facts and state (src/tools/coldload-probe.c)
CL_NAME=harness
CL_OUT=
CL_META=
CL_SAMPLES=
CL_WHOLE=
CL_CHILD=
CL_TMPDIRS=()
CL_LOCK_FD=
CL_CLEANING=0
CL_DYING=0
CL_SHIFT=1
CL_STARTED_MS=
CL_SIGNAL=
CL_SIGNAL_OF=   # whose signal it was, when not ours (cl_on_signal: the supervisor killed)
CL_FAILURES=0
CL_WARNINGS=0
CL_LEFT_PROCESSES=0   # processes a command left behind, killed by the launcher (cl_exec)
CL_TIMED_OUT=0        # 1 when cl_exec's last command was stopped by its watchdog

# The samples.csv tags the harness adds, in this order (README "Files a run writes").
CL_TAG_HARNESS=
CL_TAG_CONDITION=idle
CL_TAG_STRESSORS=0
CL_TAG_COPY=inplace
CL_TAG_LOAD=none   # none (idle), pinned or free
CL_TAG_PROC=1      # the process's index (1..K) within its cell
CL_RUN_WORKLOAD=
CL_RUN_PARAMS=
CL_RUN_WIDTH=
CL_RUN_WAIT=

CL_WHOLE_HEADER=timestamp,host,harness,condition,stressors,copy,workload,params,width,wait,tool,label,run,wall_ms,user_ms,sys_ms,minflt,majflt,exit_code,load,proc
CL_SAMPLES_TAGS=harness,condition,stressors,copy,load,proc

# The one list of workload binaries: every other fact about a workload comes
# from its binary's --describe.
CL_WL_BINARIES="p28_timing ising_trg"

# shellcheck source=harness/lib/messages.sh
. "$CL_ROOT/harness/lib/messages.sh"
# shellcheck source=harness/lib/opttable.sh
. "$CL_ROOT/harness/lib/opttable.sh"
# shellcheck source=harness/lib/options.sh
. "$CL_ROOT/harness/lib/options.sh"
# shellcheck source=harness/lib/tools.sh
. "$CL_ROOT/harness/lib/tools.sh"
# shellcheck source=harness/lib/optusage.sh
. "$CL_ROOT/harness/lib/optusage.sh"
# shellcheck source=harness/lib/probes.sh
. "$CL_ROOT/harness/lib/probes.sh"
# shellcheck source=harness/lib/results.sh
. "$CL_ROOT/harness/lib/results.sh"
# shellcheck source=harness/lib/write.sh
. "$CL_ROOT/harness/lib/write.sh"
# shellcheck source=harness/lib/meta.sh
. "$CL_ROOT/harness/lib/meta.sh"
# shellcheck source=harness/lib/run.sh
. "$CL_ROOT/harness/lib/run.sh"
# shellcheck source=harness/lib/launch.sh
. "$CL_ROOT/harness/lib/launch.sh"
# shellcheck source=harness/lib/procs.sh
. "$CL_ROOT/harness/lib/procs.sh"
# shellcheck source=harness/lib/load.sh
. "$CL_ROOT/harness/lib/load.sh"
# shellcheck source=harness/lib/csv.sh
. "$CL_ROOT/harness/lib/csv.sh"
# shellcheck source=harness/lib/workloads.sh
. "$CL_ROOT/harness/lib/workloads.sh"
# shellcheck source=harness/lib/series.sh
. "$CL_ROOT/harness/lib/series.sh"
# shellcheck source=harness/lib/widths.sh
. "$CL_ROOT/harness/lib/widths.sh"
# shellcheck source=harness/lib/plan.sh
. "$CL_ROOT/harness/lib/plan.sh"
# shellcheck source=harness/lib/rounds.sh
. "$CL_ROOT/harness/lib/rounds.sh"
