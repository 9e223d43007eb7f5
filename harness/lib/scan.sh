# shellcheck shell=bash
# harness/lib/scan.sh -- the scan's own functions (harness/scan.sh), beside
# lib/all.sh's cl_* ones: the cell plan, one process under its share of the time
# left, the cell ledger (scan-cells.csv), the charts. Sourced after lib/all.sh.
#
#   scan_widths N TOP / scan_levels N   the default widths and load levels (log N of each)
#   scan_plan WHICH N        SCAN_PHASES, each phase's cells, SCAN_N processes in all
#   scan_print_plan          the plan, one process a line (--dry-run)
#   scan_cells_init FILE     the ledger's header (kept when it is there)
#   scan_phase PHASE         one load level: its load up, K shuffled rounds of its cells, load down
#   scan_known_slow          after a pinned phase's first round: the cells known to be slow
#   scan_run SCAN W WAIT WIDTH   one process, capped by its share of the time left
#   scan_count_cut           "budget=B watchdog=W skipped=S failed=F" over the ledger
#   scan_plots DIR           gnuplot on DIR's .dat files

# Variables set here are read by scan.sh.
# shellcheck disable=SC2034

SCAN_WORKLOADS="grad svdvals"
SCAN_POLICIES="spin yield block"
SCAN_CELLS_HEADER=scan,workload,wait,width_requested,condition,load,stressors,proc,cap_s,wall_ms,exit_code,cut
declare -A SCAN_PHASE_CELLS=()

# The default axes grow like log N, so the scan like log^2 N (a 64-CPU
# machine must not get 129 widths x 65 load levels):
#   scan_widths N TOP   1, 2, 4, ... (powers of two below N), N, TOP -- the
#                       wait scan's TOP is N+1 (one thread more than CPUs:
#                       where a spinning wait hurts), the load scan's 2N
#   scan_levels N       load workers 0, 1, N/2 (rounded down), N-1, N
# each sorted and deduplicated (N = 2: widths 1 2 4 and 1 2 3, levels 0 1 2).
scan_widths() {
    local n=$1 top=$2 w=1 out=()
    while [ "$w" -lt "$n" ]; do out+=("$w"); w=$((2 * w)); done
    printf '%s\n' "${out[@]}" "$n" "$top" | sort -n -u | paste -sd' '
}
scan_levels() {
    local n=$1
    printf '%s\n' 0 1 $((n / 2)) $((n - 1)) "$n" | awk '$1 <= '"$n" | sort -n -u | paste -sd' '
}

