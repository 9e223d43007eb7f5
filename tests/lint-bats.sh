#!/usr/bin/env bash
# tests/lint-bats.sh -- the checks of the bats tests that bats itself does not
# enforce. bats runs a test's body under `set -e`, and bash stops on neither a
# command that fails before the last `&&` of a chain nor a line that begins
# with `!`: such a line checks nothing. This finds them, and the skips that
# would hide a test on a plain Debian machine run as root.
#
#   tests/lint-bats.sh [FILE...]   default: every tests/*/*.bats and tests/*/*.bash
#
# Five findings, each printed FILE:LINE: WHAT:
#   - a line of a @test body that begins with a bare `!` (write `run !` or
#     `[[ ! ... ]]`);
#   - an `&&` chain on a line of a @test body other than its last (one condition
#     a line; `if` for a conditional). Text in quotes, heredocs, `$(...)` and
#     `[[ ... ]]` aside; an `||` chain is enforced (its last command fails the
#     test) and allowed;
#   - `[ -z "$(col ...)" ]`: it passes when the column is missing (col's exit
#     is lost in `$()`);
#   - after a `run`, a line that reads its $output, ${lines[...]} or $stderr
#     before any line reads its $status (or `run -N` / `run !` checked it): a
#     text that matches says nothing of how the command ended (printing the
#     output with echo or printf aside);
#   - a `skip` whose message names nothing to install or make: it must name the
#     package or the make target (a word "make", "install", "apt-get" or
#     "Debian:"), guard root (`id -u` on its line: it never fires as root), or
#     carry a comment `# skip-ok: WHY` on its line or the line above, saying why
#     it cannot fire on a plain Debian machine as root.
# Then shellcheck over the .bats files (it reads them as bats: SC2314/SC2315
# are its bare-`!` findings), without the findings bats itself brings: SC2030
# and SC2031 (a test body is a subshell), SC2016 (awk and sh programs quoted on
# purpose), and those of the sourced files it does not follow (make lint's).
# Exit 0 when nothing is found, 1 with the count of findings, 2 on a usage error.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2

