#!/usr/bin/env bash
# tests/report/golden.sh -- the golden outputs of coldload-summarize: every
# file it writes (summary.csv, verdicts.txt, report.md, report.html,
# plots/*.dat, plots/labels.gp) for each committed fixture
# tests/fixtures/results-*, kept in tests/fixtures/golden/<fixture>/.
#
#   tests/report/golden.sh render FIXTURE_DIR OUT   render one fixture's outputs into OUT
#   tests/report/golden.sh update                   re-make tests/fixtures/golden/ (make golden)
#
# tests/report/golden.bats renders each fixture again and compares byte for
# byte. A change to these outputs is deliberate: regenerate with `make
# golden` in a commit of its own whose message names the change.
#
# The fixture is summarised from a copy under its own name, by a relative
# path: the outputs cite "results-small/samples.csv:2", never a temp path.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
summarize=${SUMMARIZE:-$root/build/coldload-summarize}

render() {
    local fixture=$1 out=$2 name work f
    name=$(basename "$fixture")
    work=$(mktemp -d)
    # shellcheck disable=SC2064 # expand now: work is local
    trap "rm -rf '$work'" RETURN
    cp -r "$fixture" "$work/$name"
    (cd "$work" && "$summarize" "$name" >/dev/null 2>"$work/stderr") || {
        cat "$work/stderr" >&2
        return 1
    }
    mkdir -p "$out/plots"
    for f in summary.csv verdicts.txt report.md report.html; do
        cp "$work/$name/$f" "$out/$f"
    done
    cp "$work/$name"/plots/*.dat "$work/$name/plots/labels.gp" "$out/plots/"
}

case ${1:-} in
    render)
        [ $# -eq 3 ] || { echo "usage: $0 render FIXTURE_DIR OUT" >&2; exit 2; }
        render "$2" "$3" ;;
    update)
        [ -x "$summarize" ] || { echo "$0: $summarize is not built (make)" >&2; exit 2; }
        for fx in "$root"/tests/fixtures/results-*/; do
            fx=${fx%/}
            rm -rf "$root/tests/fixtures/golden/${fx##*/}"
            render "$fx" "$root/tests/fixtures/golden/${fx##*/}"
            echo "golden: tests/fixtures/golden/${fx##*/}"
        done ;;
    *) echo "usage: $0 render FIXTURE_DIR OUT | update" >&2; exit 2 ;;
esac
