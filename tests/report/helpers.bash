# tests/report/helpers.bash -- shared by the report stage's bats files: paths,
# and a writer of samples.csv rows shaped exactly as the binaries write them,
# so each test builds just the data one verdict is about.
# shellcheck shell=bash
# The variables are read by the .bats files that load this one.
# shellcheck disable=SC2034

ROOT=$(cd "$(dirname "${BATS_TEST_FILENAME}")/../.." && pwd)
SUMMARIZE=$ROOT/build/coldload-summarize
FIXTURE=$ROOT/tests/fixtures/results-small
SAMPLES_HEADER=timestamp,host,run_id,workload,params,width,wait,phase,iter,ms,minflt,majflt,nvcsw,nivcsw,load1,procs_running,checksum,truncated,harness,condition,stressors,copy
WHOLE_HEADER=timestamp,host,harness,condition,stressors,copy,workload,params,width,wait,tool,label,run,wall_ms,user_ms,sys_ms,minflt,majflt,exit_code
RUN=0

# series FILE WORKLOAD WIDTH CONDITION COPY FIRST "STEADY..." [CHECKSUM] [PROCS]
# One process: a first-run row and one steady row per STEADY time (ms).
# need_results: skips without coldload-summarize; D, a fresh results
# directory, and S, its samples.csv (the setup of the synthetic-CSV tests).
need_results() {
    [ -x "$SUMMARIZE" ] || skip "build/coldload-summarize is not built (make)"
    D=$BATS_TEST_TMPDIR/r
    mkdir -p "$D"
    S=$D/samples.csv
}

series() {
    local file=$1 w=$2 width=$3 cond=$4 copy=$5 first=$6 steady=$7
    local sum=${8:-00000000000000aa} procs=${9:-1} params stressors=0 harness=warm i=1 ms
    case $w in grad) params=n=1000 ;; svdvals) params=size=256 ;; *) params='beta=0.3;chi=8;steps=10' ;; esac
    [ "$cond" = loaded ] && stressors=2 harness=loaded
    [ -s "$file" ] || echo "$SAMPLES_HEADER" >"$file"
    RUN=$((RUN + 1))
    printf '2026-12-02T10:00:00.000Z,vm,1796200000000-%d,%s,%s,%d,block,first,0,%s,10,0,0,0,0.10,%d,%s,0,%s,%s,%s,%s\n' \
        "$RUN" "$w" "$params" "$width" "$first" "$procs" "$sum" "$harness" "$cond" "$stressors" "$copy" >>"$file"
    for ms in $steady; do
        printf '2026-12-02T10:00:00.000Z,vm,1796200000000-%d,%s,%s,%d,block,steady,%d,%s,0,0,0,0,0.10,%d,%s,0,%s,%s,%s,%s\n' \
            "$RUN" "$w" "$params" "$width" "$i" "$ms" "$procs" "$sum" "$harness" "$cond" "$stressors" "$copy" >>"$file"
        i=$((i + 1))
    done
}

# The verdicts of DIR as "LEVEL id" words, sorted, on one line.
verdict_ids() {
    grep -oE '^(OK|NOTE|WARN|ERROR) [a-z-]+' "$1/verdicts.txt" | sort | tr '\n' ' ' | sed 's/ $//'
}

# A copy of the committed fixture (tests never write into the repository).
fixture_copy() {
    cp -r "$FIXTURE" "$1"
}

# The per-process layout: placement columns after truncated, load and proc tags.
SAMPLES_HEADER_PROCS=timestamp,host,run_id,workload,params,width,wait,phase,iter,ms,minflt,majflt,nvcsw,nivcsw,load1,procs_running,checksum,truncated,cpu,cpus,migrations,harness,condition,stressors,copy,load,proc