if [ $# -gt 0 ]; then
    files=("$@")
else
    files=(tests/*/*.bats tests/*/*.bash)
fi
for f in "${files[@]}"; do
    if [ ! -f "$f" ]; then echo "lint-bats: $f: no such file" >&2; exit 2; fi
done

# The file's own checks: one pass of awk a file. A character scanner keeps the
# quote state across lines (awk programs span lines in single quotes).
own=$(awk '
function flush_stmt(   s) {
    # a statement ended (newline outside quotes): record it if it holds code
    s = stmt
    gsub(/^[ \t]+|[ \t]+$/, "", s)
    if (s != "" && intest) {
        n++
        text[n] = s; at[n] = stmt_line; amp[n] = stmt_amp; rawtext[n] = rawline[stmt_line]
    }
    stmt = ""; stmt_amp = 0; stmt_line = 0
}
function end_test(   i, pending) {
    pending = 0
    for (i = 1; i <= n; i++) {
        if (text[i] ~ /^run([ \t]|$)/) {
            pending = text[i] !~ /^run[ \t]+(--[a-z-]+[ \t]+)*(-[0-9]+|!)([ \t]|$)/
            continue
        }
        if (pending && rawtext[i] ~ /\$(\{)?status/) pending = 0
        else if (pending && text[i] !~ /^(echo|printf)([ \t]|$)/ &&
                 rawtext[i] ~ /\$(\{)?(output|lines|stderr)/) {
            report(at[i], "reads the output of run before its $status (check the status first)")
            pending = 0
        }
    }
    for (i = 1; i <= n; i++) {
        if (text[i] ~ /^!([ \t]|$)/)
            report(at[i], "a bare ! checks nothing under bats (run ! or [[ ! ]])")
        else if (amp[i] && i < n && text[i] !~ /^(if|elif|while|until)[ \t]/)
            report(at[i], "an && chain before the last line of a test checks nothing but its last command (one condition a line)")
    }
    n = 0; intest = 0
}
function report(line, what) { print FILENAME ":" line ": " what; found++ }
FNR == 1 { if (intest) end_test(); okline = -10; q = ""; depth = 0; dbr = 0; stmt = ""; stmt_amp = 0; heredoc = ""; n = 0; intest = 0 }
{
    raw = $0
    rawline[FNR] = raw
    if (raw ~ /# skip-ok: /) okline = FNR
    if (heredoc != "") {
        t = raw; sub(/^\t+/, "", t)
        if (t == heredoc) heredoc = ""
        next
    }
    if (!intest && q == "" && raw ~ /^@test .*\{[ \t]*$/) { intest = 1; n = 0; stmt = ""; next }
    if (intest && q == "" && depth == 0 && raw ~ /^\}[ \t]*$/) { flush_stmt(); end_test(); next }
    if (stmt == "") stmt_line = FNR
    # code: the line outside quotes and comments, for the checks of one line
    code = ""
    L = length(raw)
    for (i = 1; i <= L; i++) {
        c = substr(raw, i, 1)
        if (q == "\x27") { if (c == "\x27") q = ""; continue }
        if (q == "$\x27") {
            if (c == "\\") { i++; continue }
            if (c == "\x27") q = ""
            continue
        }
        if (q == "\"") {
            if (c == "\\") { i++; continue }
            if (c == "\"") q = ""
            continue
        }
        if (c == "\\") { i++; continue }
        if (substr(raw, i, 2) == "$\x27") { q = "$\x27"; i++; continue }
        if (c == "\x27" || c == "\"") { q = c; continue }
        if (c == "#" && (i == 1 || substr(raw, i - 1, 1) ~ /[ \t]/)) break
        code = code c
        if (substr(raw, i, 2) == "$(") { depth++; i++; continue }
        if (substr(raw, i, 2) == "[[") { if (dbr == 0 && depth == 0) stmt = stmt "[["; dbr++; i++; continue }
        if (substr(raw, i, 2) == "]]" && dbr > 0) { dbr--; i++; continue }
        if (c == "(" && depth > 0) { depth++; continue }
        if (c == ")" && depth > 0) { depth--; continue }
        if (depth > 0 || dbr > 0) continue
        if (substr(raw, i, 2) == "<<" && substr(raw, i + 2, 1) != "<") {
            h = substr(raw, i + 2); sub(/^-/, "", h); sub(/^[ \t]*/, "", h)
            gsub(/[\x27"]/, "", h); sub(/[^A-Za-z0-9_].*$/, "", h)
            if (h != "") heredoc = h
            i++; continue
        }
        if (substr(raw, i, 2) == "&&") { stmt_amp = 1; stmt = stmt "&&"; i++; continue }
        if (c == ";" ) { flush_stmt(); stmt_line = FNR; continue }
        stmt = stmt c
    }
    # skips: their message must name what to install
    if (code ~ /(^|[;&|{ \t])skip([ \t]|$)/ && raw !~ /^@test/) {
        if (raw !~ /make|install|apt-get|Debian:/ && raw !~ /id -u/ && FNR - okline > 2)
            report(FNR, "a skip that names nothing to install (name the package or make target, or say # skip-ok: why it cannot fire as root)")
    }
    if (code ~ /\[ -z / && raw ~ /\[ -z "\$\(col /)
        report(FNR, "[ -z \"$(col ...)\" ] passes when the column is missing (run col, check $status, then $output)")
    # a line continued (ends in a backslash) or inside quotes or $(...) goes on
    if (q == "" && depth == 0 && raw !~ /\\$/) flush_stmt()
}
END { exit found > 0 }
' "${files[@]}") || true

bats_files=()
for f in "${files[@]}"; do
    case $f in *.bats) bats_files+=("$f") ;; esac
done
sc=
if [ ${#bats_files[@]} -gt 0 ]; then
    sc=$(printf '%s\n' "${bats_files[@]}" |
        xargs -P2 -n12 shellcheck -f gcc -e SC1091,SC2034,SC2153,SC2154,SC2016,SC2030,SC2031) || true
fi

count=0
if [ -n "$own" ]; then
    printf '%s\n' "$own"
    count=$((count + $(grep -c '' <<<"$own")))
fi
if [ -n "$sc" ]; then
    printf '%s\n' "$sc"
    count=$((count + $(grep -c '' <<<"$sc")))
fi
if [ "$count" -gt 0 ]; then
    echo "lint-bats: $count findings" >&2
    exit 1
fi
echo "lint-bats: 0 findings in ${#files[@]} files"
