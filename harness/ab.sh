#!/usr/bin/env bash
# harness/ab.sh -- is B faster than A? Two commands timed interleaved, with
# an A/A arm, and the answer by coldload's one rule for a difference.
#
# Blocks of three runs -- A, B and A again (the A/A arm, side A2) -- each
# block in a fresh random order (--seed; samples.csv's proc is the block),
# every run through coldload-run (wall and CPU time, CPU pressure, where its
# threads ran, its output's hash, a cap, whatever it left behind killed).
# Interleaving puts whatever the machine does during a block on both sides
# of its pair, so it cancels in their ratio; the A/A arm measures what is
# left, this machine's noise now, and the answer is never finer than it
# (verdict/answerab.h, docs/ab.md). Blocks go on until B/A's interval is
# within --precision (8 at the least: the paired rule says nothing below;
# with --settle also once its verdict is slower or faster beyond 10 %),
# while another block fits in what is left of the job's time budget
# (--total: at the mean time of the blocks so far), and up to --max-procs
# when it is given. With --widths, each width is its own question: every
# run of a width gets it as make threads writes a cell (harness/lib/widths.sh:
# the runtimes' thread variables, {width} in the commands), a block holds
# A, B and A again of every width still open in one shuffled order, and a
# width stops once its own B/A is known (one stops.csv row each). Idle, or
# under pinned or free load
# (stress-ng, loaded.sh's load code). Then the summary and a report of its
# own (harness/plots.sh, meta job=ab). With --bs FILE (one B command a
# line: sides B1, B2 ...) every B runs in the same blocks, each block A, each
# B and A again in one shuffled order, so the B sides' ratios to A carry no
# drift between them; each B's answer is its own (its stop, its directory
# sides/Bk/: A, that B and A again, harness/lib/sides.sh) -- make history.
set -euo pipefail
# shellcheck source=harness/lib/all.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/all.sh"
# shellcheck source=harness/lib/sides.sh
. "$CL_ROOT/harness/lib/sides.sh"

usage() {
    cl_usage '' <<USAGE
A and B are commands: a program (a bare name is looked up on PATH) and its arguments, split at
blanks -- no shell reads them, so a quote is a character of an argument.
Writes runs.csv (every run), samples.csv and whole.csv (their rows), meta.txt, logs/, then
summary.csv, results.json (the answer: id ab), hyperfine.json and report.html; with --bs those of
each B side in sides/Bk/ (A, that B and A again), sides.tsv naming them. Exit: 0 done,
1 the runs or the report failed (what was measured is kept), a side failed in every run (said
first), or a side cannot start (its warm-up run: exit 126 or 127), 2 bad flags, program or
--out, 3 busy machine with --strict.
USAGE
}

