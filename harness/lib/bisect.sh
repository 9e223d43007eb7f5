# shellcheck shell=bash
# harness/lib/bisect.sh -- harness/bisect.sh's code: its options (its rows
# of the option table, harness/lib/opttable.sh), the checks of the
# repository and the revisions, the commits' worktrees and builds, the
# comparisons (harness/ab.sh, called), the search and what it writes
# (bisect.tsv, commits.tsv, report.md, results.json, the chart
# plots/bisect.*). Sourced by
# harness/bisect.sh, and by harness/history.sh for its options (bs_opts,
# by history's rows), the checks of the repository and the commands
# (bs_check_common, bs_no_submodules), the clone (bs_clone), the commits'
# worktrees and builds (bs_prepare) and the text helpers (bs_md,
# bs_subject, bs_fmt), after harness/lib/all.sh.

# Variables set here are read by harness/bisect.sh; read here: all.sh's CL_*
# (sourced before) and the ids bs_commit_id sets through its name reference.
# shellcheck disable=SC2034,SC2153,SC2154

bs_tmp='' bs_src=''
bs_tsv=bisect.tsv   # the comparisons' rows (history's confirmations: confirm.tsv)

# bs_opts ARGS...: the command line by this script's rows of the option
# table (harness/lib/opttable.sh: bisect's or history's; -h/--help its
# usage), every value given checked, into bs_* as given (one line, exit 2,
# when bad); what is missing is said after (bs_check_input,
# bs_check_common). The values reach ab.sh and meta.txt as given; a
# default of the table is taken for --load, --build-cap and --budget.
bs_opts() {
    local def
    while [ $# -gt 0 ]; do
        case $CL_NAME:$1 in
            history:--good | history:--bad) cl_usage_error "unknown option '$1' (the range is --revs A..B)" ;;
        esac
        cl_common_opt "$@" || cl_usage_error "unknown option '$1'"
        shift "$CL_SHIFT"
    done
    cl_opt_check_given
    bs_repo=${CL_OPT[BISECT_REPO]} bs_good=${CL_OPT[BISECT_GOOD]} bs_bad=${CL_OPT[BISECT_BAD]}
    bs_build=${CL_OPT[BISECT_BUILD]} bs_run=${CL_OPT[BISECT_RUN]} bs_widths=${CL_OPT[WIDTHS]}
    bs_out=${CL_OPT[OUT]} bs_quick=${CL_OPT[QUICK]} bs_strict=${CL_OPT[STRICT]}
    bs_max_procs=${CL_OPT[MAX_PROCS]} bs_precision=${CL_OPT[PRECISION]} bs_seed=${CL_OPT[SEED]}
    case ${CL_OPT[COLD]} in 1 | yes | true) bs_cold=1 ;; *) bs_cold=0 ;; esac
    cl_opt_default def --load; bs_load=${CL_OPT[LOAD]:-$def}
    cl_opt_default def --budget; bs_budget=${CL_OPT[BUDGET]:-$def}
    cl_opt_final --build-cap; bs_build_cap=${CL_OPT[BUILD_CAP]}
}

# bs_begin JOB: the results directory made (no blank in its path: {src} in
# a command would split there), the traps set, meta.txt begun with the
# comparisons' settings and job=JOB
bs_begin() {
    cl_results_init
    [[ $CL_OUT != *[[:space:]]* ]] || cl_die "the results directory's path has a blank ($CL_OUT): {src} in a command would split there; give --out without one" 2
    cl_traps
    # what cl_meta_begin records: the comparisons' settings
    CL_OPT[QUICK]=$bs_quick CL_BUDGET=$bs_budget CL_PRECISION=$bs_precision CL_RUNS='' CL_OPT[STRICT]=$bs_strict
    CL_WATCHDOG_S=$bs_build_cap
    cl_meta_begin
    cl_meta job "$1"
    # blocks stop at +-P, but same asks the whole interval within 10 % of 1
    # (verdict/answerab.h): at 0.1 or more an unchanged pair mostly stops short
    if [ -n "$bs_precision" ] && awk -v p="$bs_precision" 'BEGIN { exit !(p >= 0.1) }'; then
        cl_warn "--precision $bs_precision: a comparison stops once B/A is known to +-$bs_precision, but says same only when its whole interval is within 10 % of 1, so commits that do not differ will mostly end not resolved (give 0.05 or less)"
    fi
}

# bs_git ARGS...: git on the job's clone, its hooks off (nothing of the
# user's configuration runs code in it)
bs_git() { git -c core.hooksPath=/dev/null -C "$bs_src" "$@"; }

# bs_check_input: every option and the repository checked before anything
# is made (one line, exit 2): REPO a git repository without submodules, GOOD
# and BAD commits, GOOD an ancestor of BAD, the commands one line each.
bs_check_input() {
    [ -n "$bs_repo" ] || cl_usage_error "--repo DIR is required (the git repository)"
    [ -n "$bs_good" ] || cl_usage_error "--good REV is required (the commit known good)"
    [ -n "$bs_bad" ] || cl_usage_error "--bad REV is required (the commit known bad)"
    bs_check_common "$bs_good" "$bs_bad"
    bs_commit_id bs_good_id --good "$bs_good"
    bs_commit_id bs_bad_id --bad "$bs_bad"
    [ "$bs_good_id" != "$bs_bad_id" ] || cl_usage_error "--good and --bad are the same commit ($bs_good_id): nothing between them"
    git -C "$bs_repo" merge-base --is-ancestor "$bs_good_id" "$bs_bad_id" 2>/dev/null ||
        cl_usage_error "--good '$bs_good' is not an ancestor of --bad '$bs_bad'"
    bs_no_submodules
    bs_check_programs
}

