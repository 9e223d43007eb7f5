# shellcheck shell=bash
# harness/lib/optusage.sh -- the option table (harness/lib/opttable.sh) as
# text: a script's --help (cl_usage) and the harness part of docs/options.md
# (cl_opt_doc, written by harness/optdoc.sh). Sourced by harness/lib/all.sh.
#
#   cl_usage TAIL              stdin: the script's own lines after the options.
#                              Prints "usage: harness/NAME.sh [--flag ARG]... TAIL", one
#                              line per table row of the script (its help, range and
#                              defaults), one line for the flags it accepts unused, the
#                              COLDLOAD_* variables of its flags, then stdin.
#   cl_opt_doc                 the Markdown table of every row

# cl_opt_range I: CL_RANGE, row I's accepted values in words ("1..100",
# "0 < SECONDS <= 86400", "each 1..256"); empty when the help says them.
cl_opt_range() {
    local c=${CL_OT_CHECK[$1]} lo hi
    IFS=: read -r _ lo hi <<<"$c"
    case $c in
        int:*) CL_RANGE="$lo..$hi" ;;
        num:*) if [ "$lo" = 0 ]; then CL_RANGE="0 < ${CL_OT_ARG[$1]} <= $hi"; else CL_RANGE="$lo <= ${CL_OT_ARG[$1]} <= $hi"; fi ;;
        ints:*) CL_RANGE="each $lo..$hi" ;;
        share:* | cpus:* | factor:*) CL_RANGE="$lo <= ${CL_OT_ARG[$1]} <= $hi" ;;
        *) CL_RANGE= ;;
    esac
}

# cl_opt_shown I d|q: CL_SHOWN, row I's default (d) or QUICK default (q) as
# said to a reader in this script: ~TEXT as TEXT, a switch's 1/0 as on/off;
# empty for q when the row has no QUICK default of its own.
cl_opt_shown() {
    local t
    if [ "$2" = q ]; then t=${CL_OT_QUICK[$1]}; else t=${CL_OT_DEF[$1]}; fi
    cl_opt_subst "$t"
    t=${CL_SUBST#\~}
    if [[ ${CL_OT_CHECK[$1]} == switch* ]]; then
        case $t in 1) t=on ;; 0) t=off ;; esac
    fi
    CL_SHOWN=$t
}

# cl_opt_line I: CL_LINE, row I's text in --help: "help (range; default D, QUICK Q)".
cl_opt_line() {
    local d q p
    cl_opt_subst "${CL_OT_HELP[$1]}"
    CL_LINE=$CL_SUBST
    cl_opt_range "$1"
    p=$CL_RANGE
    cl_opt_shown "$1" d; d=$CL_SHOWN
    cl_opt_shown "$1" q; q=$CL_SHOWN
    if [ "$d" = required ]; then
        d=required
    elif [ -n "$d" ]; then
        if [[ ${CL_OT_DEF[$1]} == \~* ]]; then d="default: $d"; else d="default $d"; fi
        if [ "$q" = "$d" ] || [ "default $q" = "$d" ]; then d+=", QUICK too"
        elif [ -n "$q" ]; then d+=", QUICK $q"; fi
    fi
    p+=${p:+${d:+; }}$d
    [ -z "$p" ] || CL_LINE+=" ($p)"
}

