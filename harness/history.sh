#!/usr/bin/env bash
# harness/history.sh -- what did each commit cost? Every commit of a range
# (every K-th; the first always) timed against one baseline, the range's
# first commit, all of them in the same shuffled blocks: one harness/ab.sh
# job of several B sides (--bs: each block the baseline, each commit and the
# baseline again, in a random order), so a commit's ratio to the baseline
# carries no drift between commits, and two commits of one job are paired
# block by block.
#
# The repository is read as make bisect reads it (harness/lib/bisect.sh: a
# shared clone in the job's temporary directory, a worktree of it per
# commit, each built once, all of it removed on every way out): nothing of
# the user's repository is written. The results directory is a history: a
# later job into it (the same baseline) measures only the commits not yet
# measured under its load (--again: all of them again), in a new ab job
# (ab/NN), and keeps the rest. Then between each two consecutive measured
# commits bisect's rule -- ab's paired rule at 1 % -- on their pairs in the
# same blocks (harness/lib/sides.sh), or, for two commits of different
# jobs, whether their intervals to the baseline are apart. docs/history.md.
set -euo pipefail
# shellcheck source=harness/lib/all.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/all.sh"
# shellcheck source=harness/lib/bisect.sh
. "$CL_ROOT/harness/lib/bisect.sh"
# shellcheck source=harness/lib/sides.sh
. "$CL_ROOT/harness/lib/sides.sh"
# shellcheck source=harness/lib/history.sh
. "$CL_ROOT/harness/lib/history.sh"

usage() {
    cl_usage '' <<'USAGE'
What did each commit cost? A and every commit after it on B's first-parent line up to B (every
K-th, A always), each timed against A (the baseline) in the same shuffled blocks of one ab job
(harness/ab.sh --bs): each commit's ratio to A with its 99% interval, and which consecutive
measured commits differ (ab's paired rule on their pairs in the same blocks; a change named
only when an ab job of the two commits alone, on fresh blocks, agrees).
CMD: a program and its arguments split at blanks (no shell reads them); {src} in them is the
path of the commit's own worktree (under the results directory). BUILD runs in that worktree.
Writes history.tsv (each commit measured: its ratio to the baseline), pairs.tsv (each
consecutive pair), confirm.tsv and confirmed.tsv (each difference compared again on fresh
blocks: named a change only when that agrees), commits.tsv, report.md, report.html,
results.json (answer id history), plots/history.png and .svg, meta.txt, logs/, ab/NN/ (each
job's ab directory) and ab/NN-FROM-TO/ (each confirmation's). Exit: 0 done,
1 the baseline could not be built or run, or the job failed, 2 bad options, repository or
range.
USAGE
}

cl_init history "$@"
cl_defaults
# the options by history's rows of the option table (harness/lib/opttable.sh)
bs_opts "$@"
hs_revs=${CL_OPT[HISTORY_REVS]} hs_again=${CL_OPT[HISTORY_AGAIN]:-0} hs_total=${CL_OPT[AB_TOTAL]}
cl_opt_final --every
hs_every=${CL_OPT[HISTORY_EVERY]}
[ -n "$bs_repo" ] || cl_usage_error "--repo DIR is required (the git repository)"
[ -n "$hs_revs" ] || cl_usage_error "--revs A..B is required (the range: A the baseline)"
bs_check_common "$hs_revs"
hs_check_range
bs_no_submodules
bs_check_programs
CL_OPT[OUT]=$bs_out
[ -n "${CL_OPT[OUT]}" ] || CL_OPT[OUT]=$CL_RESULTS/history-$(date -u +%Y%m%dT%H%M%SZ)-$(hostname)
hs_check_out "${CL_OPT[OUT]}"
bs_begin history
cl_meta history_repo "$bs_repo"
cl_meta history_revs "$hs_revs"
cl_meta history_baseline "$bs_good_id"
cl_meta history_every "$hs_every"
cl_meta history_build "$bs_build"
cl_meta history_run "$bs_run"
cl_meta history_load "$bs_load"
cl_meta history_widths "$bs_widths"
cl_meta history_again "$hs_again"
cl_meta history_seed "$bs_seed"
cl_meta history_rule "each commit against the baseline in the same shuffled blocks (one ab.sh job, --bs); two consecutive commits of one job differ by ab's paired rule at 1% on their pairs in those blocks, beyond the job's A/A floor; of two jobs, when their 99% intervals to the baseline are apart; a difference named a change only when an ab job of the two commits on fresh blocks says the same direction"

hs_setup
hs_measure
hs_pairs
hs_confirm
hs_write
