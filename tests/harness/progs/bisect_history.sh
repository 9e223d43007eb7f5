#!/usr/bin/env bash
# tests/harness/progs/bisect_history.sh DIR KIND [N] [AT] -- makes DIR a git
# repository of N commits (default 12) of a small program, for make bisect's
# tests and its measured figures (docs/bisect.md). Commit 0 is GOOD, commit
# N-1 BAD; commit AT (default 7, counted from 0) is where the change is.
#
#   slow      work.c, an OpenMP reduction of REPS passes: REPS 50 -> 55 at AT
#             (a slowdown of about 10 %, idle or loaded)
#   load      steps.c, one OpenMP region of 100 steps: at AT each step ends
#             at a barrier whose waiting threads call sched_yield (as
#             OpenBLAS 0.3.21's idle threads do) -- nothing idle, about 5x
#             under a pinned load: each yield hands the CPU to the load's
#             worker for its time slice
#   same      work.c, the same code at every commit (only notes.txt changes)
#   tiny      prog, a shell script: sleep 0.01 -> 0.03 at AT (the tests' fast case)
#   tinysame  prog: sleep 0.01 at every commit
#
# BUILD is `sh {src}/build.sh` (the C kinds: cc -fopenmp; the tiny kinds:
# nothing to compile), RUN `{src}/prog`. Environment: BROKEN=K commit K's
# build fails (exit 1); BUILD_LOG=FILE each build appends its commit's
# notes line to FILE (the tests count builds); HOSTILE=1 each commit
# subject holds Markdown, HTML, JSON, shell and gnuplot strings.
set -euo pipefail

dir=${1:?usage: bisect_history.sh DIR slow|load|same|tiny|tinysame [N] [AT]}
kind=${2:?usage: bisect_history.sh DIR slow|load|same|tiny|tinysame [N] [AT]}
n=${3:-12}
at=${4:-7}
case $kind in slow | load | same | tiny | tinysame) ;; *) echo "bisect_history.sh: unknown kind '$kind'" >&2; exit 2 ;; esac

# shellcheck disable=SC2016 # the strings are data: nothing in them is expanded
hostile=(
    '**bold** [link](http://x) `code` # heading | table |'
    '<script>alert(1)</script> &amp; <b>html</b>'
    '{"id": "bisect", "verdict": "same"} "quoted" \\ backslash'
    '$(touch /tmp/bisect-pwned) `touch /tmp/bisect-pwned` ; rm -rf ~'
    'set output "/tmp/x.png"; plot "x" using 1:2 with lines title "evil"'
)

mkdir -p -- "$dir"
cd -- "$dir"
git init --quiet .
git config user.name "bisect history"
git config user.email "history@example.invalid"
git config commit.gpgsign false

export GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z"
for ((k = 0; k < n; k++)); do
    reps=50 split=1 sync=0 nap=0.01
    if [ "$k" -ge "$at" ]; then
        case $kind in
            slow) reps=55 ;;
            load) sync=1 ;;
            tiny) nap=0.03 ;;
        esac
    fi
    printf 'commit %d\n' "$k" >notes.txt
    {
        printf '#!/bin/sh\n# builds this commit (bisect_history.sh)\nset -e\n'
        [ -z "${BUILD_LOG:-}" ] || printf "head -n 1 notes.txt >>'%s'\n" "$BUILD_LOG"
        [ "${BROKEN:-}" != "$k" ] || printf 'echo "this commit does not build" >&2\nexit 1\n'
        case $kind in
            tiny | tinysame) printf 'chmod +x prog\n' ;;
            load) printf 'cc -O2 -fopenmp -o prog steps.c\n' ;;
            *) printf 'cc -O2 -fopenmp -o prog work.c\n' ;;
        esac
    } >build.sh
    case $kind in
        tiny | tinysame)
            printf '#!/bin/sh\nsleep %s\necho done\n' "$nap" >prog
            chmod +x prog
            ;;
        load)
            cat >steps.c <<EOF
/* steps.c -- one OpenMP region of STEPS steps over LEN terms, each thread
 * its share of a step; with SYNC, every step ends at a barrier whose
 * waiting threads call sched_yield (bisect_history.sh); prints the sum. */
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <omp.h>
#define SYNC $sync
#define STEPS 100L
#define LEN 50000000L
static _Atomic long arrived;
int main(void) {
    double s = 0;
#pragma omp parallel reduction(+ : s)
    {
        long n = omp_get_num_threads();
        for (long k = 0; k < STEPS; k++) {
            /* a step's sum in a local: s, a reduction's copy, can be kept
             * in memory beside the atomics, each term a store and a load */
            double part = 0;
#pragma omp for schedule(static) nowait
            for (long i = k * (LEN / STEPS); i < (k + 1) * (LEN / STEPS); i++) part += (double)(i % 7) * 1e-6;
            s += part;
            if (SYNC) {
                atomic_fetch_add(&arrived, 1);
                while (atomic_load(&arrived) < (k + 1) * n) sched_yield();
            }
        }
    }
    printf("%.6f\n", s);
    return 0;
}
EOF
            ;;
        *)
            cat >work.c <<EOF
/* work.c -- REPS passes of an OpenMP reduction, each pass SPLIT parallel
 * regions (bisect_history.sh); prints the sum. */
#include <stdio.h>
#define REPS $reps
#define SPLIT $split
#define LEN 1000000L
int main(void) {
    double s = 0;
    for (int rep = 0; rep < REPS; rep++)
        for (long c = 0; c < SPLIT; c++) {
#pragma omp parallel for reduction(+ : s) schedule(static)
            for (long i = c * (LEN / SPLIT); i < (c + 1) * (LEN / SPLIT); i++) s += (double)(i % 7) * 1e-6;
        }
    printf("%.6f\n", s);
    return 0;
}
EOF
            ;;
    esac
    git add -A
    subject="commit $k of $kind"
    # every hostile string in each subject, the commit's own first
    if [ "${HOSTILE:-0}" = 1 ]; then
        subject="$k: ${hostile[k % ${#hostile[@]}]}"
        for h in "${hostile[@]}"; do subject+=" $h"; done
    fi
    git commit --quiet -m "$subject"
done
