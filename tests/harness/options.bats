#!/usr/bin/env bats
# tests/harness/options.bats -- the harness options' one table
# (harness/lib/opttable.sh): its rows are well formed, docs/options.md
# holds it as it is, each script's --help lists exactly its rows with their
# defaults, and each range a row states is the one the script refuses outside.
# The table is read here with awk, not with the harness's own code.

load helpers

SCRIPTS="cold warm loaded firstrun report scan threads coldreport compare plots"

# rows: the table's rows, one a line, fields separated by |.
rows() {
    awk '/^CL_OT_TABLE=\$\(cat <<.TABLE.$/ { on = 1; next } /^TABLE$/ { on = 0 } on' "$H/lib/opttable.sh"
}

# flags_of SCRIPT: the flags of SCRIPT's rows (used or ~unused), sorted.
flags_of() {
    rows | awk -F'|' -v s="$1" '{ n = split($5, w, " "); for (i = 1; i <= n; i++) if (w[i] == s || w[i] == "~" s) print $1 }' | sort
}

# help_flags SCRIPT: the flags its --help lists (its own part: up to the first
# blank line), sorted.
help_flags() {
    bash "$H/$1.sh" --help | awk '/^$/ { exit } /^  --[a-z]/ { sub(/^  /, ""); line = $0
        if (line ~ /^--[a-z-]+(, --[a-z-]+)+$/) { n = split(line, f, ", "); for (i = 1; i <= n; i++) print f[i] }
        else { split(line, f, " "); print f[1] } }' | sort
}

# help_of SCRIPT FLAG: FLAG's lines of SCRIPT's --help, blanks squeezed, on one line.
help_of() {
    bash "$H/$1.sh" --help | awk -v f="$2" '/^$/ { exit } /^  --/ { on = ($1 == f) } /^[^ ]/ { on = 0 } on' | tr -s ' \n' '  '
}

@test "the option table: nine fields a row, known checks, one row per flag and script" {
    local n
    n=$(rows | wc -l)
    [ "$n" -gt 30 ]
    run bash -c "$(declare -f rows); H=$H; rows | awk -F'|' 'NF != 9 { print NR \": \" NF \" fields\" }'"
    [ -z "$output" ] || { echo "$output"; false; }
    run bash -c "$(declare -f rows); H=$H; rows | awk -F'|' '\$8 !~ /^(int|num|ints|share):[0-9]+:[0-9]+\$|^enums?:[a-z,]+\$|^path\$|^str\$|^switch(:[01])?\$/ { print \$1 \": check \" \$8 }'"
    [ -z "$output" ] || { echo "$output"; false; }
    for s in $SCRIPTS; do
        run bash -c "$(declare -f rows flags_of); H=$H; flags_of $s | uniq -d"
        [ -z "$output" ] || { echo "$s has more than one row of: $output"; false; }
    done
}

@test "docs/options.md's harness table is the option table (make options-doc)" {
    run bash "$H/optdoc.sh" --check "$ROOT/docs/options.md"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # and the check sees a change
    sed 's/^| `--copies K` | cold | 5 |/| `--copies K` | cold | 6 |/' "$ROOT/docs/options.md" >"$BATS_TEST_TMPDIR/options.md"
    ! cmp -s "$ROOT/docs/options.md" "$BATS_TEST_TMPDIR/options.md"
    run bash "$H/optdoc.sh" --check "$BATS_TEST_TMPDIR/options.md"
    [ "$status" -eq 1 ]
    [[ $output == *"run make options-doc"* ]]
}

@test "each script's --help lists exactly its rows of the table" {
    local s want got
    for s in $SCRIPTS; do
        want=$(flags_of "$s")
        got=$(help_flags "$s")
        [ "$want" = "$got" ] || { echo "$s: table: $want"; echo "$s: --help: $got"; false; }
    done
}

@test "each script's --help states its rows' defaults, QUICK defaults and ranges" {
    local s f a v e scr d q c h line lo hi
    while IFS='|' read -r f a v e scr d q c h; do
        for s in $scr; do
            [[ $s != \~* ]] || continue
            line=$(help_of "$s" "$f")
            [ -n "$line" ] || { echo "$s --help has no line for $f"; false; }
            if [[ $d != *'{'* && $q != *'{'* && $c != switch* && -n $d ]]; then
                case $d in
                    '~required') [[ $line == *"(required)"* ]] || { echo "$s $f: $line"; false; } ;;
                    '~'*) [[ $line == *"default: ${d#\~}"* ]] || { echo "$s $f: no 'default: ${d#\~}' in: $line"; false; } ;;
                    *) [[ $line == *"default $d"* ]] || { echo "$s $f: no 'default $d' in: $line"; false; } ;;
                esac
                if [ "$q" = "$d" ]; then [[ $line == *"QUICK too"* ]] || { echo "$s $f: no 'QUICK too' in: $line"; false; }
                elif [ -n "$q" ]; then [[ $line == *"QUICK $q"* ]] || { echo "$s $f: no 'QUICK $q' in: $line"; false; }; fi
            fi
            IFS=: read -r _ lo hi <<<"$c"
            case $c in
                int:*) [[ $line == *"($lo..$hi"* ]] || { echo "$s $f: no range $lo..$hi in: $line"; false; } ;;
                ints:*) [[ $line == *"(each $lo..$hi"* ]] || { echo "$s $f: no range each $lo..$hi in: $line"; false; } ;;
                num:0:*) [[ $line == *"(0 < $a <= $hi"* ]] || { echo "$s $f: no range 0 < $a <= $hi in: $line"; false; } ;;
                share:*) [[ $line == *"($lo <= $a <= $hi"* ]] || { echo "$s $f: no range $lo <= $a <= $hi in: $line"; false; } ;;
            esac
        done
    done < <(rows)
}

