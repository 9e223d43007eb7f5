# shellcheck shell=bash
# harness/lib/opttable.sh -- the harness options, one row each: the one table
# every script's --help, its defaults (normal and QUICK), the checks of its
# values and the harness part of docs/options.md come from.
# Sourced by harness/lib/all.sh; read by harness/lib/options.sh (parsing,
# defaults, checks) and harness/lib/optusage.sh (--help, the docs table,
# which harness/optdoc.sh writes: `make options-doc`).
# The ranges of --widths (the engine's width), --stressors, --quota,
# --sample-ms and --keep-output are the C tools' own (coldload-run checks the
# last three again), common/ranges.h; tests/unit/test_num.c fails when they
# part, or when a number of seconds here is one coldload-run refuses.
#
# One row a line, nine fields separated by '|' (so no '|' inside a field):
#   flag     --name
#   arg      the value's name in --help (empty: a switch)
#   var      the key of CL_OPT the parser sets (CL_OPT[QUICK] ..., each one
#            meaning only: cl_defaults fills it from env for every script,
#            harness/lib/options.sh); '-' when the
#            script parses the flag itself: a repeatable one (compare.sh's
#            --label, threads.sh's --width-env) and --width-env-only
#   env      the COLDLOAD_* variable it comes from when not given (a flag wins), or empty
#   scripts  the scripts (harness/NAME.sh) that take it in this row's sense;
#            ~NAME: accepted, unused (report.sh hands one set of flags to all)
#   default  the value without the flag: a literal, or ~TEXT (computed; TEXT
#            says how); empty for a switch
#   quick    the default with --quick when it is another (empty: none of its own)
#   check    int:LO:HI, num:LO:HI (a number of seconds; LO excluded when 0),
#            cpus:LO:HI (a number of CPUs), factor:LO:HI (a factor, 0 off when
#            LO is 0), share:LO:HI (a fraction; these three LO and HI included),
#            ints:LO:HI (a list, blanks or commas), enum:A,B,C, enums:A,B,C (a
#            list of them), path (not starting with -), str, switch (sets 1),
#            switch:V (sets V)
#   help     the text of --help and of the docs table
# In default, quick and help, {d:--flag} and {q:--flag} stand for that flag's
# default and QUICK default in the same script. A flag may have several rows
# (--budget: 20 s for the measuring scripts, 60 s for scan.sh and threads.sh),
# a script at most one row per flag. The first row of a flag is also what a
# script without a row of its own gets (coldreport.sh's meta). The rows'
# order is --help's order.
#
# Adding an option: one row here (tests/harness/options.bats checks the
# fields), read it in the script after cl_finalize_opts (cl_opt_final FLAG
# for a script's own value), then `make options-doc`. A flag report.sh takes
# is handed on to cold, warm, loaded and firstrun: each needs it in its row,
# used or ~accepted (options.bats checks that too).

# Variables set here are read by harness/lib/options.sh and optusage.sh.
# shellcheck disable=SC2034

