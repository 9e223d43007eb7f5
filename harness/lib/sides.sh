# shellcheck shell=bash
# harness/lib/sides.sh -- an ab job of several B sides (harness/ab.sh --bs
# FILE: sides A, B1 ... Bn and A2 in the same shuffled blocks) read one
# question at a time: the runs of A, one B side and A again, renamed A, B
# and A2, in a directory of their own that coldload-summarize reads as any
# ab job's (src/verdict/answerab.c knows those three names only), and any
# two sides of the blocks paired the same way (make history's commit
# against the commit before it). Sourced by harness/ab.sh and
# harness/history.sh, after harness/lib/all.sh.

# cl_bs_read SIDES CMDS FILE: FILE's commands, one a line, into the array
# SIDES (B1, B2 ...) and the associative array CMDS (side -> command); a
# blank line, a control character or no command at all: one line, exit 2
cl_bs_read() {
    local -n sides=$1 cmds=$2
    local file=$3 line k=0
    { [ -f "$file" ] && [ -r "$file" ]; } || cl_usage_error "--bs: '$file' is not a readable file"
    sides=()
    while IFS= read -r line || [ -n "$line" ]; do
        k=$((k + 1))
        [ -n "${line//[[:blank:]]/}" ] || cl_usage_error "--bs $file: line $k is blank (one B command a line)"
        [[ $line != *[[:cntrl:]]* ]] || cl_usage_error "--bs $file: a control character (a tab ...) in line $k: give each command on one line, its words split at blanks"
        sides+=("B$k")
        # shellcheck disable=SC2034 # the caller's array
        cmds[B$k]=$line
    done <"$file"
    [ "$k" -gt 0 ] || cl_usage_error "--bs $file: no command in it (one B command a line)"
}

# cl_bs_meta SIDES CMDS: the B sides into meta.txt (ab_bs, ab_b_<side>)
cl_bs_meta() {
    local -n meta_sides=$1 meta_cmds=$2
    local side
    cl_meta ab_bs "${meta_sides[*]}"
    for side in "${meta_sides[@]}"; do cl_meta "ab_b_$side" "${meta_cmds[$side]}"; done
}

# cl_side_dir SRC DST SIDE CMD [ASIDE A2SIDE]: DST made anew, an ab results
# directory of SRC's runs of ASIDE (default A), SIDE and A2SIDE (default
# A2) -- every row of runs.csv, samples.csv and whole.csv whose workload is
# one of them, renamed A, B and A2 (a row of a side named twice written
# once each) --, SRC's meta.txt with ab_a and ab_b the sides' (ab_b CMD,
# ab_a CMD of ASIDE as SRC's meta says it), and SRC's stops.csv rows of cell
# ab-SIDE as cell ab. SRC's columns before workload are never quoted
# (timestamp, host, run_id; whole.csv's harness, condition, stressors,
# copy), so a comma split finds it.
cl_side_dir() {
    local src=$1 dst=$2 side=$3 cmd=$4 aside=${5:-A} a2side=${6:-A2} f v acmd
    rm -rf -- "$dst"
    mkdir -p -- "$dst" || cl_die "$dst: could not be made"
    [ ! -f "$src/runs-columns.tsv" ] || cp -- "$src/runs-columns.tsv" "$dst/"
    for f in runs.csv samples.csv whole.csv; do
        [ -f "$src/$f" ] || continue
        awk -F, -v OFS=, -v a="$aside" -v b="$side" -v a2="$a2side" '
            NR == 1 { for (i = 1; i <= NF; i++) if ($i == "workload") k = i; print; next }
            !k { next }
            { w = $k; line = $0
              if (w == a) { $k = "A"; print; $0 = line }
              if (w == b) { $k = "B"; print; $0 = line }
              if (w == a2) { $k = "A2"; print } }' "$src/$f" >"$dst/$f" || cl_die "$dst/$f: could not be written"
    done
    if [ -f "$src/stops.csv" ]; then
        awk -F, -v OFS=, -v c="ab-$side" 'NR == 1 { print; next } $4 == c { $4 = "ab"; print }' \
            "$src/stops.csv" >"$dst/stops.csv"
    fi
    acmd=$(sed -n 's/^ab_a=//p' "$src/meta.txt" 2>/dev/null | tail -n 1)
    [ "$aside" = A ] || acmd=$(sed -n "s/^ab_b_$aside=//p" "$src/meta.txt" 2>/dev/null | tail -n 1)
    {
        grep -v -e '^ab_a=' -e '^ab_b=' -e '^ab_bs=' -e '^ab_b_B[0-9]*=' "$src/meta.txt" 2>/dev/null || true
        printf 'ab_a=%s\n' "$acmd"
        cl_escape v "$cmd" "$CL_META_MAX"
        printf 'ab_b=%s\n' "$v"
    } >"$dst/meta.txt"
}