# Phases run idle ones first: what their processes leave of their share goes
# to the loaded ones, which need it (scan.sh's time plan).
scan_plan() {
    local which=$1 n=$2 i w pol width cells levels=() wait_widths load_widths phase
    SCAN_NCPU=$n
    if [ -n "${CL_OPT[WIDTHS]}" ]; then
        wait_widths=$CL_WIDTHS load_widths=$CL_WIDTHS
    else
        wait_widths=$(scan_widths "$n" $((n + 1)))
        load_widths=$(scan_widths "$n" $((2 * n)))
    fi
    if [ -n "${CL_OPT[STRESSORS]}" ]; then read -ra levels <<<"0 $CL_STRESSORS"
    else read -ra levels <<<"$(scan_levels "$n")"; fi
    SCAN_PHASES=()
    if [ "$which" != load ]; then
        cells=''
        for w in $SCAN_WORKLOADS; do
            for pol in $SCAN_POLICIES; do
                for width in $wait_widths; do cells+=" $w:$pol:$width"; done
            done
        done
        for phase in wait:idle wait:pinned wait:free; do SCAN_PHASE_CELLS[$phase]=$cells; done
    fi
    if [ "$which" != wait ]; then
        cells=''
        for w in $SCAN_WORKLOADS; do
            for width in $load_widths auto; do cells+=" $w:block:$width"; done
        done
        for i in "${levels[@]}"; do SCAN_PHASE_CELLS[load:$i]=$cells; done
    fi
    for phase in wait:idle load:0 wait:pinned wait:free; do
        [ -n "${SCAN_PHASE_CELLS[$phase]:-}" ] && SCAN_PHASES+=("$phase")
    done
    for i in "${levels[@]}"; do
        [ "$i" != 0 ] && [ -n "${SCAN_PHASE_CELLS[load:$i]:-}" ] && SCAN_PHASES+=("load:$i")
    done
    SCAN_N=0
    for phase in "${SCAN_PHASES[@]}"; do
        read -ra cells <<<"${SCAN_PHASE_CELLS[$phase]}"
        SCAN_N=$((SCAN_N + ${#cells[@]} * CL_PROCS))
    done
    SCAN_LEFT=$SCAN_N
}

# scan_tags PHASE: the CL_TAG_* of a phase; SCAN_KIND (none, pinned, free)
# and SCAN_S (its stress-ng workers).
scan_tags() {
    local scan=${1%%:*} what=${1#*:}
    CL_TAG_HARNESS=scan-$scan CL_TAG_COPY=inplace
    case $scan:$what in
        wait:idle|load:0) SCAN_KIND=none SCAN_S=0 ;;
        wait:*) SCAN_KIND=$what SCAN_S=$SCAN_NCPU ;;
        load:*) SCAN_KIND=pinned SCAN_S=$what ;;
    esac
    CL_TAG_LOAD=$SCAN_KIND CL_TAG_STRESSORS=$SCAN_S
    if [ "$SCAN_KIND" = none ]; then CL_TAG_CONDITION=idle; else CL_TAG_CONDITION=loaded; fi
}

scan_print_plan() {
    local phase cell cells p
    printf '# scan plan: %d processes, %d CPUs, %d per cell, deadline %ss, at most %ss a process\n' \
        "$SCAN_N" "$SCAN_NCPU" "$CL_PROCS" "$SCAN_TOTAL" "$SCAN_CAP_MAX"
    # The time: every process may take its cap, but the deadline bounds the
    # whole (scan.sh's time plan); past it the rest are skipped.
    awk -v n="$SCAN_N" -v c="$SCAN_CAP_MAX" -v t="$SCAN_TOTAL" 'BEGIN {
        w = n * c; printf "# time: at most %gs (%d processes x %gs cap = %gs, deadline %gs%s)\n",
            (w < t ? w : t), n, c, w, t, (w > t ? ": the deadline decides, later processes get less" : "") }'
    for phase in "${SCAN_PHASES[@]}"; do
        scan_tags "$phase"
        read -ra cells <<<"${SCAN_PHASE_CELLS[$phase]}"
        printf '# phase %s: %s load, %s workers, %d cells x %d processes, widths %s\n' "$phase" \
            "$SCAN_KIND" "$SCAN_S" "${#cells[@]}" "$CL_PROCS" \
            "$(printf '%s\n' "${cells[@]}" | awk -F: '!seen[$3]++ { printf "%s%s", (n++ ? " " : ""), $3 }')"
    done
    printf 'scan workload wait width condition load stressors proc\n'
    for phase in "${SCAN_PHASES[@]}"; do
        scan_tags "$phase"
        read -ra cells <<<"${SCAN_PHASE_CELLS[$phase]}"
        for ((p = 1; p <= CL_PROCS; p++)); do
            for cell in "${cells[@]}"; do
                IFS=: read -r w pol width <<<"$cell"
                printf '%s %s %s %s %s %s %s %d\n' "${phase%%:*}" "$w" "$pol" "$width" \
                    "$CL_TAG_CONDITION" "$SCAN_KIND" "$SCAN_S" "$p"
            done
        done
    done
}

scan_cells_init() {
    SCAN_CELLS=$1
    if [ -s "$SCAN_CELLS" ]; then
        local h
        IFS= read -r h <"$SCAN_CELLS"
        [ "$h" = "$SCAN_CELLS_HEADER" ] || cl_die "$SCAN_CELLS has another header: use another --out" 2
    else
        echo "$SCAN_CELLS_HEADER" >"$SCAN_CELLS"
    fi
}

# The time left to the deadline in ms (negative once past).
scan_left_ms() { echo $((SCAN_DEADLINE_MS - $(cl_now_ms))); }