# bs_commit_id VAR OPT REV: VAR the commit id of REV in bs_repo; one line,
# exit 2, naming OPT, when REV starts with '-' (never an option of git) or
# is not a commit there
bs_commit_id() {
    local -n bs_id=$1
    [[ $3 != -* ]] || cl_usage_error "$2: a revision starting with '-' ('$3'): give a commit id or a branch"
    bs_id=$(git -C "$bs_repo" rev-parse --verify --quiet --end-of-options "$3^{commit}" 2>/dev/null) ||
        cl_usage_error "$2: '$3' is not a commit of $bs_repo"
}

# bs_no_submodules: the ends (bs_good_id, bs_bad_id) without submodules
# (one line, exit 2): their worktrees would lack them
bs_no_submodules() {
    if git -C "$bs_repo" cat-file -e "$bs_bad_id:.gitmodules" 2>/dev/null ||
        git -C "$bs_repo" cat-file -e "$bs_good_id:.gitmodules" 2>/dev/null; then
        cl_usage_error "--repo: the commits have submodules (.gitmodules): not supported, their worktrees would lack them"
    fi
}

# bs_check_common [TEXT...]: the options every job of commits checks, REPO a
# git repository (bs_repo made absolute), the commands and TEXT one line
# each (one line, exit 2)
bs_check_common() {
    local v
    # a GIT_DIR of the caller's (a hook's) would point git elsewhere
    unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES
    [ -n "$bs_build" ] || cl_usage_error "--build CMD is required (it builds a commit in its worktree, {src})"
    [ -n "$bs_run" ] || cl_usage_error "--run CMD is required (what is timed, e.g. {src}/prog)"
    for v in "$bs_build" "$bs_run" "$bs_repo" "$@"; do
        [[ $v != *[[:cntrl:]]* ]] || cl_usage_error "a control character (a newline, a tab ...) in '$v': give it on one line"
    done
    # the first comparison's seed, from the clock when not given (meta.txt keeps it)
    [ -n "$bs_seed" ] || bs_seed=$(( $(date +%s) % 100000000 ))
    [ -d "$bs_repo" ] || cl_usage_error "--repo: '$bs_repo' is not a directory"
    bs_repo=$(cd -- "$bs_repo" && pwd)
    local top
    top=$(git -C "$bs_repo" rev-parse --absolute-git-dir 2>/dev/null) || cl_usage_error "--repo: '$bs_repo' is not a git repository"
    [ -n "$top" ] || cl_usage_error "--repo: '$bs_repo' is not a git repository"
}

