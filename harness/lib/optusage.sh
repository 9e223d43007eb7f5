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

# These return into the caller's variables (namerefs): their own locals
# carry the function's prefix, so that no caller's variable is shadowed.

# cl_opt_range VAR I: VAR row I's accepted values in words ("1..100",
# "0 < SECONDS <= 86400", "each 1..256"); empty when the help says them.
# shellcheck disable=SC2034 # VAR is the caller's (a nameref)
cl_opt_range() {
    local -n cl_orn_out=$1
    local cl_orn_c=${CL_OT[$2,check]} cl_orn_lo cl_orn_hi cl_orn_arg=${CL_OT[$2,arg]}
    IFS=: read -r _ cl_orn_lo cl_orn_hi <<<"$cl_orn_c"
    case $cl_orn_c in
        int:*) cl_orn_out="$cl_orn_lo..$cl_orn_hi" ;;
        num:*) if [ "$cl_orn_lo" = 0 ]; then cl_orn_out="0 < $cl_orn_arg <= $cl_orn_hi"; else cl_orn_out="$cl_orn_lo <= $cl_orn_arg <= $cl_orn_hi"; fi ;;
        ints:*) cl_orn_out="each $cl_orn_lo..$cl_orn_hi" ;;
        share:* | cpus:* | factor:*) cl_orn_out="$cl_orn_lo <= $cl_orn_arg <= $cl_orn_hi" ;;
        *) cl_orn_out= ;;
    esac
}

# cl_opt_shown VAR I d|q: VAR row I's default (d) or QUICK default (q) as
# said to a reader in this script: ~TEXT as TEXT, a switch's 1/0 as on/off;
# empty for q when the row has no QUICK default of its own.
# shellcheck disable=SC2034 # VAR is the caller's (a nameref)
cl_opt_shown() {
    local -n cl_osh_out=$1
    local cl_osh_t
    if [ "$3" = q ]; then cl_osh_t=${CL_OT[$2,quick]}; else cl_osh_t=${CL_OT[$2,def]}; fi
    cl_opt_subst cl_osh_t "$cl_osh_t"
    cl_osh_t=${cl_osh_t#\~}
    if [[ ${CL_OT[$2,check]} == switch* ]]; then
        case $cl_osh_t in 1) cl_osh_t=on ;; 0) cl_osh_t=off ;; esac
    fi
    cl_osh_out=$cl_osh_t
}

# cl_opt_line VAR I: VAR row I's text in --help: "help (range; default D, QUICK Q)".
# shellcheck disable=SC2034 # VAR is the caller's (a nameref)
cl_opt_line() {
    local -n cl_ol_out=$1
    local cl_ol_d cl_ol_q cl_ol_p cl_ol_text
    cl_opt_subst cl_ol_text "${CL_OT[$2,help]}"
    cl_opt_range cl_ol_p "$2"
    cl_opt_shown cl_ol_d "$2" d
    cl_opt_shown cl_ol_q "$2" q
    if [ "$cl_ol_d" = required ]; then
        cl_ol_d=required
    elif [ -n "$cl_ol_d" ]; then
        if [[ ${CL_OT[$2,def]} == \~* ]]; then cl_ol_d="default: $cl_ol_d"; else cl_ol_d="default $cl_ol_d"; fi
        if [ "$cl_ol_q" = "$cl_ol_d" ] || [ "default $cl_ol_q" = "$cl_ol_d" ]; then cl_ol_d+=", QUICK too"
        elif [ -n "$cl_ol_q" ]; then cl_ol_d+=", QUICK $cl_ol_q"; fi
    fi
    cl_ol_p+=${cl_ol_p:+${cl_ol_d:+; }}$cl_ol_d
    [ -z "$cl_ol_p" ] || cl_ol_text+=" ($cl_ol_p)"
    cl_ol_out=$cl_ol_text
}

cl_usage() {
    local i f syn=() used=() unused=() envnames=() e line
    for ((i = 0; i < CL_OT_N; i++)); do
        case " ${CL_OT[$i,scripts]} " in
            *" $CL_NAME "*) ;;
            *" ~$CL_NAME "*) unused+=("${CL_OT[$i,flag]}"); continue ;;
            *) continue ;;
        esac
        used+=("$i")
        f=${CL_OT[$i,flag]}${CL_OT[$i,arg]:+ ${CL_OT[$i,arg]}}
        # (an item's blanks as \001 while the line is wrapped: an item stays on one line)
        if [ "${CL_OT[$i,def]}" = "~required" ]; then syn+=("${f// /$'\001'}"); else syn+=("[${f// /$'\001'}]"); fi
        e=${CL_OT[$i,env]}
        if [ -n "$e" ] && [[ " ${envnames[*]} " != *" $e "* ]]; then envnames+=("$e"); fi
    done
    [ -z "${1:-}" ] || syn+=("${1// /$'\001'}")
    # one line a word list, wrapped at 100 under its first word's end
    {
        printf 'S\tusage: harness/%s.sh\t%s\n' "$CL_NAME" "${syn[*]}"
        for i in "${used[@]}"; do
            cl_opt_line line "$i"
            printf 'O\t%s\t%s\n' "${CL_OT[$i,flag]}${CL_OT[$i,arg]:+ ${CL_OT[$i,arg]}}" "$line"
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
    local i s f first used unused d q range help name=$CL_NAME
    printf '| flag | scripts | default | QUICK | accepted | environment | meaning |\n'
    printf '|---|---|---|---|---|---|---|\n'
    for ((i = 0; i < CL_OT_N; i++)); do
        used=() unused=()
        for s in ${CL_OT[$i,scripts]}; do
            if [[ $s == \~* ]]; then unused+=("${s#\~}"); else used+=("$s"); fi
        done
        first=${used[0]}
        CL_NAME=$first
        cl_opt_shown d "$i" d
        cl_opt_shown q "$i" q
        [ -n "$d" ] || [ "${CL_OT[$i,check]}" != switch ] || d=off
        cl_opt_range range "$i"
        case ${CL_OT[$i,check]} in
            enum:* | enums:*) range=$(cl_opt_either "${CL_OT[$i,check]#*:}"); [[ ${CL_OT[$i,check]} != enums:* ]] || range="a list of $range" ;;
            path) range="a path, not starting with -" ;;
        esac
        cl_opt_subst help "${CL_OT[$i,help]}"
        s=${used[*]}
        s=${s// /, }
        [ ${#unused[@]} -eq 0 ] || { f=${unused[*]}; s+="; accepted, unused: ${f// /, }"; }
        # shellcheck disable=SC2016 # the backquotes are Markdown's
        printf '| `%s` | %s | %s | %s | %s | %s | %s |\n' \
            "$(cl_opt_doc_cell "${CL_OT[$i,flag]}${CL_OT[$i,arg]:+ ${CL_OT[$i,arg]}}")" "$(cl_opt_doc_cell "$s")" \
            "$(cl_opt_doc_cell "$d")" "$(cl_opt_doc_cell "$q")" "$(cl_opt_doc_cell "$range")" \
            "${CL_OT[$i,env]:+\`${CL_OT[$i,env]}\`}" "$(cl_opt_doc_cell "$help")"
    done
    CL_NAME=$name
}