cl_init ab "$@"
cl_defaults
while [ $# -gt 0 ]; do
    cl_common_opt "$@" || cl_usage_error "unknown option '$1'"
    shift "$CL_SHIFT"
done
cl_finalize_opts
# every value's range first, then what is missing
cl_opt_final --grace
cl_opt_final --sample-ms
cl_opt_final --keep-output
cl_opt_final --precision
cl_opt_final --total
# the job's clock starts here: its time budget is the whole job's
ab_t0=$(cl_now_ms)
[ -n "${CL_OPT[AB_A]:-}" ] || cl_usage_error "--a CMD is required (side A: a program and its arguments)"
# the B sides: --b's (side B), or --bs FILE's, one command a line (B1, B2 ...)
b_sides=(B)
declare -A b_cmd=()
if [ -n "${CL_OPT[AB_BS]:-}" ]; then
    [ -z "${CL_OPT[AB_B]:-}" ] || cl_usage_error "--b and --bs: give one of them"
    cl_bs_read b_sides b_cmd "${CL_OPT[AB_BS]}"
    [ -z "${CL_OPT[EXPORT_HF]}" ] || cl_usage_error "--export-hyperfine with --bs: hyperfine's format holds two commands, not ${#b_sides[@]} B sides"
else
[ -n "${CL_OPT[AB_B]:-}" ] || cl_usage_error "--b CMD is required (side B: a program and its arguments)"
# a command is one line: a newline would end what runs while meta.txt and
# the report record the rest
[[ ${CL_OPT[AB_A]} != *[[:cntrl:]]* ]] || cl_usage_error "--a: a control character (a newline, a tab ...) in the command: give it on one line, its words split at blanks"
[[ ${CL_OPT[AB_B]} != *[[:cntrl:]]* ]] || cl_usage_error "--b: a control character (a newline, a tab ...) in the command: give it on one line, its words split at blanks"
fi
grace=${CL_OPT[GRACE]}
precision=${CL_OPT[PRECISION]} total=${CL_OPT[AB_TOTAL]} settle=${CL_OPT[AB_SETTLE]:-0}
case ${CL_OPT[COLD]:-} in 1 | yes | true) cold=1 ;; *) cold=0 ;; esac
# the paired rule's smallest sample at its 1 %: 8 blocks (verdict/answerab.h)
CL_PROCS_MIN=8
load=$CL_LOADS
[[ $load =~ ^(none|pinned|free)$ ]] || cl_usage_error "--load: expected none, pinned or free, got '$load'"
# the widths asked (--widths), or the one `default`: each command as given,
# nothing set (cl_finalize_opts's CL_WIDTHS has a default of its own: not ab's)
widths=(default)
if [ -n "${CL_OPT[WIDTHS]}" ]; then
    read -ra widths <<<"$CL_WIDTHS"
    cl_widths_distinct --widths "${widths[@]}"
    cl_width_env "$CL_WIDTH_ENV_DEFAULT"
elif [[ "${CL_OPT[AB_A]} ${CL_OPT[AB_B]} ${b_cmd[*]}" == *'{width}'* ]]; then
    cl_usage_error "{width} in a command needs --widths: without it no width is set"
fi

