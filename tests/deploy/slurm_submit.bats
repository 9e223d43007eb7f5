#!/usr/bin/env bats
# tests/deploy/slurm_submit.bats -- deploy/slurm/submit.sh against a stub
# sbatch that records its arguments: the array of N exclusive tasks, the
# compare job after it (afterok), the environment both get, the ids printed;
# bad flags exit 2 before anything is submitted. Needs no cluster (the real
# run is tests/slurm/slurm.bats).

ROOT=$(cd "$(dirname "$BATS_TEST_FILENAME")/../.." && pwd)

setup() {
    STUB=$BATS_TEST_TMPDIR/bin R=$BATS_TEST_TMPDIR/results
    mkdir -p "$STUB"
    # job ids 41 and 42, as --parsable prints them (id;cluster)
    cat >"$STUB/sbatch" <<'SH'
#!/usr/bin/env bash
n=$(($(cat "$SBATCH_LOG.n" 2>/dev/null || echo 40) + 1))
echo "$n" >"$SBATCH_LOG.n"
printf '%s\n' "--- $n" "$@" >>"$SBATCH_LOG"
echo "$n;testcluster"
SH
    chmod +x "$STUB/sbatch"
    export SBATCH_LOG=$BATS_TEST_TMPDIR/sbatch.log
}

@test "submit.sh: an array of N exclusive tasks, then the compare job afterok, ids and paths printed" {
    [ -x "$ROOT/build/coldload-compare" ] || skip "not built (make)"
    run env PATH="$STUB:$PATH" bash "$ROOT/deploy/slurm/submit.sh" --nodes 3 --results "$R" --args "--quick --widths=1,2" -- --partition=bench
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "coldload: array job 41 (3 tasks), compare job 42 (after all succeed)" ]]
    stamp=$(sed -n 's/^stamp=//p' "$R"/slurm-*/jobs.txt)
    [[ $stamp =~ ^[0-9]{8}T[0-9]{6}Z$ ]]
    [[ ${lines[1]} == "coldload: results in $R/$stamp-<host>, comparison in $R/$stamp-compare/compare.html" ]]
    # the array: 1-3, its logs beside the results, the environment for the tasks
    first=$(sed -n '/^--- 41$/,/^--- 42$/p' "$SBATCH_LOG")
    grep -qx -- '--array=1-3' <<<"$first"
    grep -qx -- "--export=ALL,COLDLOAD_ROOT=$ROOT,COLDLOAD_RESULTS=$R,COLDLOAD_STAMP=$stamp" <<<"$first"
    grep -qx -- "--output=$R/slurm-$stamp/coldload-%A_%a.out" <<<"$first"
    grep -qx -- '--partition=bench' <<<"$first"
    grep -qx -- "$ROOT/deploy/slurm/coldload.sbatch" <<<"$first"
    # the compare job: after every task succeeded, cancelled when one fails
    second=$(sed -n '/^--- 42$/,$p' "$SBATCH_LOG")
    grep -qx -- '--dependency=afterok:41' <<<"$second"
    grep -qx -- '--kill-on-invalid-dep=yes' <<<"$second"
    grep -qx -- "$ROOT/deploy/slurm/compare.sbatch" <<<"$second"
    # the batch file itself asks for the node alone, one task on it
    grep -qx '#SBATCH --exclusive' "$ROOT/deploy/slurm/coldload.sbatch"
    grep -qx '#SBATCH --ntasks-per-node=1' "$ROOT/deploy/slurm/coldload.sbatch"
    [ "$(sed -n 's/^array_job=//p' "$R"/slurm-*/jobs.txt) $(sed -n 's/^compare_job=//p' "$R"/slurm-*/jobs.txt)" = "41 42" ]
}

@test "make slurm-report passes the report flags as --flag=value, lists with commas" {
    run make -s -n -C "$ROOT" slurm-report NODES=2 QUICK=1 WIDTHS="1 2" BUDGET=3 SLURM_RESULTS=/shared/x
    [ "$status" -eq 0 ]
    [[ $output == *"deploy/slurm/submit.sh --nodes '2' --results '/shared/x'"*"--args '--quick --widths=1,2 --budget=3'"* ]]
    run make -s -C "$ROOT" slurm-report
    [ "$status" -ne 0 ]
    [[ $output == *"NODES=N is required"* ]]
}

@test "submit.sh: bad flags and a missing sbatch exit 2, nothing submitted" {
    for args in "" "--nodes 0" "--nodes x" "--nodes" "--bogus" "--nodes 2 --results"; do
        # shellcheck disable=SC2086
        run env PATH="$STUB:$PATH" bash "$ROOT/deploy/slurm/submit.sh" $args
        [ "$status" -eq 2 ]
    done
    [ ! -e "$SBATCH_LOG" ]
    # a PATH with what submit.sh needs before it looks for sbatch, and no sbatch
    mkdir "$BATS_TEST_TMPDIR/nosbatch"
    ln -s "$(command -v dirname)" "$BATS_TEST_TMPDIR/nosbatch/dirname"
    run env PATH="$BATS_TEST_TMPDIR/nosbatch" "$BASH" "$ROOT/deploy/slurm/submit.sh" --nodes 2 --results "$R"
    [ "$status" -eq 2 ]
    [[ $output == *"no sbatch here"* ]]
    [ ! -e "$R" ]
    run bash "$ROOT/deploy/slurm/submit.sh" --help
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "usage: deploy/slurm/submit.sh --nodes N"* ]]
}