cl_usage() {
    local i f syn=() used=() unused=() envnames=() e
    for ((i = 0; i < CL_OT_N; i++)); do
        case " ${CL_OT_SCRIPTS[i]} " in
            *" $CL_NAME "*) ;;
            *" ~$CL_NAME "*) unused+=("${CL_OT_FLAG[i]}"); continue ;;
            *) continue ;;
        esac
        used+=("$i")
        f=${CL_OT_FLAG[i]}${CL_OT_ARG[i]:+ ${CL_OT_ARG[i]}}
        # (an item's blanks as \001 while the line is wrapped: an item stays on one line)
        if [ "${CL_OT_DEF[i]}" = "~required" ]; then syn+=("${f// /$'\001'}"); else syn+=("[${f// /$'\001'}]"); fi
        e=${CL_OT_ENV[i]}
        if [ -n "$e" ] && [[ " ${envnames[*]} " != *" $e "* ]]; then envnames+=("$e"); fi
    done
    [ -z "${1:-}" ] || syn+=("${1// /$'\001'}")
    # one line a word list, wrapped at 100 under its first word's end
    {
        printf 'S\tusage: harness/%s.sh\t%s\n' "$CL_NAME" "${syn[*]}"
        for i in "${used[@]}"; do
            cl_opt_line "$i"
            printf 'O\t%s\t%s\n' "${CL_OT_FLAG[i]}${CL_OT_ARG[i]:+ ${CL_OT_ARG[i]}}" "$CL_LINE"
        done
        if [ ${#unused[@]} -gt 0 ]; then
            f=${unused[*]}
            printf 'O\t%s\t%s\n' "${f// /, }" "accepted for uniformity with the other harnesses; unused here"
        fi
        [ ${#envnames[@]} -eq 0 ] || printf 'S\tEnvironment (a flag wins):\t%s\n' "${envnames[*]}"
    } | awk -F'\t' '
        function wrap(text, first, indent, width,   n, w, i, line, out) {
            n = split(text, w, " "); line = first; out = ""
            for (i = 1; i <= n; i++) {
                if (line != "" && length(line) + 1 + length(w[i]) > width && line != first) {
                    out = out line "\n"; line = sprintf("%" indent "s", "")
                }
                line = line (line ~ / $/ || line == "" ? "" : " ") w[i]
            }
            return out line
        }
        $1 == "S" { t = wrap($3, $2, length($2) + 1, 100); gsub(/\001/, " ", t); print t; next }
        $1 == "O" {
            left = "  " $2
            if (length(left) < 20) first = sprintf("%-20s", left)
            else { print left; first = sprintf("%20s", "") }
            print wrap($3, first, 20, 100)
        }'
    cat
}

# cl_opt_doc_cell TEXT: TEXT as one Markdown table cell (|, < and > escaped).
cl_opt_doc_cell() {
    local t=${1//|/\\|}
    t=${t//</\&lt;}
    t=${t//>/\&gt;}
    printf '%s' "$t"
}

# cl_opt_doc: every row as one line of a Markdown table, in the table's order;
# {d:..} and {q:..} as the row's first script sees them.
cl_opt_doc() {
    local i s f first used unused d q name=$CL_NAME
    printf '| flag | scripts | default | QUICK | accepted | environment | meaning |\n'
    printf '|---|---|---|---|---|---|---|\n'
    for ((i = 0; i < CL_OT_N; i++)); do
        used=() unused=()
        for s in ${CL_OT_SCRIPTS[i]}; do
            if [[ $s == \~* ]]; then unused+=("${s#\~}"); else used+=("$s"); fi
        done
        first=${used[0]}
        CL_NAME=$first
        cl_opt_shown "$i" d; d=$CL_SHOWN
        cl_opt_shown "$i" q; q=$CL_SHOWN
        [ -n "$d" ] || [ "${CL_OT_CHECK[i]}" != switch ] || d=off
        cl_opt_range "$i"
        case ${CL_OT_CHECK[i]} in
            enum:* | enums:*) CL_RANGE=$(cl_opt_either "${CL_OT_CHECK[i]#*:}"); [[ ${CL_OT_CHECK[i]} != enums:* ]] || CL_RANGE="a list of $CL_RANGE" ;;
            path) CL_RANGE="a path, not starting with -" ;;
        esac
        cl_opt_subst "${CL_OT_HELP[i]}"
        s=${used[*]}
        s=${s// /, }
        [ ${#unused[@]} -eq 0 ] || { f=${unused[*]}; s+="; accepted, unused: ${f// /, }"; }
        # shellcheck disable=SC2016 # the backquotes are Markdown's
        printf '| `%s` | %s | %s | %s | %s | %s | %s |\n' \
            "$(cl_opt_doc_cell "${CL_OT_FLAG[i]}${CL_OT_ARG[i]:+ ${CL_OT_ARG[i]}}")" "$(cl_opt_doc_cell "$s")" \
            "$(cl_opt_doc_cell "$d")" "$(cl_opt_doc_cell "$q")" "$(cl_opt_doc_cell "$CL_RANGE")" \
            "${CL_OT_ENV[i]:+\`${CL_OT_ENV[i]}\`}" "$(cl_opt_doc_cell "$CL_SUBST")"
    done
    CL_NAME=$name
}
