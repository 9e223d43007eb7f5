#!/usr/bin/env bats
# tests/report/twin.bats -- a threads job whose default cell ran as many
# threads as width 2 in every run, with a runtime that starts one thread per
# CPU (libgomp): the two are one configuration. Their spread is the level's
# A/A noise floor, no difference between them is reported, and every
# comparison with width 2 takes the runs of both.

bats_require_minimum_version 1.5.0
load helpers
load threadsfx

setup() { threadsfx_setup; }

@test "the default cell and its twin: one configuration, their spread the floor, never a difference" {
    cell none 1 40 41 42
    cell none 2 25 26 27
    cell none default 26 27 28
    # pinned: width 2's configuration (its runs and the default cell's, 14)
    # slower than width 1 by more than 1.25x in all but two runs
    cell pinned 1 80 90 95 100 101 102 103
    cell pinned 2 110 150 152 155 160 162 165
    cell pinned default 112 148 151 153 157 159 163
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -q 'it runs as width 2 here: 2 threads in every run' "$D/report.md"
    # idle, 3 runs a side: the floor is every ratio's range, 28/25
    [[ $(row idle) == "| idle | 2 | 2 | "*" | 1.12x (default = width 2) | no |" ]]
    # pinned: the floor (the far end of the 95% interval of the default's
    # shift against width 2, 7 runs a side) well under 1.25x; threads hurt
    # and width 2 is out of the best's set
    [[ $(row 'pinned load (2 workers)') == "| pinned load (2 workers) | 1 | 1 | "*" | 1.0"?"x (default = width 2) | yes |" ]]
    [ "$(jq -r '.answers[] | select(.id == "threads") | .verdict' "$D/results.json")" = yes ]
    # no sentence compares the default cell with its twin
    run grep -E 'Left to itself.*(takes|took) [0-9.]+x as long' "$D/report.md"
    [ "$status" -eq 1 ]
}

@test "a default cell whose threads no width matched is a cell of its own: no floor, its cost said" {
    cell none 1 40 41 42
    cell none 2 25 26 27
    cell pinned 1 80 90 95 100 101 102 103
    cell pinned 2 110 150 152 155 160 162 165
    cell pinned default 312 348 351 353 357 359 363
    # the default cell ran 3 threads (not 1, not 2): no twin
    sed -i '/,default,ok,/s/,0;1,2,2,/,0;1,2,3,/' "$D/runs.csv"
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $(row 'pinned load (2 workers)') == "| pinned load (2 workers) | 1 | 1 | "*" | - | yes |" ]]
    run ! grep -q 'it runs as width' "$D/report.md"
    grep -qE 'Left to itself \(no width variable set\) it takes 3\.[0-9]+x as long' "$D/report.md"
}

@test "a 'no' at a level with a twin says the level's A/A floor beside its figures" {
    cell none 1 40 41 42
    cell none 2 25 26 27
    cell none default 26 27 28
    cell pinned 1 80 82 84
    cell pinned 2 81 83 85
    cell pinned default 82 84 86
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # 3 a side: the floor is every ratio's range, 86/81
    grep -qF "**No: under pinned load (2 workers) width 2 is not slower than width 1 by 1.25x or more beyond the noise (this level's A/A noise floor 1.06x; median run 83" "$D/report.md"
}

# A program the width never reaches: every cell one configuration, found
# from what ran (no runtime that reads a width variable, no {width}, the
# sampler's threads the same in every cell).
one_config_cells() {
    # idle: width 1 consistently 0.5% slower than width 2 (resolved by the
    # rank test, 7 a side) -- two runs of one configuration all the same
    cell none 1 111.4 111.0 112.5 111.3 111.6 111.2 111.5
    cell none 2 110.8 110.7 111.0 110.9 110.75 110.85 110.95
    cell none default 110.9 111.1 110.8 111.0 111.2 110.7 111.3
    cell pinned 1 221 222 224 223 225 220 226
    cell pinned 2 218 219 217 220 216 221 215
    cell pinned default 222 220 219 223 221 218 224
}

@test "a single-threaded program: the lead says so first, no width best or worse than another" {
    FX_THREADS=1 FX_RUNTIMES='' one_config_cells
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -qF "**One thread in every run at every width: no threads to hurt, and every width one configuration; under pinned load (2 workers) it took 2.0x its idle time" "$D/report.md"
    grep -qF "its share of a CPU beside the load; to ask which width, put {width} in ARGS" "$D/report.md"
    run grep -c "Best width:" "$D/report.md"
    [ "$status" -eq 1 ]
    grep -qF "No best width: one configuration at every width" "$D/report.md"
    [[ $(row idle) == "| idle | - | every width (one configuration) | "*" | - | "*"x (every cell) | no threads |" ]]
    [ "$(jq -r '.answers[] | select(.id == "threads") | .verdict' "$D/results.json")" = no ]
    [ "$(jq -r '.answers[] | select(.id == "threads") | .figures.best_width' "$D/results.json")" = null ]
    [ "$(jq -r '.answers[] | select(.id == "threads") | .figures.one_configuration_threads' "$D/results.json")" = 1 ]
}

