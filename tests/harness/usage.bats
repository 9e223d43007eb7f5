#!/usr/bin/env bats
# tests/harness/usage.bats -- what a mistyped command line must not do: make
# a results directory or move results/latest (a usage error is exit 2 and
# nothing else), take `--out -r` for a directory, glob-expand `--widths '*'`,
# or follow another user's --out symlink.
# (the cases under a long real load: tests/long/usage.bats, make test-long)

load helpers
load usage

@test "coldreport.sh with a flag cold.sh refuses: exit 2, no results directory, results/latest unmoved" {
    run env COLDLOAD_RESULTS="$R" bash "$H/coldreport.sh" --bogus
    [ "$status" -eq 2 ]
    [[ $output == *"unknown option '--bogus'"* ]]
    nothing_made
}

@test "--out -r is a usage error (a forgotten value), and no directory -r is made" {
    run env COLDLOAD_RESULTS="$R" bash "$H/warm.sh" --out -r
    [ "$status" -eq 2 ]
    [[ $output == *"--out needs a path, got '-r'"* ]]
    [ ! -e "$BATS_TEST_TMPDIR/-r" ]
    nothing_made
}

@test "--widths '*' is not glob-expanded" {
    mkdir -p "$BATS_TEST_TMPDIR/-r"   # what the glob would find here
    run env COLDLOAD_RESULTS="$R" bash "$H/warm.sh" --widths '*'
    [ "$status" -eq 2 ]
    [[ $output == *"--widths: expected an integer in 1..256, got '*'"* ]]
    nothing_made
}

@test "a samples.csv of an older layout with the same tags is refused up front (exit 2), not measured into" {
    D=$BATS_TEST_TMPDIR/old-layout
    mkdir -p "$D"
    # the tag columns are today's, the fixed ones lack cpu,cpus,migrations,width_requested
    echo 'timestamp,host,run_id,workload,params,width,wait,phase,iter,ms,minflt,majflt,nvcsw,nivcsw,load1,procs_running,checksum,truncated,harness,condition,stressors,copy,load,proc' >"$D/samples.csv"
    cp "$D/samples.csv" "$BATS_TEST_TMPDIR/before"
    run bash "$H/warm.sh" --quick --widths 1 --out "$D"
    [ "$status" -eq 2 ]
    [[ $output == *"samples.csv has another header than the binaries write (timestamp,"*",width_requested,censored,harness,condition,stressors,copy,load,proc)"* ]]
    cmp "$D/samples.csv" "$BATS_TEST_TMPDIR/before"
    # nothing was run
    run compgen -G "$D/logs/warm-idle-*"
    [ "$status" -ne 0 ]
}

@test "p28_timing and ising_trg --csv-header: the header their rows with these tags have" {
    run "$B/p28_timing" --tag a=1 --tag b=2 --csv-header
    [ "$status" -eq 0 ]
    [[ $output == timestamp,host,run_id,*,width_requested,censored,a,b ]]
    [ "$("$B/ising_trg" --tag a=1 --tag b=2 --csv-header)" = "$output" ]
}
