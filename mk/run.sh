#!/usr/bin/env bash
# mk/run.sh [--args] CMD [ARG...] -- how make's recipes start a harness:
# CMD ARG..., then the words of HARNESS_ARGS, then (--args) `--` and the
# words of ARGS, as one exec, so make's exit is the harness's.
#
# Why: a make variable pasted into a recipe line is read by the shell --
# A="x' ; touch /tmp/X ; echo '" ran touch, a quote of one's own broke the
# line, $1 went. So make exports each value as it is (COLDLOAD_MAKE_*,
# mk/harness.mk), a recipe names it ("$COLDLOAD_MAKE_OUT": one word, never
# parsed), and the two variables that hold several words, HARNESS_ARGS
# (COLDLOAD_MAKE_HARNESS_ARGS) and ARGS (COLDLOAD_MAKE_ARGS), are split here
# as the shell splits words -- blanks between them, '...', "..." and \
# quoting -- with nothing expanded or run: $, `, *, ~, ; and | are
# characters of a word. An unmatched quote: one line naming the variable, exit 2.
set -euo pipefail

# mk_words NAME TEXT: TEXT's words into the array WORDS (NAME: the make
# variable, for the message).
mk_words() {
    local name=$1 s=$2 w='' have=0 q='' c i n=${#2} bs=\\
    WORDS=()
    for ((i = 0; i < n; i++)); do
        c=${s:i:1}
        if [ "$q" = "'" ]; then
            if [ "$c" = "'" ]; then q=''; else w+=$c; fi
        elif [ "$q" = '"' ]; then
            # in double quotes a backslash escapes $ ` " \ and a newline only
            if [ "$c" = '"' ]; then
                q=''
            elif [ "$c" = "$bs" ] && [[ ${s:i+1:1} == [\$\`\"\\] ]]; then
                w+=${s:i+1:1} i=$((i + 1))
            elif [ "$c" = "$bs" ] && [ "${s:i+1:1}" = $'\n' ]; then
                i=$((i + 1))
            else
                w+=$c
            fi
        else
            case $c in
                ' ' | $'\t' | $'\n')
                    if [ "$have" = 1 ]; then WORDS+=("$w"); fi
                    w='' have=0 ;;
                "'" | '"') q=$c have=1 ;;
                "$bs")
                    i=$((i + 1))
                    if ((i >= n)); then
                        w+=$bs have=1
                    elif [ "${s:i:1}" != $'\n' ]; then
                        w+=${s:i:1} have=1
                    fi ;;
                *) w+=$c have=1 ;;
            esac
        fi
    done
    if [ -n "$q" ]; then
        echo "make: $name: an unmatched $q (no shell reads $name: close it, or escape it with \\)" >&2
        exit 2
    fi
    if [ "$have" = 1 ]; then WORDS+=("$w"); fi
    return 0
}

args=0
if [ "${1:-}" = --args ]; then args=1; shift; fi
[ $# -gt 0 ] || { echo "usage: mk/run.sh [--args] CMD [ARG...]" >&2; exit 2; }
mk_words HARNESS_ARGS "${COLDLOAD_MAKE_HARNESS_ARGS:-}"
cmd=("$@" "${WORDS[@]}")
if [ "$args" = 1 ]; then
    mk_words ARGS "${COLDLOAD_MAKE_ARGS:-}"
    cmd+=(-- "${WORDS[@]}")
fi
exec "${cmd[@]}"
