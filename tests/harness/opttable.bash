# tests/harness/opttable.bash -- the harness options' one table
# (harness/lib/opttable.sh) read with awk, not with the harness's own code:
# shared by tests/harness/options.bats and tests/long/options.bats.
# shellcheck shell=bash
# Its variables are read by the .bats files that load it; bats's run sets
# status, output and lines.
# shellcheck disable=SC2034,SC2154

SCRIPTS="cold warm loaded firstrun report scan threads coldreport compare plots ab bisect history"

# rows: the table's rows, one a line, fields separated by |.
rows() {
    awk '/^CL_OT_TABLE=\$\(cat <<.TABLE.$/ { on = 1; next } /^TABLE$/ { on = 0 } on' "$H/lib/opttable.sh"
}

# flags_of SCRIPT: the flags of SCRIPT's rows (used or ~unused), sorted.
flags_of() {
    rows | awk -F'|' -v s="$1" '{ n = split($5, w, " "); for (i = 1; i <= n; i++) if (w[i] == s || w[i] == "~" s) print $1 }' | sort
}

# help_text SCRIPT: SCRIPT's --help, asked once per test file (kept in
# BATS_FILE_TMPDIR: a script's --help does not change while the file runs).
help_text() {
    local f=$BATS_FILE_TMPDIR/help-$1.txt
    [ -s "$f" ] || bash "$H/$1.sh" --help >"$f"
    cat "$f"
}

# help_flags SCRIPT: the flags its --help lists (its own part: up to the first
# blank line), sorted.
help_flags() {
    help_text "$1" | awk '/^$/ { exit } /^  --[a-z]/ { sub(/^  /, ""); line = $0
        if (line ~ /^--[a-z-]+(, --[a-z-]+)+$/) { n = split(line, f, ", "); for (i = 1; i <= n; i++) print f[i] }
        else { split(line, f, " "); print f[1] } }' | sort
}

# help_of SCRIPT FLAG: FLAG's lines of SCRIPT's --help, blanks squeezed, on one line.
help_of() {
    help_text "$1" | awk -v f="$2" '/^$/ { exit } /^  --/ { on = ($1 == f) } /^[^ ]/ { on = 0 } on' | tr -s ' \n' '  '
}

# parser_takes_its_rows SCRIPT FLAG: SCRIPT's parser takes FLAG when the table
# gives SCRIPT a row of it, and refuses it as an unknown option otherwise; the
# word after FLAG is refused either way (as FLAG's value or as an unknown
# option of its own): exit 2.
parser_takes_its_rows() {
    local s=$1 f=$2
    run bash "$H/$s.sh" "$f" --zz-not-a-flag
    [ "$status" -eq 2 ] || { echo "$s $f --zz-not-a-flag: exit $status: $output"; return 1; }
    if flags_of "$s" | grep -qxF -- "$f"; then
        [[ ${lines[0]} != *"unknown option '$f'"* ]] || { echo "$s refuses its row's $f: ${lines[0]}"; return 1; }
    elif [ "$s" != coldreport ]; then   # coldreport.sh hands every other flag to cold.sh
        [[ ${lines[0]} == *"unknown option '$f'"* ]] || { echo "$s takes $f, not in its rows: ${lines[0]}"; return 1; }
    fi
}
