#!/usr/bin/env bash
# harness/optdoc.sh -- the harness part of docs/options.md, from the option
# table (harness/lib/opttable.sh): the Markdown table of every row, between
# the lines OPTDOC_BEGIN and OPTDOC_END below. `make options-doc` writes it;
# tests/harness/options.bats fails when the file differs from the table.
#
#   harness/optdoc.sh                 the table on stdout
#   harness/optdoc.sh --write FILE    FILE's part between the markers replaced by it
#   harness/optdoc.sh --check FILE    exit 1 (and the diff) when FILE's part is another
set -euo pipefail
# shellcheck source=harness/lib/all.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/all.sh"

OPTDOC_BEGIN='<!-- harness options: begin (written by make options-doc from harness/lib/opttable.sh: edit the table, not these lines) -->'
OPTDOC_END='<!-- harness options: end -->'

usage() {
    sed -n '2,9s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

# optdoc_merge FILE TABLE: FILE with the lines between the markers replaced by TABLE's.
optdoc_merge() {
    if ! grep -qxF -- "$OPTDOC_BEGIN" "$1" || ! grep -qxF -- "$OPTDOC_END" "$1"; then
        cl_die "$1 has no lines '$OPTDOC_BEGIN' and '$OPTDOC_END'" 2
    fi
    awk -v b="$OPTDOC_BEGIN" -v e="$OPTDOC_END" -v t="$2" '
        $0 == b { print; while ((getline l < t) > 0) print l; skip = 1; next }
        $0 == e { skip = 0 }
        !skip' "$1"
}

CL_NAME=optdoc
case ${1:-} in
    '') cl_opt_doc ;;
    --write | --check)
        [ $# -eq 2 ] || { usage >&2; exit 2; }
        tmp=$(mktemp -d)
        trap 'rm -rf -- "$tmp"' EXIT
        cl_opt_doc >"$tmp/table"
        optdoc_merge "$2" "$tmp/table" >"$tmp/new"
        if [ "$1" = --write ]; then
            cmp -s "$tmp/new" "$2" || cat "$tmp/new" >"$2"
        elif ! diff -u "$2" "$tmp/new"; then
            printf 'coldload optdoc: %s is not the option table (harness/lib/opttable.sh): run make options-doc\n' "$2" >&2
            exit 1
        fi ;;
    -h | --help) usage ;;
    *) usage >&2; exit 2 ;;
esac