# ab_command VAR CMD [FLAG]: the words of CMD into the array VAR, its program
# resolved on PATH and checked before anything starts (one line, exit 2,
# naming FLAG: --a or --b by default).
ab_command() {
    local -n words=$1
    local flag=${3:---${1#cmd_}}
    read -ra words <<<"$2"
    [ ${#words[@]} -gt 0 ] || cl_usage_error "$flag: expected a program and its arguments, got '$2'"
    local prog
    cl_program prog "$flag" "${words[0]}"
    words[0]=$prog
}
declare -a cmd_a=() cmd_b=()
ab_command cmd_a "${CL_OPT[AB_A]}"
if [ -z "${CL_OPT[AB_BS]:-}" ]; then
    ab_command cmd_b "${CL_OPT[AB_B]}"
else
    # side Bk's words: the array cmd_Bk
    for side in "${b_sides[@]}"; do
        declare -a "cmd_$side=()"
        ab_command "cmd_$side" "${b_cmd[$side]}" "--bs ${CL_OPT[AB_BS]}, side $side"
    done
fi
cl_need_tools stress-ng
cl_need_binary "$CL_BUILD/coldload-run"
[ "$cold" = 0 ] || cl_need_binary "$CL_BUILD/coldload-evict"

# pairs are matched by block number: another job's runs in --out would be
# paired with this one's (refused before anything is made, its files kept)
[ -z "${CL_OPT[OUT]}" ] || [ ! -d "${CL_OPT[OUT]}" ] || cl_results_unused "${CL_OPT[OUT]}"
cl_results_init
cl_traps
cl_meta_begin
cl_meta job ab
cl_meta ab_a "${CL_OPT[AB_A]}"
cl_meta ab_b "${CL_OPT[AB_B]}"
[ -z "${CL_OPT[AB_BS]:-}" ] || cl_bs_meta b_sides b_cmd
cl_meta ab_load "$load"
cl_meta ab_precision "$precision"
cl_meta ab_settle "$settle"
cl_meta ab_seed "$CL_SEED"
cl_meta ab_cold "$cold"
cl_meta ab_budget_s "$CL_BUDGET"
cl_meta ab_total_s "$total"
cl_meta ab_max_procs "${CL_OPT[MAX_PROCS]:-none}"
cl_meta ab_order "blocks of A, B and A again (side A2, the A/A arm), each block in a random order: runs.csv's row order; samples.csv's proc is the block"
if [ "${widths[0]}" != default ]; then
    cl_meta ab_widths "${widths[*]}"
    cl_meta ab_width_env "${CL_WIDTH_ENV[*]}"
    cl_check_widths
fi
read -ra usable <<<"$(cl_cpus_usable)"
[ -n "${CL_OPT[STRESSORS]}" ] || CL_STRESSORS=${#usable[@]}
read -ra stressors <<<"$CL_STRESSORS"
RANDOM=$CL_SEED

CL_WATCHDOG_S=$(awk -v b="$CL_BUDGET" -v g="$grace" 'BEGIN { printf "%d", b + g + 30 }')
# the load outlives no job: its blocks end at the time budget, or after the
# 8 the rule needs when those take longer, each run within its watchdog
# a block's runs: A, each B and A again (3 with one B), a warm-up of each
# but A again
nside=$((${#b_sides[@]} + 2))
CL_STRESS[timeout_s]=$(awk -v n="$(((nside * CL_PROCS_MAX + nside - 1) * ${#widths[@]}))" -v m="$(((nside * CL_PROCS_MIN + nside - 1) * ${#widths[@]}))" \
    -v w="$CL_WATCHDOG_S" -v t="$total" 'BEGIN { a = n * w; b = t + m * w; printf "%d", (a < b ? a : b) + 60 }')
cl_runs_columns
cl_tmpdir tmp
failures=0 left_total=0
# per side and width ("B 2", "A default"): runs with a time or a bound, runs
# that failed, their statuses, the first one's log
declare -A side_ok=() side_failed=() side_how=() side_log=()

# ab_failed KEY HOW: a measured run of KEY that gave no time (HOW: "exit 1")
ab_failed() {
    side_failed[$1]=$((${side_failed[$1]:-0} + 1))
    [[ ", ${side_how[$1]:-}, " == *", $2, "* ]] || side_how[$1]+="${side_how[$1]:+, }$2"
    [ -n "${side_log[$1]:-}" ] || side_log[$1]=$CL_LOG.err
}

# ab_run SIDE WIDTH BLOCK WARMUP: one run of SIDE (A, B or A2) at WIDTH (a
# width, or `default`: the command as given) in block BLOCK, its rows (none
# for the warm-up, WARMUP=1).
ab_run() {
    local side=$1 width=$2 block=$3 warm=$4 st code step params=${CL_OPT[AB_A]} w=
    local -a cmd=("${cmd_a[@]}") rec=()
    local -A result=()
    [ "$side" != B ] || cmd=("${cmd_b[@]}") params=${CL_OPT[AB_B]}
    if [[ $side == B[0-9]* ]]; then
        local -n cmd_side=cmd_$side
        cmd=("${cmd_side[@]}") params=${b_cmd[$side]}
    fi
    [ "$width" = default ] || w=-w$width
    step="ab-$side$w-b$block"
    [ "$warm" = 0 ] || step="ab-$side$w-warmup"
    if [ "$warm" = 0 ] && [ "$cold" = 1 ]; then
        # the first run of a fresh copy: a new file, its pages dropped
        local copy="$tmp/cold-$side"
        rm -f -- "$copy"
        cp -- "${cmd[0]}" "$copy" || cl_die "$copy: the fresh copy could not be written"
        cl_exec "$step-evict" "$CL_BUILD/coldload-evict" "$copy" ||
            cl_warn "$step: coldload-evict failed (see $CL_LOG.err)"
        cmd[0]=$copy
    fi
    if [ "$warm" = 0 ]; then
        CL_TAG_PROC=$block
        cl_tags
        rec=(--runs-csv "$CL_OUT/runs.csv" --csv "$CL_OUT/samples.csv" --whole-csv "$CL_OUT/whole.csv"
            --workload "$side" --params "$params" --width "$width" "${CL_TAGS[@]}")
    fi
    # the width as make threads writes a cell's (harness/lib/widths.sh:
    # `default`, the command as given)
    if ! cl_launch result "$step" "$width" '' -- "${rec[@]}" -- "${cmd[@]}"; then
        failures=$((failures + 1))
        [ "$warm" = 1 ] || ab_failed "$side $width" "coldload-run exit ${result[rc]}"
        return 0
    fi
    st=${result[status]} code=${result[exit_code]}
    if [ "$warm" = 1 ] && cl_cannot_start result; then
        cl_die "side $side cannot start here: $(cl_start_why "$CL_LOG.err" "$st" "$code") (its warm-up run: $st, exit $code; $CL_LOG.err); nothing was measured"
    fi
    left_total=$((left_total + result[left]))
    [ "$st" = ok ] || [ "$warm" = 1 ] || failures=$((failures + 1))
    [ "$warm" = 0 ] || return 0
    case $st in
        ok | cut | slow) side_ok["$side $width"]=$((${side_ok["$side $width"]:-0} + 1)) ;;
        failed) ab_failed "$side $width" "exit $code" ;;
        *) ab_failed "$side $width" "$st, exit $code" ;;
    esac
}

# the runs' count is known once the blocks' times are (below): the 8 at
# the least till then; the progress lines say the time budget left
cl_progress_start $(((nside * CL_PROCS_MIN + nside - 1) * ${#widths[@]}))
# the blocks' deadline keeps the report's time out of the budget: 2 % of
# it, at least 1 s (a report of 1900 runs took under 1 s here)
total_ms=$(awk -v t="$total" 'BEGIN { r = t / 50; if (r < 1) r = 1; if (r > t / 2) r = t / 2; printf "%d", (t - r) * 1000 }')
CL_PROG[deadline_ms]=$((ab_t0 + total_ms))
CL_TAG_CONDITION=idle CL_TAG_STRESSORS=0 CL_TAG_COPY=inplace CL_TAG_LOAD=none
[ "$cold" = 0 ] || CL_TAG_COPY=evicted
cl_busy_check "the runs"
# ab_said WIDTH: ", width W" in what is said of a run, nothing without widths
ab_said() { [ "$1" = default ] || printf ', width %s' "$1"; }
for w in "${widths[@]}"; do
    for side in A "${b_sides[@]}"; do
        cl_progress "side $side$(ab_said "$w"), warm-up run (not measured)"
        ab_run "$side" "$w" 0 1
    done
done
if [ "$load" != none ]; then
    CL_TAG_CONDITION=loaded CL_TAG_STRESSORS=${stressors[0]} CL_TAG_LOAD=$load
    printf 'coldload ab: starting %s load, %s stress-ng CPU workers\n' "$load" "${stressors[0]}" >&2
    cl_stress_start "$load" "${stressors[0]}"
    cl_meta_probe "ab_${load}_established"
fi
# ab_stop SIDE:WIDTH P HOW: the stop of SIDE's question at WIDTH after P
# blocks as a row of stops.csv (model/stops.h: harness and cell ab, width 0
# without --widths; with --bs the cell ab-SIDE, sides/SIDE's row ab)
ab_stop() {
    local side=${1%%:*} width=${1#*:} cell=ab
    [ "$width" != default ] || width=0
    [ "$side" = B ] || cell=ab-$side
    cl_stop_row ab "$CL_TAG_LOAD" "$CL_TAG_STRESSORS" "$cell" "$width" "$2" "$3"
}
# Blocks of every width still open: A, B and A2 of each in one shuffled
# order; after each block from CL_PROCS_MIN on, the widths whose B/A is
# known (their plan rows, by column name) stop, and the rest stop (how
# time) once what is left of the time budget holds no more block at the
# blocks' mean time so far (the first 8 blocks' at first): as many blocks
# as fit, not a count -- a fast program gets what its precision needs.
# meta ab_blocks_deadline_utc is that deadline: the job's start plus
# --total, less the report's reserve.
cl_meta ab_blocks_deadline_utc "$(date -u -d "@$((CL_PROG[deadline_ms] / 1000)).$(printf %03d $((CL_PROG[deadline_ms] % 1000)))" +%Y-%m-%dT%H:%M:%S.%3NZ)"
# the questions still open: SIDE:WIDTH, each B side at each width
asking=()
for w in "${widths[@]}"; do
    for side in "${b_sides[@]}"; do asking+=("$side:$w"); done
done
[ "$load" != none ] || cl_idle_begin   # an idle job's blocks: the idle-busy check's probes
allowed="at least $CL_PROCS_MIN"
blocks_t0=$(cl_now_ms)
for ((p = 1; p <= CL_PROCS_MAX && ${#asking[@]} > 0; p++)); do
    # each width with a question open: A, its open B sides, A again
    items=()
    for w in "${widths[@]}"; do
        open_q=()
        for q in "${asking[@]}"; do [ "${q#*:}" != "$w" ] || open_q+=("${q%%:*}:$w"); done
        [ ${#open_q[@]} -eq 0 ] || items+=("A:$w" "${open_q[@]}" "A2:$w")
    done
    cl_shuffle order "${items[@]}"
    for it in "${order[@]}"; do
        side=${it%%:*} w=${it#*:}
        cl_progress "block $p (of $allowed), side $side$(ab_said "$w")"
        ab_run "$side" "$w" "$p" 0
    done
    if [ "$p" -lt "$CL_PROCS_MIN" ] || [ "$p" -ge "$CL_PROCS_MAX" ]; then continue; fi
    # the tool failing leaves every width undecided; with --bs each open B
    # side is asked in a directory of its own (A, that B, A again)
    declare -A known=()
    for side in "${b_sides[@]}"; do
        [[ " ${asking[*]} " == *" $side:"* ]] || continue
        dir=$CL_OUT
        if [ "$side" != B ]; then
            dir=$tmp/side-$side
            cl_side_dir "$CL_OUT" "$dir" "$side" "${b_cmd[$side]}"
        fi
        cl_plan "state width settled" --ab-decided "$precision" "$dir" || continue
        rows=${CL_PLAN[n]}
        for ((i = 0; i < rows; i++)); do
            [ -n "${CL_PLAN[$i,width]}" ] || continue
            if [ "${CL_PLAN[$i,state]}" = decided ]; then
                known[$side:${CL_PLAN[$i,width]}]=decided
            elif [ "$settle" = 1 ] && [ "${CL_PLAN[$i,settled]}" = 1 ]; then
                known[$side:${CL_PLAN[$i,width]}]=settled
            fi
        done
    done
    still=()
    for q in "${asking[@]}"; do
        if [ -n "${known[$q]:-}" ]; then ab_stop "$q" "$p" "${known[$q]}"; else still+=("$q"); fi
    done
    unset known
    asking=("${still[@]}")
    [ ${#asking[@]} -gt 0 ] || break
    # the blocks the time allows: these p, and as many more as fit in what
    # is left at their mean time (the decision's own time in it)
    now=$(cl_now_ms)
    per=$(((now - blocks_t0) / p))
    fit=$(((CL_PROG[deadline_ms] - now) / (per > 0 ? per : 1)))
    [ "$fit" -gt 0 ] || fit=0
    n_allowed=$((p + fit < CL_PROCS_MAX ? p + fit : CL_PROCS_MAX))
    allowed="about $n_allowed in the time budget"
    CL_PROG[n]=$(((nside * n_allowed + nside - 1) * ${#widths[@]}))
    if [ "$fit" -eq 0 ]; then
        [ "$p" -gt "$CL_PROCS_MIN" ] || [ "$now" -le "${CL_PROG[deadline_ms]}" ] ||
            cl_warn "the $CL_PROCS_MIN blocks the rule needs took $(((now - ab_t0) / 1000)) s of the job, past its time budget (--total $total)"
        for w in "${asking[@]}"; do ab_stop "$w" "$p" time; done
        asking=()
    fi
done
cl_idle_end
how=max
[ "$CL_PROCS_MIN" != "$CL_PROCS_MAX" ] || how=fixed
for w in "${asking[@]}"; do ab_stop "$w" "$CL_PROCS_MAX" "$how"; done
[ "$load" = none ] || cl_stress_stop
cl_meta ab_runs_failed "$failures"
cl_meta ab_left_processes "$left_total"
[ "$left_total" -eq 0 ] || cl_warn "the commands left $left_total process(es) behind over the runs; each was killed after its run"
[ "$failures" -eq 0 ] || cl_warn "$failures run(s) failed or were stopped (meta ab_runs_failed; runs.csv's status)"

# A side that failed in every run has no time: said first, and exit 1
all_failed=()
for w in "${widths[@]}"; do
    for side in A "${b_sides[@]}"; do
        n=${side_failed["$side $w"]:-0}
        if [ "$n" -eq 0 ] || [ "${side_ok["$side $w"]:-0}" -gt 0 ]; then continue; fi
        log=${side_log["$side $w"]}
        said=$(cl_err_line "$log")
        all_failed+=("$side failed in every run$(ab_said "$w"): ${side_how["$side $w"]} in $n of $n (logs/${log##*/}: ${said:-nothing on stderr}); there is no time of $side to compare")
    done
done

prc=0
hf=()
[ -z "${CL_OPT[EXPORT_HF]}" ] || hf=(-- --export-hyperfine "${CL_OPT[EXPORT_HF]}")
# ab_answers DIR [SAID]: DIR's answers, the report's bold paragraphs under
# its question (one a width), into answers, each after SAID
ab_answers() {
    local -a got=()
    mapfile -t got < <(awk '/^## Is B faster than A\?/ { on = 1; next }
    on && /^\*\*/ { sub(/^\*\*/, ""); sub(/\*\*$/, ""); print; n++; next }
    on && NF { exit }' "$1/report.md" 2>/dev/null)
    [ ${#got[@]} -gt 0 ] || got=("(no answer: see the report)")
    answers+=("${got[@]/#/${2:-}}")
}
answers=()
reports=$CL_OUT
if [ -z "${CL_OPT[AB_BS]:-}" ]; then
    cl_bg bash "$CL_ROOT/harness/plots.sh" --results "$CL_OUT" "${hf[@]}" || prc=$?
    [ "$prc" -eq 0 ] || cl_die "plots.sh failed (exit $prc); the runs measured are in $CL_OUT"
    ab_answers "$CL_OUT"
else
    # each B side's question, A, that B and A again, a directory of its own
    # with its report (sides.tsv lists them)
    printf 'side\tcommand\tdir\n' >"$CL_OUT/sides.tsv"
    for side in "${b_sides[@]}"; do
        cl_side_dir "$CL_OUT" "$CL_OUT/sides/$side" "$side" "${b_cmd[$side]}"
        cl_bg bash "$CL_ROOT/harness/plots.sh" --results "$CL_OUT/sides/$side" >"$CL_OUT/logs/plots-$side.out" 2>&1 || prc=$?
        [ "$prc" -eq 0 ] || cl_die "plots.sh failed on sides/$side (exit $prc, logs/plots-$side.out); the runs measured are in $CL_OUT"
        printf '%s\t%s\tsides/%s\n' "$side" "${b_cmd[$side]}" "$side" >>"$CL_OUT/sides.tsv"
        ab_answers "$CL_OUT/sides/$side" "$side: "
    done
    reports="$CL_OUT/sides/B1..B${#b_sides[@]}"
fi
printf '\n' >&2
[ ${#all_failed[@]} -eq 0 ] || printf 'coldload ab: %s\n' "${all_failed[@]}" >&2
printf 'coldload ab: %s\n' "${answers[@]}" >&2
printf 'coldload ab report: %s/report.html\n                    %s/report.md\n' "$reports" "$reports" >&2
if [ ${#all_failed[@]} -gt 0 ]; then
    cl_meta ab_error "${all_failed[0]}"
    exit 1
fi
