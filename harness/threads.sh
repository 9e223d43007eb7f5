#!/usr/bin/env bash
# harness/threads.sh -- the threads question for anyone's program: do threads
# hurt PROG under full load here, and which width should its users run?
#
# Cells are width x load: each width of --widths, set in the environment
# variables threaded runtimes read (OMP_NUM_THREADS, OPENBLAS_NUM_THREADS ...,
# the list below) and put for {width} in ARGS, plus a `default` cell with
# none of them set (what the program does on its own); loads idle, pinned
# (one stress-ng worker bound to each CPU) and free (unbound), the load code
# of loaded.sh. Per load level, rounds of one run per cell in a shuffled
# order: 3, then more while the level's answer is not known (coldload-summarize
# --threads-decided), up to --max-procs; --procs K forces K. Each run goes
# through coldload-run (src/tools/coldload-run.c): wall time, rusage, the CPUs its
# threads ran on, perf counters, the output's hash (stdout's, or a file's:
# {out} in ARGS, --check-file), a cap, and whatever it left behind killed.
# Idle runs come first: a loaded run that has taken --slow-stop F x its
# width's idle median is ended as known slow, and it, like a run ended at
# the cap, counts as at least that long (censored).
# Then the summary and a report of its own (harness/plots.sh, meta
# job=threads).
set -euo pipefail
# shellcheck source=harness/lib/all.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/all.sh"
# shellcheck source=harness/lib/cellrun.sh
. "$CL_ROOT/harness/lib/cellrun.sh"
# shellcheck source=harness/lib/levels.sh
. "$CL_ROOT/harness/lib/levels.sh"