@test "a value outside a row's range: exit 2, first line naming the flag and the range, nothing made" {
    need_binaries
    local s f a v e scr d q c h lo hi extra out=$BATS_TEST_TMPDIR/out
    while IFS='|' read -r f a v e scr d q c h; do
        IFS=: read -r _ lo hi <<<"$c"
        for s in $scr; do
            [[ $s != \~* ]] || continue
            extra=()
            [ "$s" != threads ] || extra=(--binary /bin/true)
            case $c in
                int:*) run bash "$H/$s.sh" --out "$out" "${extra[@]}" "$f" $((hi + 1))
                       [[ ${lines[0]} == *"$f: expected an integer in $lo..$hi, got '$((hi + 1))'" ]] || { echo "$s $f: $output"; false; } ;;
                num:*) run bash "$H/$s.sh" --out "$out" "${extra[@]}" "$f" $((hi + 1))
                       [[ ${lines[0]} == *"$f: expected a number of seconds, > $lo and <= $hi, got '$((hi + 1))'" ]] || { echo "$s $f: $output"; false; } ;;
                share:*) run bash "$H/$s.sh" --out "$out" "${extra[@]}" "$f" $((hi + 1))
                       [[ ${lines[0]} == *"$f: expected a share from $lo to $hi (0.1 is +-10 %), got '$((hi + 1))'" ]] || { echo "$s $f: $output"; false; } ;;
                enum:*) run bash "$H/$s.sh" --out "$out" "${extra[@]}" "$f" bogus
                        [[ ${lines[0]} == *"$f: expected "*", got 'bogus'" ]] || { echo "$s $f: $output"; false; } ;;
                *) continue ;;
            esac
            [ "$status" -eq 2 ] || { echo "$s $f: exit $status"; false; }
            [ ! -e "$out" ] || { echo "$s $f: made $out"; false; }
        done
    done < <(rows)
}

@test "defaults from the table reach the run: warm --dry-run plans 3 to 7 processes a cell, QUICK 3; --max-procs and COLDLOAD_MAX_PROCS move it" {
    run env -u COLDLOAD_QUICK -u COLDLOAD_MAX_PROCS -u COLDLOAD_PROCS bash "$H/warm.sh" --dry-run --widths 1 --seed 1
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == *" 3-7 processes a cell"* ]]
    run env -u COLDLOAD_MAX_PROCS -u COLDLOAD_PROCS bash "$H/warm.sh" --dry-run --widths 1 --seed 1 --quick
    [[ ${lines[0]} == *" 3-3 processes a cell"* || ${lines[0]} == *" 3 processes a cell"* ]] || { echo "${lines[0]}"; false; }
    run env -u COLDLOAD_QUICK COLDLOAD_MAX_PROCS=5 bash "$H/warm.sh" --dry-run --widths 1 --seed 1
    [[ ${lines[0]} == *" 3-5 processes a cell"* ]]
    run env -u COLDLOAD_QUICK COLDLOAD_MAX_PROCS=5 bash "$H/warm.sh" --dry-run --widths 1 --seed 1 --max-procs 4
    [[ ${lines[0]} == *" 3-4 processes a cell"* ]]
}

@test "each script's parser takes exactly its rows' flags: another harness flag is an unknown option" {
    local s f all
    all=$(rows | cut -d'|' -f1 | sort -u)
    for s in $SCRIPTS; do
        for f in $all; do
            # the word after FLAG is refused: either as FLAG's value or as an unknown option of its own
            run bash "$H/$s.sh" "$f" --zz-not-a-flag
            [ "$status" -eq 2 ] || { echo "$s $f --zz-not-a-flag: exit $status: $output"; false; }
            if flags_of "$s" | grep -qxF -- "$f"; then
                [[ ${lines[0]} != *"unknown option '$f'"* ]] || { echo "$s refuses its row's $f: ${lines[0]}"; false; }
            elif [ "$s" != coldreport ]; then   # coldreport.sh hands every other flag to cold.sh
                [[ ${lines[0]} == *"unknown option '$f'"* ]] || { echo "$s takes $f, not in its rows: ${lines[0]}"; false; }
            fi
        done
    done
}

@test "report.sh hands its flags to cold, warm, loaded and firstrun: each of them takes every one (used or ~accepted)" {
    local f s
    for f in $(flags_of report); do
        case $f in --scan | --no-scan) continue ;; esac   # report.sh's own
        for s in cold warm loaded firstrun; do
            flags_of "$s" | grep -qxF -- "$f" || { echo "report.sh takes $f, $s.sh has no row (nor ~$s) for it"; false; }
        done
    done
}
