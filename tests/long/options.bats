#!/usr/bin/env bats
# tests/long/options.bats -- the harness options' one table, every script's
# parser against every flag of it (~3 min: a script started per pair; `make
# test` tries a seventh of the pairs, tests/harness/options.bats), and each
# script's --help against its rows: the flags it lists, the defaults, QUICK
# defaults and ranges it states.

load ../harness/helpers
load ../harness/opttable

@test "each script's parser takes exactly its rows' flags: another harness flag is an unknown option" {
    local s f all
    all=$(rows | cut -d'|' -f1 | sort -u)
    for s in $SCRIPTS; do
        for f in $all; do
            parser_takes_its_rows "$s" "$f"
        done
    done
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
                       [[ ${lines[0]} == *"$f: expected an integer in $lo..$hi, got '$((hi + 1))' (see harness/$s.sh --help)" ]] || { echo "$s $f: $output"; false; } ;;
                num:*) run bash "$H/$s.sh" --out "$out" "${extra[@]}" "$f" $((hi + 1))
                       [[ ${lines[0]} == *"$f: expected a number of seconds, > $lo and <= $hi, got '$((hi + 1))' (see harness/$s.sh --help)" ]] || { echo "$s $f: $output"; false; } ;;
                cpus:* | factor:*) run bash "$H/$s.sh" --out "$out" "${extra[@]}" "$f" $((hi + 1))
                       [[ ${lines[0]} == *"$f: expected a "*", >= $lo and <= $hi, got '$((hi + 1))' (see harness/$s.sh --help)" ]] || { echo "$s $f: $output"; false; } ;;
                share:*) run bash "$H/$s.sh" --out "$out" "${extra[@]}" "$f" $((hi + 1))
                       [[ ${lines[0]} == *"$f: expected a share from $lo to $hi (0.1 is +-10 %), got '$((hi + 1))' (see harness/$s.sh --help)" ]] || { echo "$s $f: $output"; false; } ;;
                enum:*) run bash "$H/$s.sh" --out "$out" "${extra[@]}" "$f" bogus
                        [[ ${lines[0]} == *"$f: expected "*", got 'bogus' (see harness/$s.sh --help)" ]] || { echo "$s $f: $output"; false; } ;;
                *) continue ;;
            esac
            [ "$status" -eq 2 ] || { echo "$s $f: exit $status"; false; }
            [ ! -e "$out" ] || { echo "$s $f: made $out"; false; }
        done
    done < <(rows)
}

@test "each script's parser takes its rows' flags and refuses another harness flag: a seventh of the table per script" {
    # a different seventh of the flags for each script, so every flag is tried
    # here; every script with every flag: tests/long/options.bats
    local s f all k=0 i
    all=$(rows | cut -d'|' -f1 | sort -u)
    for s in $SCRIPTS; do
        k=$((k + 1)) i=0
        for f in $all; do
            i=$((i + 1))
            [ $(((i + k) % 7)) -eq 0 ] || continue
            parser_takes_its_rows "$s" "$f"
        done
    done
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
                share:* | cpus:* | factor:*) [[ $line == *"($lo <= $a <= $hi"* ]] || { echo "$s $f: no range $lo <= $a <= $hi in: $line"; false; } ;;
            esac
        done
    done < <(rows)
}