CL_OT_TABLE=$(cat <<'TABLE'
--quick||QUICK|COLDLOAD_QUICK|cold|||switch|QUICK mode: {q:--copies} copies, {q:--runs} steady runs, {q:--hf-runs} hyperfine runs a kind, budget {q:--budget} s
--quick||QUICK|COLDLOAD_QUICK|warm|||switch|QUICK mode: {q:--max-procs} processes a cell, {q:--runs} runs, budget {q:--budget} s, TRG with one beta, chi 8, 10 steps
--quick||QUICK|COLDLOAD_QUICK|loaded|||switch|QUICK mode: {q:--load} load only, {q:--max-procs} processes a cell, {q:--runs} runs, budget {q:--budget} s, TRG with one beta, chi 8, 10 steps
--quick||QUICK|COLDLOAD_QUICK|firstrun|||switch|QUICK mode: {q:--procs} processes a pair, {q:--runs} runs, budget {q:--budget} s, TRG chi 8, 10 steps
--quick||QUICK|COLDLOAD_QUICK|report|||switch|QUICK mode everywhere (fewer copies, processes and runs, one beta, budget {q:--budget} s, {q:--load} load only, no scan; about 90 s on 2 cores)
--quick||QUICK|COLDLOAD_QUICK|scan|||switch|QUICK mode: deadline {q:--total} s, {q:--runs} runs, cap {q:--budget} s a process
--quick||QUICK|COLDLOAD_QUICK|threads|||switch|QUICK mode: {q:--max-procs} runs a cell, cap {q:--budget} s
--quick||QUICK|COLDLOAD_QUICK|ab|||switch|QUICK mode: a time budget of {q:--total} s, cap {q:--budget} s a run
--quick||QUICK|COLDLOAD_QUICK|bisect|||switch|QUICK mode: every comparison ab.sh --quick (a time budget of 30 s, cap {q:--budget} s a run; one asked again: at most 60 blocks)
--quick||QUICK|COLDLOAD_QUICK|history|||switch|QUICK mode: the ab job ab.sh --quick (a time budget of {q:--total} s, cap {q:--budget} s a run)
--out|DIR|OUT|COLDLOAD_OUT|cold warm loaded firstrun report threads coldreport|~results/<UTC stamp>-<host>||path|results directory, appended to when it exists; results/latest links to the newest stamped one
--out|DIR|OUT|COLDLOAD_OUT|ab|~results/<UTC stamp>-<host>||path|results directory of this job alone: one holding another job's runs or answers is refused (exit 2; its pairs are matched by block); results/latest links to the newest stamped one
--out|DIR|OUT|COLDLOAD_OUT|scan|~results/scans/<UTC stamp>-<host>||path|results directory; results/scans/latest links to the newest stamped one
--out|DIR|OUT|COLDLOAD_OUT|bisect|~results/bisect-<UTC stamp>-<host>||path|results directory of this job alone: one holding another job's runs or answers is refused (exit 2)
--out|DIR|OUT|COLDLOAD_OUT|history|~results/history-<UTC stamp>-<host>||path|the history directory: a later job of the same baseline into it adds the commits not yet measured under its load (the rest kept); one of another job or baseline is refused (exit 2)
--out|DIR|COMPARE_OUT||compare|~results/compare-<UTC stamp>||path|the comparison directory
--results|DIR|RESULTS||plots|~results/latest||path|the results directory to render
--binary|PATH|BINARY||cold|~build/p28_timing: grad and svdvals||path|investigate any executable (a bare name is looked up on PATH), run with ARGS; no in-process rows then
--a|CMD|AB_A|COLDLOAD_AB_A|ab|~required||str|side A: a program (a bare name is looked up on PATH) and its arguments, split at blanks (no shell reads them); run again as the A/A arm
--b|CMD|AB_B|COLDLOAD_AB_B|ab|~required||str|side B, as --a
--bs|FILE|AB_BS||ab|~none||path|several B sides instead of --b: FILE holds one command a line (sides B1, B2 ...), each compared with A in the same shuffled blocks (A, every B, A again), each with its own answer and stop in sides/Bk/ (make history)
--repo|DIR|BISECT_REPO||bisect history|~required||path|the git repository, never written: it is cloned (git clone --shared) into the results directory's temporary directory, each commit a worktree of the clone
--good|REV|BISECT_GOOD||bisect|~required||str|the commit known good: the older end, an ancestor of --bad on its first-parent line
--bad|REV|BISECT_BAD||bisect|~required||str|the commit known bad: the newer end
--revs|A..B|HISTORY_REVS||history|~required||str|the range: A (the baseline) and every commit after it on B's first-parent line up to B
--build|CMD|BISECT_BUILD||bisect history|~required||str|builds a commit: a program and its arguments, split at blanks (no shell reads them), {src} in them the path of the commit's own worktree, where it runs; once a commit, capped at --build-cap
--run|CMD|BISECT_RUN||bisect history|~required||str|what is timed, a command as --build's (e.g. {src}/prog ARGS); each commit's is run once first (capped at --budget): a commit whose build or run fails, passes its cap or prints nothing is skipped, said
--every|K|HISTORY_EVERY||history|1||int:1:9999|every K-th commit of the range: A, the K-th after it ... (1: all)
--again||HISTORY_AGAIN||history|||switch|measure every commit again (its rows replaced), not only those the history lacks under this load
--build-cap|SECONDS|BUILD_CAP||bisect history|600||int:1:604800|the cap of one build: past it the commit is skipped
--cold||COLD|COLDLOAD_COLD|ab bisect history|||switch|each measured run of A, B and A again is the first run of a fresh copy of its program, the copy's pages dropped from the page cache (coldload-evict): the first-run trap on the comparison
--binary|PROG|BINARY||threads|~required||path|the program (a bare name is looked up on PATH); ARGS are its arguments, {width} in them replaced by each cell's width
--series-regex|RE|SERIES_REGEX|COLDLOAD_SERIES_REGEX|threads cold|~none||str|a program that prints one time per call, one a line: RE (a POSIX extended regex) picks each time out of its stdout, its first capture group the number in ms, e.g. 'time: ([0-9.]+) ms'; the times are each process's calls, classed flat, warmup, slowdown or no steady state (docs/series.md). A RE that does not compile, has no group or has a back-reference (\1-\9): exit 2; a run whose output has none: a note
--copies|K|COPIES||cold|5|2|int:1:100|fresh copies
--hf-runs|N|HF_RUNS||cold|10|5|int:2:1000|hyperfine runs per kind
--kinds|LIST|KINDS||firstrun|~same fresh evicted, and dropcache as root||enums:same,fresh,evicted,dropcache|copy kinds of the base runs
--workloads|LIST|WORKLOADS||firstrun|~grad svdvals trg; trg only when ising_trg is built||enums:grad,svdvals,trg|the workloads
--scan|WHICH|SCAN|COLDLOAD_SCAN|scan|both||enum:wait,load,both|wait, load or both
--scan||REPORT_SCAN|COLDLOAD_REPORT_SCAN|report|1|0|switch:1|run the scan (harness/scan.sh --quick --scan load: the map of when threads hurt) as the last step, into DIR/scan-run/, apart from the report's samples; its deadline is 240 s, each process capped at 10 s. --scan=1 or --scan=0 (yes, no) set it either way; the last flag wins
--no-scan||REPORT_SCAN||report|||switch:0|no scan
--total|SECONDS|SCAN_TOTAL|COLDLOAD_SCAN_TOTAL|scan|1800|240|num:0:604800|the scan's deadline from its start
--load|KIND|LOAD|COLDLOAD_LOAD|loaded report ~cold ~warm ~firstrun ~scan|both|pinned|enum:pinned,free,both|pinned: one stress-ng worker bound to each CPU (reproducible); free: unbound stress-ng --cpu S (where the scheduler puts it); both: pinned, then free
--load|KIND|LOAD|COLDLOAD_LOAD|threads|both||enum:pinned,free,both,quota,all|the loads besides idle: pinned (one stress-ng worker bound to each CPU: it decides the answer), free (unbound), both; quota (no load program: each run under a CPU quota of --quota CPUs, as in a container), all (pinned, free and quota)
--load|KIND|LOAD|COLDLOAD_LOAD|ab history|none||enum:none,pinned,free|the load both sides run under: none (idle), pinned (one stress-ng worker bound to each CPU), free (unbound)
--load|KIND|LOAD|COLDLOAD_LOAD|bisect|none||enum:none,pinned,free|the load of every comparison (ab.sh --load): none (idle), pinned (one stress-ng worker bound to each CPU), free (unbound); with pinned or free each change found is also compared idle ("only under load")
--quota|CPUS|QUOTA||threads|~half the usable CPUs, at least 1||cpus:0.01:4096|the CPU quota of the quota level (its cgroup's cpu.max, or the v1 cpu controller's cfs_quota_us)
--procs|K|PROCS|COLDLOAD_PROCS|firstrun|5|3|int:1:100|processes per run kind; the parts need >= 5 for their spread
--procs|K|PROCS|COLDLOAD_PROCS|threads|~3 to {d:--max-procs}, the stopping rule|{q:--max-procs}|int:1:100|runs (processes) per cell: without it a load level takes rounds until its answer is known (threads hurt or not, one best width; docs/threads.md); --procs K forces exactly K
--procs|K|PROCS|COLDLOAD_PROCS|warm loaded report ~cold|~3 to {d:--max-procs}, the stopping rule|{q:--max-procs}|int:1:100|processes per (workload, width[, load]) cell: without it a cell stops once its answer is known (the stopping rule, docs/verdicts.md); --procs K forces exactly K
--procs|K|PROCS|COLDLOAD_PROCS|scan|3|3|int:3:100|processes per cell
--max-procs|K|MAX_PROCS|COLDLOAD_MAX_PROCS|warm loaded report threads ~cold ~firstrun|7|3|int:3:100|the most processes the stopping rule gives a cell; not with --procs
--max-procs|K|MAX_PROCS|COLDLOAD_MAX_PROCS|ab|~none: as many as --total holds (at most 1000)||int:8:1000|the most blocks (one run of A, of B and of A again each), a cap besides --total: blocks stop once B/A's interval is within --precision, at 8 blocks at the earliest
--max-procs|K|MAX_PROCS|COLDLOAD_MAX_PROCS|bisect history|~none: ab.sh's, as many as its --total holds||int:8:500|ab.sh --max-procs: the most blocks of a comparison (make bisect asks a not resolved one again on twice K: without K 200, QUICK 60)
--seed|N|SEED|COLDLOAD_SEED|warm loaded firstrun report scan threads ~cold ab history|~from the clock||int:0:999999999|seed of the shuffled order of the cells in each round, kept in meta.txt
--seed|N|SEED|COLDLOAD_SEED|bisect|~from the clock||int:0:999999999|seed of the first comparison (ab.sh --seed), of each next one N+1, N+2 ...; kept in meta.txt
--seed|N|COMPARE_SEED||compare|20261203||int:0:4294967295|the bootstrap's seed
--label|TEXT|-||compare|~host and date from meta.txt||str|a name per input, in order; repeatable
--widths|LIST|WIDTHS|COLDLOAD_WIDTHS|warm loaded report threads ~cold|~"1 N", N = min(8, nproc)||ints:1:256|engine widths, e.g. "1 2" or 1,2; a width above the CPUs or the cgroup limit is measured but warned about
--widths|LIST|WIDTHS|COLDLOAD_WIDTHS|firstrun|~min(8, nproc)||ints:1:256|the OpenBLAS pool of the base runs is the largest
--widths|LIST|WIDTHS|COLDLOAD_WIDTHS|scan|~wait 1 2 4 .. N N+1, load 1 2 4 .. N 2N; N usable CPUs||ints:1:256|the widths of both scans
--widths|LIST|WIDTHS|COLDLOAD_WIDTHS|ab bisect history|~none: each command as given, one answer||ints:1:256|ask it at each width: every run of A, B and A again with the width in the variables threaded runtimes read (OMP_NUM_THREADS ...) and for {width} in the commands, as make threads writes a cell; blocks hold every width still open, one answer per width (docs/ab.md)
--stressors|LIST|STRESSORS|COLDLOAD_STRESSORS|loaded report threads ~cold ~warm ~firstrun ab|~one per usable CPU||ints:1:1024|load workers: one load for each S in LIST
--stressors|LIST|STRESSORS|COLDLOAD_STRESSORS|scan|~1 N/2 N-1 N||ints:1:1024|the load scan's load levels besides 0
--budget|SECONDS|BUDGET|COLDLOAD_BUDGET|warm loaded firstrun report|20|2|num:0:86400|time budget per process, passed to the binaries
--budget|SECONDS|BUDGET|COLDLOAD_BUDGET|cold|20|6|num:0:86400|time budget per run, passed to coldload's binaries; with --binary, how long one run may take before it is ended
--budget|SECONDS|BUDGET|COLDLOAD_BUDGET|scan|60|10|num:0:86400|the most one process may take
--budget|SECONDS|BUDGET|COLDLOAD_BUDGET|threads|60|10|num:0:86400|cap of one run: past it the run is ended (TERM, then KILL after --grace) and counts as at least that long (censored, status cut)
--budget|SECONDS|BUDGET|COLDLOAD_BUDGET|ab bisect history|60|10|num:0:86400|cap of one run: past it the run is ended (TERM, then KILL after --grace) and counts as at least that long
--slow-stop|F|SLOW_STOP||threads|12||factor:0:100000|a loaded run that has taken F x the idle median of its width is ended as known slow and counts as at least that long (censored, status slow); 12 is 1.2x the contention threshold of 10x idle, so a stopped cell's verdicts are still decided; 0 off
--remedies|MODE|REMEDIES|COLDLOAD_REMEDIES|threads|auto||enum:off,auto,all|at a load level where threads hurt, the default cell again with each setting that applies to the runtimes it loaded (OMP_WAIT_POLICY=passive, KMP_BLOCKTIME=0 ...: `coldload-summarize --list-remedies`) and at the width of the CPUs the load leaves free: the report's "What fixes it here"; all: every setting at every loaded level; off: none
--runs|N|RUNS|COLDLOAD_RUNS|warm loaded firstrun report ~threads|20|5|int:1:100000|steady runs per process; the TRG 3, QUICK 2, unless given
--runs|N|RUNS|COLDLOAD_RUNS|cold|20|5|int:1:100000|steady runs per in-process measurement
--runs|N|RUNS|COLDLOAD_RUNS|scan|20|5|int:1:100000|steady runs per process
--precision|P|PRECISION|COLDLOAD_PRECISION|warm loaded firstrun report scan ~cold|0.1||share:0:1|the stopping rule within a process: its steady calls stop once their median is known to +-P of itself (at least 3 calls; 0 takes every --runs); firstrun.sh: a part is known to +-P of the first run's extra (docs/verdicts.md)
--precision|P|PRECISION|COLDLOAD_PRECISION|ab bisect history|0.03||share:0:1|blocks stop once B/A's 99% interval is within +-P of the ratio (docs/ab.md)
--settle||AB_SETTLE||ab|||switch|also stop a width once its verdict is settled: slower or faster with the whole B/A interval beyond 10 %, so more blocks would narrow the ratio, not change the verdict (what a search asks: make bisect's search steps; results.json's stopped settled)
--total|SECONDS|TOTAL||threads|~none||num:0:604800|deadline of the whole measurement: no run starts after it, the rest is missing, with a warning
--total|SECONDS|AB_TOTAL|COLDLOAD_AB_TOTAL|ab history|120|30|num:0:604800|the job's time budget: after the 8 blocks the rule needs, blocks go on while another fits in what is left (at the mean time of the blocks so far), so a fast program gets as many as its precision needs and a slow one stops in time; its stop is stops.csv's how time (docs/ab.md)
--grace|SECONDS|GRACE||threads ab|5||num:0:600|after the cap's TERM, KILL this much later
--width-env|VAR|-||threads|||str|one more variable to set the width in (repeatable)
--width-env-only|"VAR..."|-||threads|||str|set the width in these variables only
--check-output||CHECK_OUTPUT||threads|1||switch:1|compare the output's hash across cells: stdout's, or the file's of {out} in ARGS or --check-file
--no-check-output||CHECK_OUTPUT||threads|||switch:0|do not compare the output's hash across cells (a program printing times)
--check-file|PATH|CHECK_FILE||threads|~none: stdout, or the file of {out} in ARGS||path|check the file the program writes at PATH instead of stdout: removed before each run, its content hashed after it; {out} in ARGS instead gives each run a fresh path of its own, removed once hashed. Not both, nor with --no-check-output
--sample-ms|MS|SAMPLE_MS||threads ab|10||int:0:60000|interval of the CPU sampler, 0 off; chosen by make bench-run
--keep-output|BYTES|KEEP_OUTPUT||threads ab|2097152||int:0:1073741824|the most bytes of each run's stdout and of its stderr kept in logs/: the first and the last half, a line saying how much was dropped between (the output's hash covers all of it); 2 MiB keeps a program's whole result and bounds a run's logs at 4 MiB; 0 keeps everything
--strict||STRICT|COLDLOAD_STRICT|cold warm firstrun report scan threads ~loaded ab bisect history|||switch|refuse (exit 3) instead of warning when the machine is busy before an idle measurement
--export-hyperfine|FILE|EXPORT_HF||report threads coldreport compare ~cold ~warm ~loaded ~firstrun ab|~none: only DIR/hyperfine.json||path|also write the cells in hyperfine's JSON format (hyperfine --export-json: one result per cell, times in seconds; docs/json.md) to FILE; DIR/hyperfine.json is written either way (compare: only to FILE, every input's cells, each command naming its input)
--dry-run||DRY||warm loaded scan|||switch|print the cells and their processes, run nothing; COLDLOAD_NPROC=N (--dry-run only) plans for a machine of N CPUs
TABLE
)

# The table as one associative array, CL_OT[I,FIELD] for row I (0 ..
# CL_OT_N-1) and FIELD one of flag, arg, var, env, scripts, def, quick,
# check, help (the fields above, in their order).
declare -gA CL_OT=()
CL_OT_N=0
while IFS='|' read -r f a v e s d q c h; do
    CL_OT[$CL_OT_N,flag]=$f CL_OT[$CL_OT_N,arg]=$a CL_OT[$CL_OT_N,var]=$v CL_OT[$CL_OT_N,env]=$e
    CL_OT[$CL_OT_N,scripts]=$s CL_OT[$CL_OT_N,def]=$d CL_OT[$CL_OT_N,quick]=$q CL_OT[$CL_OT_N,check]=$c
    CL_OT[$CL_OT_N,help]=$h
    CL_OT_N=$((CL_OT_N + 1))
done <<<"$CL_OT_TABLE"
unset f a v e s d q c h