@test "a oneTBB-like program (2 threads at every width, a runtime that reads no width variable): the lead says the width did not reach it" {
    FX_THREADS=2 FX_RUNTIMES='libtbb:' one_config_cells
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -qF "**It ran 2 threads at every width: libtbb reads none of the width variables, so every width was one configuration; under pinned load (2 workers) it took 2.0x its idle time" "$D/report.md"
    grep -qF "or use libtbb's own control (tbb::global" "$D/report.md"
    run grep -c "Best width:" "$D/report.md"
    [ "$status" -eq 1 ]
    [[ $(row 'pinned load (2 workers)') == "| pinned load (2 workers) | - | every width (one configuration) | "*" | - | "*"x (every cell) | no width reached them |" ]]
    [ "$(jq -r '.answers[] | select(.id == "threads") | .verdict' "$D/results.json")" = unclear ]
    [ "$(jq -r '.answers[] | select(.id == "threads") | .figures.recommended_width' "$D/results.json")" = null ]
}

@test "a runtime whose variable the job did not set (--width-env-only MKL_NUM_THREADS, libgomp): every width one configuration" {
    sed -i 's/^threads_width_env=.*/threads_width_env=MKL_NUM_THREADS/' "$D/meta.txt"
    FX_THREADS=2 one_config_cells
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -qF "**It ran 2 threads at every width: libgomp reads none of the width variables, so every width was one configuration" "$D/report.md"
    run grep -c "Best width:" "$D/report.md"
    [ "$status" -eq 1 ]
}

@test "one thread at every width but a runtime that reads a width variable: the widths are cells of their own" {
    FX_THREADS=1 one_config_cells
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    run grep -c "One thread in every run" "$D/report.md"
    [ "$status" -eq 1 ]
    grep -qF "Best width:" "$D/report.md"
}

@test "threads the sampler saw differ between the widths: not one configuration, whatever the runtimes" {
    FX_RUNTIMES='' one_config_cells
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    run grep -c "every width was one configuration" "$D/report.md"
    [ "$status" -eq 1 ]
    grep -qF "Best width:" "$D/report.md"
}

@test "a width left out of the best-width set only by a difference a user would act on (1.10x)" {
    # idle width 1 resolved slower than width 2, but by 0.5%; no default
    # cell, so no twin and no A/A floor at any level
    cell none 1 111.4 111.0 112.5 111.3 111.6 111.2 111.5
    cell none 2 110.8 110.7 111.0 110.9 110.75 110.85 110.95
    cell pinned 1 221 222 224 223 225 220 226
    cell pinned 2 218 219 217 220 216 221 215
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -qF " Best width: 1 or 2 (within noise) idle" "$D/report.md"
}

@test "no twin: width 1 run again is the level's A/A floor, never a width of its own" {
    # ARGS with {width}: no default cell; width 1 run again (copy=again)
    cell none 1 40 41 42 43
    cell none 2 25 26 27 28
    FX_COPY=again cell none 1 41 42 43 44
    cell pinned 1 80 82 84 86
    cell pinned 2 120 140 150 160
    FX_COPY=again cell pinned 1 81 95 99 110
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # the floor: width 1 again against width 1, 4 a side: 110/80 at the far end
    [[ $(row 'pinned load (2 workers)') == "| pinned load (2 workers) | 1 | 1 | "*" | 1.3"?"x (width 1 run again) | "* ]]
    [[ $(row idle) == "| idle | 2 | 2 | "*"x (width 1 run again) | no |" ]]
    # never best, widest or within noise; its cell row named as run again
    grep -qF "| 1 again | pinned load (2 workers) |" "$D/report.md"
    run grep -c "Best width: 1 or" "$D/report.md"
    [ "$status" -eq 1 ]
}

@test "--threads-decided: again where no cell is a twin, not where the default cell is one" {
    cell none 1 40 41 42
    cell none 2 25 26 27
    run "$SUMMARIZE" --threads-decided --load none --stressors 0 "$D"
    [ "$status" -eq 0 ]
    [ "$(cut -f6 <<<"${lines[1]}")" = again ]
    cell none default 26 27 28
    run "$SUMMARIZE" --threads-decided --load none --stressors 0 "$D"
    [ "$status" -eq 0 ]
    [ "$(cut -f6 <<<"${lines[1]}")" = - ]
}

@test "runs too short for the sampler (threads_max 0 everywhere), no runtime: one configuration, said without a thread count" {
    FX_THREADS=0 FX_RUNTIMES='' one_config_cells
    run "$SUMMARIZE" "$D"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    grep -qF "**No width reached it: no runtime it loaded reads a width variable, ARGS hold no {width}, and the sampler saw none of its threads" "$D/report.md"
    run grep -c "Best width:" "$D/report.md"
    [ "$status" -eq 1 ]
    [ "$(jq -r '.answers[] | select(.id == "threads") | .figures.one_configuration' "$D/results.json")" = 1 ]
}