scan_phase() {
    local phase=$1 cells p cell w pol width order=()
    scan_tags "$phase"
    read -ra cells <<<"${SCAN_PHASE_CELLS[$phase]}"
    # No load is started once the time is out: every cell is then skipped.
    if [ "$SCAN_KIND" != none ] && [ "$(scan_left_ms)" -gt 0 ]; then
        printf 'coldload scan: %s: starting %s load, %s stress-ng CPU workers\n' "$phase" "$SCAN_KIND" "$SCAN_S" >&2
        cl_stress_start "$SCAN_KIND" "$SCAN_S"
        cl_meta "scan_${phase/:/_}_stress_pgid" "${CL_STRESS[pgid]}"
    elif [ "$SCAN_KIND" = none ]; then
        cl_busy_check "scan $phase"
    fi
    cl_meta_probe "scan_${phase/:/_}"
    for ((p = 1; p <= CL_PROCS; p++)); do
        if [ "$p" = 2 ] && [ "$SCAN_KIND" = pinned ]; then
            scan_known_slow
            if [ ${#SCAN_SLOW_CELLS[@]} -gt 0 ]; then
                cl_meta "scan_${phase/:/_}_known_slow" "${SCAN_SLOW_CELLS[*]}"
                local -A slow=()
                for cell in "${SCAN_SLOW_CELLS[@]}"; do slow[$cell]=1; done
                local open=()
                for cell in "${cells[@]}"; do [ -n "${slow[$cell]:-}" ] || open+=("$cell"); done
                # their later processes are not run: the time they had is the others'
                SCAN_LEFT=$((SCAN_LEFT - (${#cells[@]} - ${#open[@]}) * (CL_PROCS - 1)))
                cells=("${open[@]}")
            fi
        fi
        CL_TAG_PROC=$p
        cl_shuffle order "${cells[@]}"
        for cell in "${order[@]}"; do
            IFS=: read -r w pol width <<<"$cell"
            scan_run "${phase%%:*}" "$w" "$pol" "$width"
        done
    done
    cl_stress_stop
    CL_TAG_PROC=1
}

# scan_known_slow: SCAN_SLOW_CELLS, the cells (workload:wait:width) of this
# phase whose first process's steady median is at least SCAN_SLOW times the
# fastest cell's of the same workload here. Such a cell cannot be the level's
# best width and its slowdown is plain (a 2 s call against 5 ms), so its
# other processes are not run: the stopping rule's answer is known.
# Pinned load only: there every process of a cell is as slow as the next;
# under free load one process says nothing of the next (placement), and the
# wait scan's free phase keeps all its processes.
SCAN_SLOW=10
scan_known_slow() {
    SCAN_SLOW_CELLS=()
    [ -s "$CL_SAMPLES" ] || return 0
    mapfile -t SCAN_SLOW_CELLS < <(awk -F, -v h="$CL_TAG_HARNESS" -v s="$CL_TAG_STRESSORS" -v l="$CL_TAG_LOAD" -v r="$SCAN_SLOW" '
        # the median of v[k, 1..n]
        function median(v, k, n,  i, j, t, y) {
            for (i = 1; i <= n; i++) {
                t = v[k, i]
                for (j = i - 1; j >= 1 && y[j] > t; j--) y[j + 1] = y[j]
                y[j + 1] = t
            }
            return n % 2 ? y[(n + 1) / 2] : (y[n / 2] + y[n / 2 + 1]) / 2
        }
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["harness"] != h || $c["stressors"] != s || $c["load"] != l || $c["proc"] != 1 { next }
        { k = $c["workload"] ":" $c["wait"] ":" $c["width_requested"]; cell[k] = 1 }
        $c["phase"] == "steady" { sv[k, ++ns[k]] = $c["ms"] }
        $c["phase"] == "first" { fv[k, ++nf[k]] = $c["ms"] }
        END {
            # a process stopped at its cap before any steady call: its first call
            for (k in cell) med[k] = ns[k] ? median(sv, k, ns[k]) : median(fv, k, nf[k])
            for (k in med) { split(k, p, ":"); if (!(p[1] in best) || med[k] < best[p[1]]) best[p[1]] = med[k] }
            for (k in med) { split(k, p, ":"); if (best[p[1]] > 0 && med[k] >= r * best[p[1]]) print k }
        }' "$CL_SAMPLES" | sort)
}

scan_run() {
    local scan=$1 w=$2 pol=$3 width=$4 left cap budget blas=$4 step before t0 wall rc=0 cut=none c
    left=$(scan_left_ms)
    # An equal share of the time left, at most cap_max: by induction no
    # process can push the last one past the deadline.
    cap=$(awk -v l="$left" -v n="$SCAN_LEFT" -v m="$SCAN_CAP_MAX" \
        'BEGIN { c = l / 1000 / n; if (c > m) c = m; printf "%.2f", (c > 0 ? c : 0) }')
    SCAN_LEFT=$((SCAN_LEFT - 1))
    cl_progress "scan $scan, $CL_TAG_CONDITION ${CL_TAG_LOAD}/$CL_TAG_STRESSORS: $w $pol width $width, process $CL_TAG_PROC (cap ${cap}s)"
    if awk -v c="$cap" 'BEGIN { exit !(c < 0.05) }'; then
        scan_ledger "$w" "$pol" "$width" "$cap" 0 '' skipped
        return 0
    fi
    budget=$(awk -v c="$cap" 'BEGIN { printf "%.3f", c / 2 }')
    [ "$width" = auto ] && blas=$SCAN_NCPU   # auto's cap: OpenBLAS may need every CPU
    cl_tags
    step=scan-$scan-$CL_TAG_LOAD-s$CL_TAG_STRESSORS-$w-$pol-w$width-p$CL_TAG_PROC
    CL_WATCHDOG_S=$cap
    before=$(cl_samples_lines)
    t0=$(cl_now_ms)
    cl_exec "$step" env OPENBLAS_NUM_THREADS="$blas" "$CL_BUILD/p28_timing" --workload "$w" \
        --wait "$pol" --width "$width" --runs "$CL_RUNS" --budget "$budget" \
        --precision "$CL_PRECISION" --csv "$CL_SAMPLES" \
        "${CL_TAGS[@]}" || rc=$?
    wall=$(( $(cl_now_ms) - t0 ))
    case $rc in
        0) c=$(cl_csv_col "$CL_SAMPLES" truncated)
           if [ -n "$c" ] && awk -F, -v from="$before" -v c="$c" 'NR > from && $c == 1 { f = 1 } END { exit !f }' "$CL_SAMPLES"; then
               cut=budget
           fi ;;
        124|137) cut=watchdog ;;
        *) cut=failed
           CL_FAILURES=$((CL_FAILURES + 1))
           cl_warn "$step failed with exit status $rc (see $CL_LOG.err)" ;;
    esac
    cl_meta_binary_once "$CL_LOG.out"
    scan_ledger "$w" "$pol" "$width" "$cap" "$wall" "$rc" "$cut"
}

# scan_ledger W WAIT WIDTH CAP WALL_MS EXIT CUT: one line of scan-cells.csv.
scan_ledger() {
    cl_csv_line "${CL_TAG_HARNESS#scan-}" "$1" "$2" "$3" "$CL_TAG_CONDITION" "$CL_TAG_LOAD" \
        "$CL_TAG_STRESSORS" "$CL_TAG_PROC" "$4" "$5" "$6" "$7" >>"$SCAN_CELLS"
}

scan_count_cut() {
    awk -F, -v c="$(cl_csv_col "$SCAN_CELLS" cut)" 'NR > 1 && c { n[$c]++ } END { printf "budget=%d watchdog=%d skipped=%d failed=%d", n["budget"], n["watchdog"], n["skipped"], n["failed"] }' "$SCAN_CELLS"
}

# One gnuplot run per workload and chart whose data exists (heatmap-W.dat,
# wait-W.dat); gnuplot missing is a warning, not a failure: the data and the
# verdict are the scan's result, the charts its pictures. The workload name
# (from a file name) goes in as ARG1, never pasted into a gnuplot command.
scan_plots() {
    local dir=$1 f chart w
    if ! type -P gnuplot >/dev/null; then
        cl_warn "gnuplot is missing (Debian package gnuplot-nox): no scan charts, data in $dir"
        return 0
    fi
    for f in "$dir"/heatmap-*.dat "$dir"/wait-*.dat; do
        [ -s "$f" ] || continue
        f=${f##*/}
        chart=${f%%-*} w=${f#*-}
        w=${w%.dat}
        (cd "$dir" && LC_ALL=C.UTF-8 GNUPLOT_LIB=$CL_ROOT/plots gnuplot -c "$CL_ROOT/plots/scan_$chart.gp" "$w") ||
            cl_die "gnuplot failed on plots/scan_$chart.gp for $dir/$f"
    done
}
