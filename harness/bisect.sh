#!/usr/bin/env bash
# harness/bisect.sh -- which commit made it slower (or faster)? Every change
# between GOOD and BAD, each step a call of harness/ab.sh (interleaved
# blocks, the A/A arm, like with like, stop at the asked precision).
#
# Nothing of the user's repository is written: it is cloned with
# `git clone --shared --no-checkout` (its objects read through alternates)
# into a temporary directory of the results directory, and each commit the
# search looks at is a `git worktree` of that clone -- so the worktree list,
# refs, index, stash and checkout of the user's .git are never touched, and
# the clone and its worktrees go with the job's temporary directory on every
# way out (cl_on_exit removes CL_TMPDIRS: the end, an error, INT, TERM, HUP).
# Each commit is built once (BUILD, in its worktree), then run once (RUN) to
# see it runs: a build or a run that fails, passes its cap or prints nothing
# makes that commit skipped (git bisect's 125), said, and the search goes
# around it. The search (harness/lib/bisect.sh): a segment whose ends differ
# is split at its midpoint; "same" ends it; "not resolved" is asked again on
# twice the blocks, then said; until each change sits between two adjacent
# commits. Each final pair is then compared again on fresh blocks (the
# confirmation: the change is kept only when both say the same direction),
# and with --load, idle too ("only under load"). docs/bisect.md.
set -euo pipefail
# shellcheck source=harness/lib/all.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/all.sh"
# shellcheck source=harness/lib/bisect.sh
. "$CL_ROOT/harness/lib/bisect.sh"

usage() {
    cl_usage '' <<'USAGE'
Every change of RUN's time between GOOD and BAD, each comparison of two commits an interleaved
A/B job (harness/ab.sh) with its A/A arm. CMD: a program and its arguments split at blanks (no
shell reads them); {src} in them is the path of the commit's own worktree (under the results
directory). BUILD runs in that worktree.
Writes bisect.tsv (each comparison), commits.tsv (each commit looked at), report.md,
results.json (answer id bisect), plots/bisect.png, .svg (the chart, when gnuplot is installed)
and .dat (its data), meta.txt, logs/ and ab/NN-A-B/ (each comparison's ab directory). Exit: 0 done, 1 GOOD or BAD could not be built or run (said), or the job failed,
2 bad options or repository.
USAGE
}

cl_init bisect "$@"
cl_defaults
# the options by bisect's rows of the option table (harness/lib/opttable.sh)
bs_opts "$@"
bs_check_input
CL_OPT[OUT]=$bs_out
[ -z "${CL_OPT[OUT]}" ] || [ ! -d "${CL_OPT[OUT]}" ] || cl_results_unused "${CL_OPT[OUT]}"
[ -n "${CL_OPT[OUT]}" ] || CL_OPT[OUT]=$CL_RESULTS/bisect-$(date -u +%Y%m%dT%H%M%SZ)-$(hostname)
bs_begin bisect
cl_meta bisect_repo "$bs_repo"
cl_meta bisect_good "$bs_good"
cl_meta bisect_bad "$bs_bad"
cl_meta bisect_build "$bs_build"
cl_meta bisect_run "$bs_run"
cl_meta bisect_load "$bs_load"
cl_meta bisect_widths "$bs_widths"
cl_meta bisect_cold "$bs_cold"
cl_meta bisect_seed "$bs_seed"
cl_meta bisect_rule "a change is named only when the search's comparison and a confirmation on fresh blocks of the final adjacent pair say the same direction (each ab.sh's paired rule at 1%)"

bs_setup
bs_search
bs_confirm
bs_write