usage() {
    cl_usage '[-- ARGS...]' <<USAGE
A \`default\` cell (none of the variables set) is added to the widths, unless ARGS hold {width}.
{out} in ARGS: a fresh file path per run, whose content is the output checked (not stdout).
Default variables: $CL_WIDTH_ENV_DEFAULT
Writes runs.csv (every run), samples.csv and whole.csv (their rows), meta.txt, logs/, then
summary.csv, verdicts.txt, plots/ and report.html. Exit: 0 done, 1 the runs or the report failed
(what was measured is kept), the program failed in every run or no run was recorded, or it cannot start (its warm-up
run: exit 126 or 127, one line quoting its stderr, before any load), 2 bad flags or program, 3
busy machine with --strict.
USAGE
}

cl_init threads "$@"
cl_defaults
args=()
envs=$CL_WIDTH_ENV_DEFAULT
while [ $# -gt 0 ]; do
    case $1 in
        --width-env) cl_optval "$@"; envs+=" $2"; shift 2 ;;
        --width-env-only) cl_optval "$@"; envs=${2//,/ }; shift 2 ;;
        --) shift; args=("$@"); break ;;
        *) cl_common_opt "$@" || cl_usage_error "unknown option '$1'"; shift "$CL_SHIFT" ;;
    esac
done
cl_finalize_opts
cl_opt_final --check-output
binary=${CL_OPT[BINARY]} total=${CL_OPT[TOTAL]} check_output=${CL_OPT[CHECK_OUTPUT]} check_file=${CL_OPT[CHECK_FILE]}
[ -n "$binary" ] || cl_usage_error "--binary PROG is required"
[ -z "$total" ] || cl_opt_check --total "$total"
cl_opt_final --grace
cl_opt_final --sample-ms
cl_opt_final --slow-stop
# checked before anything is made (its default needs the usable CPUs: below)
[ -z "${CL_OPT[QUOTA]}" ] || cl_opt_check --quota "${CL_OPT[QUOTA]}"
cl_opt_final --keep-output
cl_opt_final --remedies
grace=${CL_OPT[GRACE]} sample_ms=${CL_OPT[SAMPLE_MS]} slow_stop=${CL_OPT[SLOW_STOP]} keep_output=${CL_OPT[KEEP_OUTPUT]}
remedies_mode=${CL_OPT[REMEDIES]}
# the variables a width is written into (harness/lib/widths.sh)
cl_width_env "$envs"
# The program, before anything starts: one line and exit 2 when it cannot run.
cl_program binary --binary "$binary"
name=$(basename "$binary")
params="${args[*]}"
threads_set binary "$binary"
threads_set name "$name"
threads_set params "$params"
threads_set_args "${args[@]}"
# What the output check hashes: stdout, the file of {out} (a fresh path per
# run, made below) or --check-file's (one path, removed before each run).
check_what=stdout
if [[ $params == *'{out}'* ]]; then
    [ -z "$check_file" ] || cl_usage_error "--check-file and {out} in ARGS both name the file to check: give one"
    check_what='{out}'
elif [ -n "$check_file" ]; then
    [[ $check_file == /* ]] || check_file=$PWD/$check_file
    [ ! -d "$check_file" ] || cl_usage_error "--check-file: '$check_file' is a directory"
    [ ! "$check_file" -ef "$binary" ] || cl_usage_error "--check-file: '$check_file' is the program itself"
    # removed before each run: only a regular file of the program's, never a device node
    cl_target_check --check-file "$check_file"
    check_what=$check_file
fi
if [ "$check_output" = 0 ] && [ "$check_what" != stdout ]; then
    given='{out} in ARGS'
    [ -z "$check_file" ] || given=--check-file
    cl_usage_error "--no-check-output with $given: the file would not be checked"
fi
threads_set check_output "$check_output"
threads_set check_what "$check_what"
threads_set check_file "$check_file"
# a width given twice would be one cell's runs twice: refused as ab.sh does
read -ra widths <<<"$CL_WIDTHS"
cl_widths_distinct --widths "${widths[@]}"
cl_need_tools stress-ng
cl_need_binary "$CL_BUILD/coldload-run"

cl_results_init
cl_traps
cl_meta_begin
cl_meta job threads
cells=("${widths[@]}")
# the width run again where no cell is a twin (levels.sh's threads_again): the narrowest
threads_set again_width "$(printf '%s\n' "${widths[@]}" | sort -n | head -1)"
if [[ $params == *'{width}'* ]]; then
    cl_meta threads_default_cell "none: ARGS hold {width}, which has no value without a width"
else
    cells+=(default)
    cl_meta threads_default_cell "yes: none of threads_width_env set, {width} absent"
fi
loads=(none)
for l in $CL_LOADS; do loads+=("$l"); done
read -ra usable <<<"$(cl_cpus_usable)"
[ -n "${CL_OPT[STRESSORS]}" ] || CL_STRESSORS=${#usable[@]}
# the quota level's CPUs: given, else half the usable CPUs (at least 1)
quota=${CL_OPT[QUOTA]:-$(( ${#usable[@]} / 2 > 0 ? ${#usable[@]} / 2 : 1 ))}
read -ra stressors <<<"$CL_STRESSORS"
threads_set cells "${cells[*]}"
threads_set loads "${loads[*]}"
threads_set stressors "${stressors[*]}"
threads_set quota "$quota"
threads_set slow_stop "$slow_stop"
threads_set remedies_mode "$remedies_mode"
threads_set total "$total"
cl_meta threads_binary "$binary"
cl_meta threads_args "$params"
cl_meta threads_widths "$CL_WIDTHS"
cl_meta threads_cells "${cells[*]}"
cl_meta threads_loads "${loads[*]}"
cl_meta threads_stressors "$CL_STRESSORS"
[[ " ${loads[*]} " != *" quota "* ]] || cl_meta threads_quota "$quota"
if [ "$CL_PROCS_MIN" = "$CL_PROCS_MAX" ]; then
    cl_meta threads_procs "$CL_PROCS_MAX"
else
    cl_meta threads_procs "$CL_PROCS_MIN to $CL_PROCS_MAX, the stopping rule"
fi
cl_meta threads_slow_stop "$slow_stop"
cl_meta threads_remedies "$remedies_mode"
cl_meta threads_shuffle_seed "$CL_SEED"
cl_meta threads_budget_s "$CL_BUDGET"
cl_meta threads_grace_s "$grace"
cl_meta threads_total_s "${total:-none}"
cl_meta threads_width_env "${CL_WIDTH_ENV[*]}"
cl_meta threads_check_output "$check_output"
if [ "$check_output" = 1 ]; then cl_meta threads_check_what "$check_what"; else cl_meta threads_check_what none; fi
cl_meta threads_sample_ms "$sample_ms"
cl_meta threads_keep_output "$keep_output"
cl_meta threads_cpus_usable "${usable[*]}"
threads_inherited_quota "${#usable[@]}"
cl_meta threads_warmup "one unmeasured idle run per cell before the rounds (page cache warm)"
cl_check_widths
RANDOM=$CL_SEED

# One run: --grace after the cap's TERM, and the watchdog behind both.
CL_WATCHDOG_S=$(awk -v b="$CL_BUDGET" -v g="$grace" 'BEGIN { printf "%d", b + g + 30 }')
nruns=$(( ${#cells[@]} * CL_PROCS_MAX * (1 + (${#loads[@]} - 1) * ${#stressors[@]}) ))
CL_STRESS[timeout_s]=$(awk -v n="$nruns" -v w="$CL_WATCHDOG_S" 'BEGIN { printf "%d", n * w + 60 }')
runs_csv=$CL_OUT/runs.csv
threads_set runs_csv "$runs_csv"
cl_runs_columns   # what runs.csv's columns are (the launcher's table): the summary reads it by name
cl_tmpdir tmp   # the launcher's result line, and the files of {out}: one per run, removed once hashed
threads_set tmp "$tmp"
# The runs' counts (per cell: taken, failed, stopped; per width: idle times
# and slow limits) are the job state's, harness/lib/cellrun.sh.

cl_progress_start $(( nruns + ${#cells[@]} ))
CL_TAG_CONDITION=idle CL_TAG_STRESSORS=0 CL_TAG_COPY=inplace CL_TAG_LOAD=none
cl_busy_check "the idle runs"
for c in "${cells[@]}"; do
    cl_progress "width $c, warm-up run (not measured)"
    threads_run "$c" 0 1
done
for l in "${loads[@]}"; do
    if [ "$l" = quota ]; then threads_quota_level; continue; fi
    for s in "${stressors[@]}"; do
        [ "${CL_TH[deadline_hit]}" = 0 ] || break
        if [ "$l" = none ]; then
            CL_TAG_CONDITION=idle CL_TAG_STRESSORS=0 CL_TAG_LOAD=none
        else
            CL_TAG_CONDITION=loaded CL_TAG_STRESSORS=$s CL_TAG_LOAD=$l
            printf 'coldload threads: starting %s load, %s stress-ng CPU workers\n' "$l" "$s" >&2
            cl_stress_start "$l" "$s"
            cl_meta_probe "threads_${l}_s${s}_established"
            [ "$l" = pinned ] && cl_meta "threads_${l}_s${s}_workers" "${CL_STRESS[workers]}"
        fi
        [ "$l" != none ] || cl_idle_begin
        threads_level_rounds "$l" "$s"
        [ "$l" != none ] || cl_idle_end
        [ "$l" = none ] || threads_remedies "$l" "$s"
        if [ "$l" != none ]; then cl_stress_stop; fi
        if [ "$l" = none ]; then threads_slow_limits; break; fi   # idle is one block
    done
done

# Per cell: runs taken and failed, for meta and the report's lines.
nfail=0 ntaken=0
for key in "${!CL_TH_TAKEN[@]}"; do
    f=${CL_TH_FAILED[$key]:-0} t=${CL_TH_TAKEN[$key]}
    nfail=$((nfail + f)) ntaken=$((ntaken + t))
    [ "$f" -eq 0 ] || cl_meta threads_failed "width ${key%/*}, load ${key#*/}: $f of $t runs failed"
    [ -z "${CL_TH_STOPPED[$key]:-}" ] || cl_meta threads_stopped "width ${key%/*}, load ${key#*/}: ${CL_TH_STOPPED[$key]}"
done
cl_meta threads_runs_failed "$nfail"
left_total=${CL_TH[left_total]}
cl_meta threads_left_processes "$left_total"
[ "$left_total" -eq 0 ] || cl_warn "the program left $left_total process(es) behind over the runs; each was killed after its run (meta threads_left)"
[ "${CL_TH[deadline_hit]}" = 0 ] || cl_warn "--total ${total}s reached: the runs not started are missing (meta threads_total_s)"
[ "$CL_FAILURES" -eq 0 ] || cl_warn "$CL_FAILURES run(s) could not be launched or recorded"
cl_series_runs "$runs_csv"   # --series-regex: meta, and a note for runs without a time

prc=0
hf=()
[ -z "${CL_OPT[EXPORT_HF]}" ] || hf=(-- --export-hyperfine "${CL_OPT[EXPORT_HF]}")
cl_bg bash "$CL_ROOT/harness/plots.sh" --results "$CL_OUT" "${hf[@]}" || prc=$?
[ "$prc" -eq 0 ] || cl_die "plots.sh failed (exit $prc); the runs measured are in $CL_OUT"
printf '\ncoldload threads report: %s/report.html\n                         %s/report.md (verdicts: %s/verdicts.txt)\n' \
    "$CL_OUT" "$CL_OUT" "$CL_OUT" >&2
# every run failed, or none was recorded (coldload-run itself failed or was
# killed each time): no time of the program at all, whatever the report says
if [ "$ntaken" -eq 0 ] && [ "$CL_FAILURES" -gt 0 ]; then
    cl_die "no run of $name was recorded: coldload-run failed in all $CL_FAILURES (the warnings above; logs/)"
fi
if [ "$nfail" -gt 0 ] && [ "$nfail" -eq "$ntaken" ]; then
    first=$(head -c 1048576 -- "$CL_META" | sed -n 's/^threads_first_failure=//p' | head -n 1)
    cl_die "$name failed in every run ($nfail of $nfail; the first: ${first:-see the status column of runs.csv}): there is no time of it"
fi