# pseries FILE WORKLOAD WIDTH LOAD PROC CPUS FIRST "STEADY..."
# One process of a cell in that layout: LOAD none (idle), pinned or free;
# CPUS the `cpus` field of every call ("0;1", "1" or "" for unknown).
pseries() {
    local file=$1 w=$2 width=$3 load=$4 proc=$5 cpus=$6 first=$7 steady=$8
    local params cond=loaded harness=loaded stressors=2 i=0 ms phase cpu=${6##*;}
    case $w in grad) params=n=1000 ;; *) params=size=256 ;; esac
    [ "$load" = none ] && cond=idle harness=warm stressors=0
    [ -s "$file" ] || echo "$SAMPLES_HEADER_PROCS" >"$file"
    RUN=$((RUN + 1))
    for ms in "$first" $steady; do
        phase=steady
        [ "$i" -eq 0 ] && phase=first
        printf '2026-12-02T10:00:00.000Z,vm,1796200000000-%d,%s,%s,%d,block,%s,%d,%s,0,0,0,0,0.10,1,00000000000000aa,0,%s,%s,0,%s,%s,%s,warm,%s,%d\n' \
            "$RUN" "$w" "$params" "$width" "$phase" "$i" "$ms" "$cpu" "$cpus" "$harness" "$cond" "$stressors" "$load" "$proc" >>"$file"
        i=$((i + 1))
    done
}

# col FILE 'CONDITION' NAME...: the named summary.csv columns of the rows where
# the awk CONDITION holds (c["name"] is a column's index), space-separated.
col() {
    local file=$1 cond=$2
    shift 2
    awk -F, -v names="$*" -v OFS=' ' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; n = split(names, want, " "); next }
        '"$cond"' { out = ""; for (k = 1; k <= n; k++) out = out (k > 1 ? " " : "") $c[want[k]]; print out }' "$file"
}

# nowait FILE WORKLOAD WIDTH CONDITION COPY "MS..."
# "No wait" rows (phase steady_nowait: submit timed, the result not waited
# for) of the process `series` wrote last, in the same layout.
nowait() {
    local file=$1 w=$2 width=$3 cond=$4 copy=$5 i=1 ms params stressors=0 harness=warm
    case $w in grad) params=n=1000 ;; *) params=size=256 ;; esac
    [ "$cond" = loaded ] && stressors=2 harness=loaded
    for ms in $6; do
        printf '2026-12-02T10:00:00.000Z,vm,1796200000000-%d,%s,%s,%d,block,steady_nowait,%d,%s,0,0,0,0,0.10,1,00000000000000aa,0,%s,%s,%s,%s\n' \
            "$RUN" "$w" "$params" "$width" "$i" "$ms" "$harness" "$cond" "$stressors" "$copy" >>"$file"
        i=$((i + 1))
    done
}

# The threads layout (coldload-run --csv): width_requested and censored after
# the placement columns, then the tags.
SAMPLES_HEADER_RUNS=timestamp,host,run_id,workload,params,width,wait,phase,iter,ms,minflt,majflt,nvcsw,nivcsw,load1,procs_running,checksum,truncated,cpu,cpus,migrations,width_requested,censored,harness,condition,stressors,copy,load,proc

# runrow FILE WIDTH LOAD PROC CPUS MS [CENSORED]
# One run of a program under threads.sh: one steady row, its wall time MS;
# CENSORED 1: the run was stopped (its cap, or known slow) at MS, a lower
# bound, with no checksum (its output is unfinished).
runrow() {
    local file=$1 width=$2 load=$3 proc=$4 cpus=$5 ms=$6 cens=${7:-0}
    local cond=loaded stressors=2 sum=00000000000000aa
    [ "$load" = none ] && cond=idle stressors=0
    [ "$cens" = 1 ] && sum=
    [ -s "$file" ] || echo "$SAMPLES_HEADER_RUNS" >"$file"
    RUN=$((RUN + 1))
    printf '2026-12-04T10:00:00.000Z,vm,1796400000000-%d,prog,,%d,,steady,1,%s,0,0,0,0,0.10,1,%s,0,,%s,0,%d,%d,threads,%s,%s,inplace,%s,%d\n' \
        "$RUN" "$width" "$ms" "$sum" "$cpus" "$width" "$cens" "$cond" "$stressors" "$load" "$proc" >>"$file"
}