# bs_check_programs: the commands' programs, one outside the worktree
# checked now, and the tools (one line, exit 2)
bs_check_programs() {
    local -a w
    read -ra w <<<"$bs_build"
    [ ${#w[@]} -gt 0 ] || cl_usage_error "--build: expected a program and its arguments, got '$bs_build'"
    if [[ ${w[0]} != *'{src}'* ]]; then
        type -P -- "${w[0]}" >/dev/null || [ -x "${w[0]}" ] ||
            cl_usage_error "--build: '${w[0]}': no such program (nor on PATH)"
    fi
    read -ra w <<<"$bs_run"
    [ ${#w[@]} -gt 0 ] || cl_usage_error "--run: expected a program and its arguments, got '$bs_run'"
    cl_need_tools jq
    cl_need_binary "$CL_BUILD/coldload-run"
}

# bs_words VAR CMD SRC: CMD's words with {src} replaced by SRC, into VAR
bs_words() {
    local -n out=$1
    local -a w
    local x
    read -ra w <<<"$2"
    out=()
    for x in "${w[@]}"; do out+=("${x//\{src\}/$3}"); done
}

# bs_setup: the clone, the commits of GOOD..BAD (first-parent line)
bs_setup() {
    bs_clone
    cl_meta bisect_commits "$bs_n"
    printf 'coldload bisect: %d commits from %s to %s\n' "$bs_n" "${bs_good_id:0:12}" "${bs_bad_id:0:12}" >&2
    bs_cmp=0
    bs_tsv_head
}

# bs_tsv_head: the header of bs_tsv, the comparisons' rows
bs_tsv_head() {
    printf 'step\tpurpose\ta_index\tb_index\ta_commit\tb_commit\tverdict\tratio\tratio_lo\tratio_hi\twidth\tblocks\tload\tdir\n' >"$CL_OUT/$bs_tsv"
}

# bs_clone: the clone (shared, in the job's temporary directory, removed on
# every way out), bs_commits the commits of bs_good_id..bs_bad_id on its
# first-parent line (bs_n of them), no commit prepared yet
bs_clone() {
    cl_tmpdir bs_tmp
    bs_src=$bs_tmp/src
    cl_progress_start 1
    printf 'coldload %s: cloning %s (shared: its objects read, nothing written there)\n' "$CL_NAME" "$bs_repo" >&2
    git -c core.hooksPath=/dev/null clone --quiet --shared --no-checkout -- "$bs_repo" "$bs_src" \
        >"$CL_OUT/logs/clone.out" 2>"$CL_OUT/logs/clone.err" ||
        cl_die "git clone --shared of $bs_repo failed: $(cl_err_line "$CL_OUT/logs/clone.err")"
    mkdir -p -- "$bs_tmp/wt"
    bs_commits=("$bs_good_id")
    local c
    while IFS= read -r c; do bs_commits+=("$c"); done < <(bs_git rev-list --reverse --first-parent "$bs_bad_id" "^$bs_good_id")
    [ "$(bs_git rev-parse "${bs_commits[1]}^" 2>/dev/null)" = "$bs_good_id" ] ||
        cl_die "$bs_good is an ancestor of $bs_bad but not on its first-parent line: give a first commit on it" 2
    bs_n=${#bs_commits[@]}
    declare -gA bs_state=() bs_why=() bs_runcmd=()
    bs_builds=0 bs_t0=$(cl_now_ms)
}

# bs_one_line TEXT: TEXT as one line of printable characters (a tab or a
# control character a blank), at most 300 bytes: for TSV cells and messages
bs_one_line() {
    local s=${1//[[:cntrl:]]/ }
    printf '%s' "${s:0:300}"
}

# bs_skip I WHY: commit I is skipped (git bisect's 125)
bs_skip() {
    bs_state[$1]=skip bs_why[$1]=$(bs_one_line "$2")
    printf 'coldload %s: commit %s skipped: %s\n' "$CL_NAME" "${bs_commits[$1]:0:12}" "${bs_why[$1]}" >&2
}

# bs_prepare I: commit I checked out (its own worktree of the clone), built
# once and run once; bs_state[I] ok or skip. Returns 0 when ok.
bs_prepare() {
    local i=$1
    [ -z "${bs_state[$i]:-}" ] || { [ "${bs_state[$i]}" = ok ]; return; }
    local id=${bs_commits[$i]} wt out rc
    wt=$bs_tmp/wt/${id:0:12}
    if ! bs_git worktree add --quiet --detach "$wt" "$id" >>"$CL_OUT/logs/worktrees.out" 2>>"$CL_OUT/logs/worktrees.err"; then
        bs_skip "$i" "its worktree could not be made (logs/worktrees.err)"
        return 1
    fi
    local -a cmd
    bs_words cmd "$bs_build" "$wt"
    CL_WATCHDOG_S=$bs_build_cap
    bs_builds=$((bs_builds + 1))
    printf 'coldload %s: building %s (commit %d of %d) | elapsed %ds\n' "$CL_NAME" "${id:0:12}" "$((i + 1))" "$bs_n" \
        "$(( ($(cl_now_ms) - bs_t0) / 1000 ))" >&2
    rc=0
    cl_exec "build-${id:0:12}" env -C "$wt" "${cmd[@]}" || rc=$?
    if [ "$CL_TIMED_OUT" = 1 ]; then
        bs_skip "$i" "its build passed its cap of ${bs_build_cap}s (logs/${CL_LOG##*/}.err)"
        return 1
    elif [ "$rc" != 0 ]; then
        bs_skip "$i" "its build failed: exit $rc (logs/${CL_LOG##*/}.err: $(cl_err_line "$CL_LOG.err"))"
        return 1
    fi
    bs_words cmd "$bs_run" "$wt"
    # the check run: one run, capped as ab.sh caps one
    local prog=${cmd[0]}
    [[ $prog == */* ]] || prog=$(type -P -- "$prog" || echo "$prog")
    if [ ! -f "$prog" ] || [ ! -x "$prog" ]; then
        bs_skip "$i" "its RUN program '${cmd[0]}' is not an executable file after the build"
        return 1
    fi
    CL_WATCHDOG_S=${bs_budget%.*}
    [ "$CL_WATCHDOG_S" -ge 1 ] 2>/dev/null || CL_WATCHDOG_S=1
    rc=0
    cl_exec "check-${id:0:12}" "${cmd[@]}" || rc=$?
    out=$CL_LOG
    if [ "$CL_TIMED_OUT" = 1 ]; then
        bs_skip "$i" "its run passed its cap of ${CL_WATCHDOG_S}s (logs/${out##*/}.err)"
        return 1
    elif [ "$rc" != 0 ]; then
        bs_skip "$i" "its run failed: exit $rc (logs/${out##*/}.err: $(cl_err_line "$out.err"))"
        return 1
    elif [ ! -s "$out.out" ]; then
        bs_skip "$i" "its run printed nothing (logs/${out##*/}.out)"
        return 1
    fi
    bs_state[$i]=ok bs_runcmd[$i]="${cmd[*]}"
    return 0
}

# bs_compare I J PURPOSE [LOAD] [MAXPROCS]: one ab.sh job of I (side A)
# against J (side B) into ab/NN-I-J; BS_V (slower, faster, same, not
# resolved, failed), BS_R, BS_LO, BS_HI, BS_W (the deciding width, or
# empty), BS_BLOCKS, and a row of bs_tsv (bisect.tsv).
bs_compare() {
    local i=$1 j=$2 purpose=$3 load=${4:-$bs_load} mp=${5:-$bs_max_procs} rc=0 d
    bs_cmp=$((bs_cmp + 1))
    d=$CL_OUT/ab/$(printf '%02d' "$bs_cmp")-${bs_commits[$i]:0:12}-${bs_commits[$j]:0:12}
    mkdir -p -- "$CL_OUT/ab"
    local -a args=(--a "${bs_runcmd[$i]}" --b "${bs_runcmd[$j]}" --out "$d" --load "$load"
        --seed "$((bs_seed + bs_cmp))")
    bs_ab_args args "$mp"
    # a search step asks the verdict alone: it stops once more blocks could
    # not change it (the ratio said is the confirmation's, at the precision)
    [[ $purpose != search* ]] || args+=(--settle)
    bs_progress "$purpose" "$i" "$j"
    cl_bg bash "$CL_ROOT/harness/ab.sh" "${args[@]}" >"$CL_OUT/logs/ab-$bs_cmp.out" 2>"$CL_OUT/logs/ab-$bs_cmp.err" || rc=$?
    BS_V=failed BS_R='' BS_LO='' BS_HI='' BS_W='' BS_BLOCKS=''
    if [ -f "$d/results.json" ]; then
        local line
        # one row: the width whose answer decides (a change at any width is
        # a change; same only when every width says same)
        line=$(jq -r '[.answers[]? | select(.id == "ab")] as $a
            | ([$a[] | select(.verdict == "slower" or .verdict == "faster")][0]
               // (if ($a | length) > 0 and ([$a[] | select(.verdict != "same")] | length) == 0 then $a[0] else null end)
               // ([$a[] | select(.verdict != "same")][0]) // {verdict: "failed"})
            | [.verdict, (.figures.ratio // ""), (.figures.ratio_lo // ""), (.figures.ratio_hi // ""),
               (.width // ""), (.blocks // "")] | map(tostring | if . == "" then "-" else . end) | join(" ")' \
            "$d/results.json" 2>/dev/null) || line=''
        # not resolved: two words, the rest shifted by one
        line=${line/not resolved/not_resolved}
        read -r BS_V BS_R BS_LO BS_HI BS_W BS_BLOCKS _ <<<"$line" || true
        BS_V=${BS_V/not_resolved/not resolved}
        [[ $BS_V =~ ^(slower|faster|same|not\ resolved)$ ]] || BS_V=failed
        local x
        for x in BS_R BS_LO BS_HI BS_W BS_BLOCKS; do
            [[ ${!x} =~ ^[0-9.eE+-]*$ && ${!x} != - ]] || printf -v "$x" '%s' ''
        done
    fi
    if [ "$BS_V" = failed ]; then
        cl_warn "comparison $bs_cmp (${bs_commits[$i]:0:12} against ${bs_commits[$j]:0:12}) gave no answer: ab.sh exit $rc (logs/ab-$bs_cmp.err: $(cl_err_line "$CL_OUT/logs/ab-$bs_cmp.err"))"
    fi
    printf '%d\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$bs_cmp" "$purpose" "$i" "$j" \
        "${bs_commits[$i]}" "${bs_commits[$j]}" "$BS_V" "$BS_R" "$BS_LO" "$BS_HI" "$BS_W" "$BS_BLOCKS" \
        "$load" "ab/${d##*/}" >>"$CL_OUT/$bs_tsv"
    printf 'coldload bisect: %s..%s: %s%s\n' "${bs_commits[$i]:0:12}" "${bs_commits[$j]:0:12}" "$BS_V" \
        "$(bs_ratio_said "$BS_R" "$BS_LO" "$BS_HI")" >&2
}

# bs_ab_args ARRAY [MAX_PROCS]: the job's settings every ab.sh job it runs
# takes (budget, widths, cold, quick, strict, precision, the block cap)
# appended to ARRAY
bs_ab_args() {
    local -n bs_args=$1
    bs_args+=(--budget "$bs_budget")
    [ -z "$bs_widths" ] || bs_args+=(--widths "$bs_widths")
    [ "$bs_cold" = 0 ] || bs_args+=(--cold)
    [ "$bs_quick" = 0 ] || bs_args+=(--quick)
    [ "$bs_strict" = 0 ] || bs_args+=(--strict)
    [ -z "${2:-}" ] || bs_args+=(--max-procs "$2")
    [ -z "$bs_precision" ] || bs_args+=(--precision "$bs_precision")
}

# bs_ratio_said R LO HI: " (B/A 1.102, 99% interval 1.071-1.130)", or
# nothing without a ratio
bs_ratio_said() {
    [ -n "$1" ] && [ "$1" != - ] || return 0
    printf ' (B/A %s, 99%% interval %s-%s)' "$(bs_fmt "$1")" "$(bs_fmt "$2")" "$(bs_fmt "$3")"
}

# bs_is_num X: 0 when X is a number (not empty, not -)
bs_is_num() { [[ $1 =~ ^[0-9.eE+-]+$ && $1 != - ]]; }

# bs_fmt X: X to 3 decimals (- or empty: -)
bs_fmt() {
    if bs_is_num "$1"; then printf '%.3f' "$1"; else printf -- '-'; fi
}

# bs_progress PURPOSE I J: the step, the commits not yet placed, the time
bs_progress() {
    local el left=0 s a b est='?'
    el=$(( ($(cl_now_ms) - bs_t0) / 1000 ))
    for s in "${bs_open[@]}"; do
        read -r a b _ <<<"$s"
        left=$((left + b - a - 1))
    done
    # what is left: about two comparisons a halving of the open commits,
    # and a confirmation each change; at the mean comparison's time so far
    if [ "$bs_cmp" -gt 1 ]; then
        local k=0 n=$left
        while [ "$n" -gt 0 ]; do k=$((k + 2)); n=$((n / 2)); done
        est="~$(( el * (k + ${#bs_found[@]} + 1) / (bs_cmp - 1) ))s"
    fi
    printf 'coldload bisect: step %d (%s), %s..%s (%d commits between) | %d commits left to place | elapsed %ds | %s left\n' \
        "$bs_cmp" "$1" "${bs_commits[$2]:0:12}" "${bs_commits[$3]:0:12}" "$(($3 - $2 - 1))" "$left" "$el" "$est" >&2
}

# bs_ask I J PURPOSE: bs_compare, and a not resolved answer asked once more
# on twice the blocks (fresh ones)
bs_ask() {
    bs_compare "$1" "$2" "$3"
    if [ "$BS_V" = "not resolved" ]; then
        local mp=${bs_max_procs:-}
        if [ -z "$mp" ]; then if [ "$bs_quick" = 1 ]; then mp=30; else mp=100; fi; fi
        bs_compare "$1" "$2" "$3-more" "$bs_load" "$((mp * 2))"
    fi
}

# bs_mid I J: BS_M, the commit nearest the middle of I..J (strictly
# between) that builds and runs; empty when every one is skipped
bs_mid() {
    local i=$1 j=$2 m d c
    m=$(((i + j) / 2))
    BS_M=''
    for ((d = 0; d < j - i; d++)); do
        for c in $((m - d)) $((m + d + 1)); do
            if [ "$c" -le "$i" ] || [ "$c" -ge "$j" ]; then continue; fi
            if bs_prepare "$c"; then BS_M=$c; return 0; fi
        done
    done
    return 0
}

# bs_search: segments (I J VERDICT, VERDICT empty when not yet asked), a
# stack: a segment whose ends differ is split at its middle; a change
# between two commits with nothing to look at between (adjacent, or every
# commit between skipped) is found (bs_found: I J VERDICT).
bs_search() {
    local last=$((bs_n - 1))
    bs_open=() bs_found=() bs_unresolved=() bs_same=()
    bs_prepare 0 || cl_die "GOOD ($bs_good_id) cannot be measured: ${bs_why[0]}; nothing to compare against"
    bs_prepare "$last" || cl_die "BAD ($bs_bad_id) cannot be measured: ${bs_why[$last]}; nothing to compare"
    bs_open=("0 $last")
    local seg i j v
    while [ ${#bs_open[@]} -gt 0 ]; do
        seg=${bs_open[-1]}
        unset 'bs_open[-1]'
        read -r i j v <<<"$seg"
        if [ -z "$v" ]; then
            bs_open+=("$seg")
            bs_ask "$i" "$j" search
            unset 'bs_open[-1]'
            v=$BS_V
        fi
        case $v in
            same) bs_same+=("$i $j"); continue ;;
            slower | faster) ;;
            *) bs_unresolved+=("$i $j $v"); continue ;;
        esac
        bs_mid "$i" "$j"
        if [ -z "$BS_M" ]; then
            bs_found+=("$i $j $v")
            continue
        fi
        local m=$BS_M
        # both halves open while the older one is asked (the progress
        # counts their commits)
        bs_open+=("$m $j" "$i $m")
        bs_ask "$i" "$m" search
        unset 'bs_open[-1]' 'bs_open[-1]'
        bs_open=("${bs_open[@]}")
        if [ "$BS_V" = same ]; then
            # the older half is the same: the change is in the newer one,
            # its verdict the whole segment's (the confirmation measures
            # the final pair again)
            bs_same+=("$i $m")
            bs_open+=("$m $j $v")
            printf '%s\tinferred\t%d\t%d\t%s\t%s\t%s\t\t\t\t\t\t%s\t\n' "$bs_cmp" "$m" "$j" "${bs_commits[$m]}" \
                "${bs_commits[$j]}" "$v" "$bs_load" >>"$CL_OUT/$bs_tsv"
        else
            # the newer half asked later; the older one's verdict is known
            bs_open+=("$m $j" "$i $m $BS_V")
        fi
    done
}

# bs_confirm: each change found compared again on fresh blocks (kept only
# when it says the same direction), and with a load, idle too
bs_confirm() {
    local f i j v
    bs_changes=() bs_rejected=()
    for f in "${bs_found[@]}"; do
        read -r i j v <<<"$f"
        bs_compare "$i" "$j" confirm
        if [ "$BS_V" != "$v" ]; then
            bs_rejected+=("$i $j $v $BS_V")
            continue
        fi
        # one word a field (- for none; the idle verdict's blank a _)
        local rec="$i $j $v ${BS_R:--} ${BS_LO:--} ${BS_HI:--} ${BS_W:--}"
        if [ "$bs_load" != none ]; then
            bs_compare "$i" "$j" idle none
            rec+=" ${BS_V// /_} ${BS_R:--} ${BS_LO:--} ${BS_HI:--}"
        else
            rec+=" - - - -"
        fi
        bs_changes+=("$rec")
    done
}

# bs_md TEXT: TEXT (a commit subject: anyone's) as Markdown text that shows
# as it is: HTML's characters as entities, Markdown's escaped, one line
bs_md() {
    local s
    s=$(bs_one_line "$1")
    # (quoted: an & in a bare replacement is the match, bash 5.2)
    s=${s//'&'/'&amp;'} s=${s//'<'/'&lt;'} s=${s//'>'/'&gt;'}
    # shellcheck disable=SC2001 # one class of characters, each escaped
    sed 's/[][\\`*_{}()#+.!|~-]/\\&/g' <<<"$s"
}

# bs_subject I: commit I's subject (data: never run, never expanded)
bs_subject() { bs_git log -1 --format=%s "${bs_commits[$1]}" 2>/dev/null | head -c 1000 | head -n 1; }

# bs_write: commits.tsv, report.md and results.json, and the answer said
# on stderr.
bs_write() {
    local js=$bs_tmp/changes.jsonl md=$bs_tmp/report.md f chart=0
    bs_write_commits_tsv
    if bs_chart; then chart=1; fi
    : >"$js"
    {
        bs_write_md_head
        for f in "${bs_changes[@]}"; do bs_write_change "$f" "$js"; done
        printf '\n'
        bs_write_md_chart "$chart"
        bs_write_md_lists
        bs_write_md_rule
    } >"$md"
    mv -- "$md" "$CL_OUT/report.md"
    bs_write_results_json "$js"
    bs_write_said
}

# bs_write_commits_tsv: commits.tsv, each commit's state and why.
bs_write_commits_tsv() {
    local i
    {
        printf 'index\tcommit\tstate\twhy\n'
        for ((i = 0; i < bs_n; i++)); do
            printf '%d\t%s\t%s\t%s\n' "$i" "${bs_commits[$i]}" "${bs_state[$i]:-not looked at}" "${bs_why[$i]:-}"
        done
    } >"$CL_OUT/commits.tsv"
}

# bs_num X: X when a number, else NaN (gnuplot's missing value)
bs_num() {
    if bs_is_num "$1"; then printf '%s' "$1"; else printf 'NaN'; fi
}

# bs_chart: plots/bisect.dat and the chart, plots/bisect.gp (cl_chart;
# returns 1 when not drawn). The data, three gnuplot blocks: the commits
# probed in range order (x, the commit's index in the range, tick its id's
# first 8 hex digits, state ok or skip), each comparison with a ratio
# (bisect.tsv's step, purpose, verdict -- its blank a _ --, ratio, lo, hi;
# x_a and x_b its commits' x; k how many comparisons before it end at x_b),
# and each change (x, the confirmation's ratio, label: the commit's id and
# subject, a quoted string: cl_gp_string). A subject reaches gnuplot only
# there, read with stringcolumn: data, never code.
bs_chart() {
    local i j x=0 r f line step purpose a b v lo hi
    local -A pos=() ends=()
    mkdir -p -- "$CL_OUT/plots"
    {
        printf 'x index tick state\n'
        for ((i = 0; i < bs_n; i++)); do
            [ -n "${bs_state[$i]:-}" ] || continue
            pos[$i]=$x
            printf '%d %d %s %s\n' "$x" "$i" "${bs_commits[$i]:0:8}" "${bs_state[$i]}"
            x=$((x + 1))
        done
        printf '\n\nstep purpose x_a x_b k verdict ratio lo hi\n'
        while IFS= read -r line; do
            # one field a column, the empty ones too (a tab would collapse them)
            IFS=$'\x1f' read -r step purpose a b _ _ v r lo hi _ <<<"${line//$'\t'/$'\x1f'}"
            bs_is_num "$r" || continue
            printf '%d %s %d %d %d %s %s %s %s\n' "$step" "$purpose" "${pos[$a]}" "${pos[$b]}" "${ends[$b]:-0}" \
                "${v// /_}" "$r" "$(bs_num "$lo")" "$(bs_num "$hi")"
            ends[$b]=$((${ends[$b]:-0} + 1))
        done < <(tail -n +2 "$CL_OUT/bisect.tsv")
        if [ ${#bs_changes[@]} -gt 0 ]; then
            printf '\n\nx ratio label\n'
            for f in "${bs_changes[@]}"; do
                read -r i j _ r _ <<<"$f"
                printf '%d %s %s\n' "${pos[$j]}" "$(bs_num "$r")" \
                    "$(cl_gp_string "${bs_commits[$j]:0:12} $(bs_one_line "$(bs_subject "$j")")")"
            done
        fi
    } >"$CL_OUT/plots/bisect.dat"
    cl_chart bisect
}

# bs_write_md_chart DRAWN: report.md's chart (DRAWN 1), or where its data is
bs_write_md_chart() {
    printf '## The chart\n\n'
    if [ "$1" = 1 ]; then
        printf '![each comparison'"'"'s B/A and its 99%% interval, the commits probed in range order](plots/bisect.png)\n\n'
        printf 'Each comparison'"'"'s B/A (the newer commit over the older) at its newer commit, a line back to\n'
        printf 'the older one, its 99%% interval the bar; each change circled and named. [SVG](plots/bisect.svg),\n'
        printf '[data](plots/bisect.dat).\n\n'
    else
        printf 'Not drawn (gnuplot: stderr, logs/gnuplot-bisect.out); its data is plots/bisect.dat.\n\n'
    fi
}

# bs_write_md_head: report.md's title, the job and the count of changes.
# shellcheck disable=SC2016 # Markdown's backquotes, not the shell's
bs_write_md_head() {
    printf '# Which commit changed the time?\n\n'
    printf 'RUN `%s` between GOOD %s and BAD %s (%d commits), load %s.\n\n' "$(bs_md "$bs_run")" \
        "${bs_good_id:0:12}" "${bs_bad_id:0:12}" "$bs_n" "$bs_load"
    if [ ${#bs_changes[@]} -eq 0 ] && [ ${#bs_unresolved[@]} -gt 0 ]; then
        printf '**No change named, but not resolved in %d segment(s): a change there is neither found nor ruled out (below).**\n\n' \
            "${#bs_unresolved[@]}"
    elif [ ${#bs_changes[@]} -eq 0 ]; then
        printf '**No change found.**\n\n'
    else
        printf '**%d change(s):**\n\n' "${#bs_changes[@]}"
    fi
}

# bs_write_change CHANGE JSONL: one change (a bs_changes row) as report.md's
# line (stdout) and as a line of results.json's changes appended to JSONL.
# shellcheck disable=SC2016 # Markdown's backquotes, not the shell's
bs_write_change() {
    local f=$1 js=$2 i j v r lo hi w iv ir ilo ihi
    read -r i j v r lo hi w iv ir ilo ihi <<<"$f"
    iv=${iv//_/ }
    local sub under=''
    sub=$(bs_subject "$j")
    if [ "$bs_load" != none ]; then
        if [ "$iv" = same ]; then under=' -- **only under load** (idle: the same'
        else under=" -- idle too ($iv"; fi
        [ "$ir" = - ] || under+=", B/A $(bs_fmt "$ir"), 99% interval $(bs_fmt "$ilo")-$(bs_fmt "$ihi")"
        under+=')'
    fi
    printf -- '- `%s` %s: %s, %sx (99%% interval %s-%s) against `%s`, load %s%s%s\n' "${bs_commits[$j]:0:12}" \
        "$(bs_md "$sub")" "$v" "$(bs_fmt "$r")" "$(bs_fmt "$lo")" "$(bs_fmt "$hi")" "${bs_commits[$i]:0:12}" "$bs_load" \
        "$([ "$w" = - ] || printf ', width %s' "$w")" "$under"
    if [ $((j - i)) -gt 1 ]; then
        printf '  (the commits between, %s..%s, were skipped: it is one of them or %s)\n' \
            "${bs_commits[$((i + 1))]:0:12}" "${bs_commits[$((j - 1))]:0:12}" "${bs_commits[$j]:0:12}"
    fi
    local only=null
    if [ "$bs_load" != none ]; then
        if [ "$iv" = same ]; then only=true; else only=false; fi
    fi
    jq -cn --arg commit "${bs_commits[$j]}" --arg parent "${bs_commits[$i]}" --arg subject "$sub" \
        --arg direction "$v" --arg ratio "$r" --arg lo "$lo" --arg hi "$hi" --arg load "$bs_load" \
        --arg width "$w" --argjson only "$only" --arg iv "$iv" --arg ir "$ir" --arg ilo "$ilo" --arg ihi "$ihi" \
        --argjson between "$((j - i - 1))" \
        'def num: if . == "-" or . == "" then null else tonumber end;
         {commit: $commit, parent: $parent, subject: $subject, direction: $direction,
          ratio: ($ratio | num), ratio_lo: ($lo | num), ratio_hi: ($hi | num), load: $load,
          width: ($width | num), skipped_between: $between, only_under_load: $only,
          idle: (if $iv == "-" then null else {verdict: $iv, ratio: ($ir | num),
                 ratio_lo: ($ilo | num), ratio_hi: ($ihi | num)} end)}' >>"$js"
}

# bs_md_skipped TITLE: report.md's section TITLE listing the skipped
# commits and why, nothing when none was
# shellcheck disable=SC2016 # Markdown's backquotes, not the shell's
bs_md_skipped() {
    local i n=0
    for ((i = 0; i < bs_n; i++)); do [ "${bs_state[$i]:-}" != skip ] || n=$((n + 1)); done
    [ "$n" -gt 0 ] || return 0
    printf '## %s\n\n' "$1"
    for ((i = 0; i < bs_n; i++)); do
        [ "${bs_state[$i]:-}" = skip ] || continue
        printf -- '- `%s` %s: %s\n' "${bs_commits[$i]:0:12}" "$(bs_md "$(bs_subject "$i")")" "$(bs_md "${bs_why[$i]}")"
    done
    printf '\n'
}

# bs_write_md_lists: report.md's skipped commits, the segments it could not
# tell and the changes not confirmed, each list when it has any.
# shellcheck disable=SC2016 # Markdown's backquotes, not the shell's
bs_write_md_lists() {
    local i j v c f
    bs_md_skipped 'Skipped commits (the search went around them)'
    if [ ${#bs_unresolved[@]} -gt 0 ]; then
        printf '## Where it could not tell\n\n'
        for f in "${bs_unresolved[@]}"; do
            read -r i j v <<<"$f"
            printf -- '- %s..%s: %s (on twice the blocks too); a change there is neither found nor ruled out\n' \
                "${bs_commits[$i]:0:12}" "${bs_commits[$j]:0:12}" "$v"
        done
        printf '\n'
    fi
    if [ ${#bs_rejected[@]} -gt 0 ]; then
        printf '## Not confirmed (not named as changes)\n\n'
        for f in "${bs_rejected[@]}"; do
            read -r i j v c <<<"$f"
            printf -- '- %s..%s: the search said %s, the confirmation on fresh blocks %s\n' \
                "${bs_commits[$i]:0:12}" "${bs_commits[$j]:0:12}" "$v" "$c"
        done
        printf '\n'
    fi
}

# bs_write_md_rule: report.md's last part, the rule and what it took.
bs_write_md_rule() {
    printf '## The rule\n\n'
    printf 'Each comparison is harness/ab.sh: interleaved blocks of A, B and A again, B/A by the exact\n'
    printf 'paired signed-rank test at 1%% (0.5%% a way), beyond its A/A arm. A segment whose ends differ is\n'
    printf 'split at its middle; "same" ends a segment; "not resolved" is asked again on twice the blocks.\n'
    printf 'A change is named only when a confirmation on fresh blocks of its two adjacent commits says\n'
    printf 'the same direction as the search: on a history of one code a change needs two false calls.\n\n'
    printf '%d comparisons, %d builds (each commit at most once), %d s. Each comparison: bisect.tsv, ab/.\n' \
        "$bs_cmp" "$bs_builds" "$(( ($(cl_now_ms) - bs_t0) / 1000 ))"
}

# bs_write_results_json JSONL: results.json, the answer with the changes of JSONL.
bs_write_results_json() {
    local js=$1 i j v f
    local skipped unres
    skipped=$(for ((i = 0; i < bs_n; i++)); do
        [ "${bs_state[$i]:-}" = skip ] || continue
        jq -cn --arg c "${bs_commits[$i]}" --arg w "${bs_why[$i]}" '{commit: $c, why: $w}'
    done | jq -cs .)
    unres=$(for f in "${bs_unresolved[@]}"; do
        read -r i j v <<<"$f"
        jq -cn --arg a "${bs_commits[$i]}" --arg b "${bs_commits[$j]}" --arg v "$v" '{from: $a, to: $b, verdict: $v}'
    done | jq -cs .)
    local verdict='no change'
    [ ${#bs_changes[@]} -eq 0 ] || verdict=changes
    [ ${#bs_changes[@]} -gt 0 ] || [ ${#bs_unresolved[@]} -eq 0 ] || verdict='not resolved'
    jq -s --arg verdict "$verdict" --arg good "$bs_good_id" --arg bad "$bs_bad_id" --arg load "$bs_load" \
        --argjson commits "$bs_n" --argjson comparisons "$bs_cmp" --argjson builds "$bs_builds" \
        --argjson skipped "$skipped" --argjson unresolved "$unres" --argjson rejected "${#bs_rejected[@]}" \
        '{job: "bisect", answers: [{id: "bisect", question: "Which commit changed the time?", verdict: $verdict,
          good: $good, bad: $bad, load: $load, commits: $commits, comparisons: $comparisons, builds: $builds,
          changes: ., skipped: $skipped, unresolved: $unresolved, not_confirmed: $rejected}]}' \
        "$js" >"$bs_tmp/results.json"
    mv -- "$bs_tmp/results.json" "$CL_OUT/results.json"
}

# bs_write_said: the answer on stderr, one line a change.
bs_write_said() {
    local i j v r lo hi iv f
    printf '\n' >&2
    if [ ${#bs_unresolved[@]} -gt 0 ]; then
        printf 'coldload bisect: not resolved in %d segment(s) between %s and %s: no change there is found or ruled out (report.md)\n' \
            "${#bs_unresolved[@]}" "${bs_good_id:0:12}" "${bs_bad_id:0:12}" >&2
    elif [ ${#bs_changes[@]} -eq 0 ]; then
        printf 'coldload bisect: no change found between %s and %s\n' "${bs_good_id:0:12}" "${bs_bad_id:0:12}" >&2
    fi
    for f in "${bs_changes[@]}"; do
        read -r i j v r lo hi _ iv _ <<<"$f"
        printf 'coldload bisect: change at %s: %s, %sx (99%% interval %s-%s)%s\n' "${bs_commits[$j]:0:12}" "$v" \
            "$(bs_fmt "$r")" "$(bs_fmt "$lo")" "$(bs_fmt "$hi")" "$([ "$iv" != same ] || printf ' only under load')" >&2
    done
    printf 'coldload bisect report: %s/report.md\n' "$CL_OUT" >&2
}
