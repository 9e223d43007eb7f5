# shellcheck shell=bash
# harness/lib/history.sh -- harness/history.sh's code: the range and the
# history directory checked, the commits to measure prepared (harness/lib/
# bisect.sh's clone, worktrees and builds), the one ab.sh job of them all
# (--bs), the consecutive pairs and the confirmation of those that differ,
# and what it writes (history.tsv, pairs.tsv, confirm.tsv, confirmed.tsv,
# commits.tsv, report.md, report.html, results.json, plots/history.*).
# Sourced by harness/history.sh only, after harness/lib/all.sh,
# harness/lib/bisect.sh and harness/lib/sides.sh.

# Variables set here are read by harness/history.sh; read here: bisect.sh's
# bs_* state (sourced before) and history.sh's options (hs_*).
# shellcheck disable=SC2034,SC2154

# history.tsv's columns: one row a commit, load and width measured
HS_COLS='commit	load	width	verdict	ratio	ratio_lo	ratio_hi	blocks	floor	job	side	measured_utc'

# hs_check_range: --revs A..B read (bs_good_id the baseline A, bs_bad_id B),
# A an ancestor of B on its first-parent line, and more than A left by
# --every (one line, exit 2, before anything is made)
hs_check_range() {
    local a b n
    [[ $hs_revs == ?*..?* && $hs_revs != *...* ]] || cl_usage_error "--revs: expected A..B (two revisions), got '$hs_revs'"
    a=${hs_revs%%..*} b=${hs_revs#*..}
    bs_good=$a bs_bad=$b
    bs_commit_id bs_good_id --revs "$a"
    bs_commit_id bs_bad_id --revs "$b"
    [ "$bs_good_id" != "$bs_bad_id" ] || cl_usage_error "--revs $hs_revs: an empty range ('$a' and '$b' are the same commit)"
    git -C "$bs_repo" merge-base --is-ancestor "$bs_good_id" "$bs_bad_id" 2>/dev/null ||
        cl_usage_error "--revs $hs_revs: an empty range ('$a' is not an ancestor of '$b')"
    # read only: the commits after A on B's first-parent line
    local first
    # (sed reads it all: head would leave git a closed pipe, SIGPIPE, and
    # pipefail would end the job without a word)
    first=$(git -C "$bs_repo" rev-list --reverse --first-parent "$bs_bad_id" "^$bs_good_id" 2>/dev/null | sed -n 1p)
    [ "$(git -C "$bs_repo" rev-parse "$first^" 2>/dev/null)" = "$bs_good_id" ] ||
        cl_usage_error "--revs $hs_revs: '$a' is not on '$b''s first-parent line: give an A on it"
    n=$(($(git -C "$bs_repo" rev-list --count --first-parent "$bs_bad_id" "^$bs_good_id") + 1))
    [ "$hs_every" -lt "$n" ] || cl_usage_error "--every $hs_every: the range's $n commits leave only the baseline '$a' to measure"
}

# hs_check_out DIR: DIR new, empty, or a history of the same baseline (one
# line, exit 2: nothing there changed)
hs_check_out() {
    local d=$1 job='' base=''
    [ -d "$d" ] || return 0
    [ -n "$(ls -A -- "$d" 2>/dev/null)" ] || return 0
    if [ -f "$d/meta.txt" ]; then job=$(head -c 65536 -- "$d/meta.txt" | sed -n 's/^job=//p' | tail -n 1); fi
    [ "$job" = history ] ||
        cl_usage_error "--out $d holds something other than a history (meta.txt job=${job:-none}): give a new --out or a history directory (those files are kept)"
    base=$(head -c 100 -- "$d/baseline.txt" 2>/dev/null | sed -n 1p) || base=''
    [[ $base =~ ^[0-9a-f]{40}$ ]] || cl_usage_error "--out $d: a history without a baseline.txt of one commit id: give a new --out"
    [ "$base" = "$bs_good_id" ] ||
        cl_usage_error "--out $d: a history of the baseline ${base:0:12}, not ${bs_good_id:0:12}: its ratios are to another commit; give --revs ${base:0:12}..B or a new --out"
}

# hs_row_ok FIELDS...: 0 when a history.tsv row's fields are what this job
# writes (the file is data: anyone may have edited it)
hs_row_ok() {
    local num='^([0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?)?$'
    [[ $1 =~ ^[0-9a-f]{40}$ && $2 =~ ^(none|pinned|free)$ && $3 =~ ^[0-9]{1,3}$ ]] || return 1
    [[ $4 =~ ^(baseline|same|slower|faster|not\ resolved|failed)$ ]] || return 1
    [[ $5 =~ $num && $6 =~ $num && $7 =~ $num && $8 =~ ^[0-9]*$ && $9 =~ $num ]] || return 1
    [[ ${10} =~ ^ab/[0-9]{2,4}$ && ${11} =~ ^(A|B[0-9]{1,4})$ && ${12} =~ ^[0-9TZ:.-]*$ ]]
}

# hs_split VAR LINE: LINE's tab-separated fields into the array VAR, an
# empty field kept (read -a would merge two tabs: a tab is a blank to it)
hs_split() {
    local -n hs_fields=$1
    mapfile -t -d $'\t' hs_fields < <(printf '%s' "$2")
}

# hs_read: history.tsv's rows that are well formed into hs_rows (a line
# each, tab-separated), the others said and left out
hs_read() {
    hs_rows=()
    local f=$CL_OUT/history.tsv line bad=0
    [ -f "$f" ] || return 0
    local -a x
    while IFS= read -r line; do
        [ "$line" != "$HS_COLS" ] || continue
        hs_split x "$line"
        if [ ${#x[@]} -eq 12 ] && hs_row_ok "${x[@]}"; then hs_rows+=("$line"); else bad=$((bad + 1)); fi
    done < <(head -c 10000000 -- "$f")
    [ "$bad" -eq 0 ] || cl_warn "history.tsv: $bad row(s) not of this job's form left out"
}

# hs_setup: the clone, the commits of the range, those to measure built
# (hs_todo: their indexes), the baseline first
hs_setup() {
    bs_clone
    printf '%s\n' "$bs_good_id" >"$CL_OUT/baseline.txt"
    cl_meta history_commits "$bs_n"
    hs_sel=()
    local i
    for ((i = 0; i < bs_n; i += hs_every)); do hs_sel+=("$i"); done
    hs_read
    declare -gA hs_have=()
    local r c l
    if [ "$hs_again" = 0 ]; then
        for r in "${hs_rows[@]}"; do
            IFS=$'\t' read -r c l _ <<<"$r"
            hs_have["$c $l"]=1
        done
    fi
    hs_todo=()
    local -a want=()
    for i in "${hs_sel[@]:1}"; do
        [ -n "${hs_have["${bs_commits[$i]} $bs_load"]:-}" ] || want+=("$i")
    done
    printf 'coldload history: %d commits from %s to %s, %d of them measured (every %d), %d measured before under load %s\n' \
        "$bs_n" "${bs_good_id:0:12}" "${bs_bad_id:0:12}" "${#hs_sel[@]}" "$hs_every" \
        "$((${#hs_sel[@]} - 1 - ${#want[@]}))" "$bs_load" >&2
    if [ ${#want[@]} -eq 0 ] && [ -n "${hs_have["$bs_good_id $bs_load"]:-}" ]; then
        printf 'coldload history: every commit asked is measured already (--again measures them again)\n' >&2
        return 0
    fi
    bs_prepare 0 || cl_die "the baseline ($bs_good_id) cannot be measured: ${bs_why[0]}; nothing to compare against"
    local k=0 el left
    for i in "${want[@]}"; do
        k=$((k + 1))
        el=$(( ($(cl_now_ms) - bs_t0) / 1000 ))
        # what is left: the builds at their mean time so far, then the blocks
        left=$(( el * (${#want[@]} - k + 1) / k + $(hs_total_s) ))
        printf 'coldload history: preparing commit %d of %d (%s) | elapsed %ds | ~%ds left\n' "$k" "${#want[@]}" \
            "${bs_commits[$i]:0:12}" "$el" "$left" >&2
        if bs_prepare "$i"; then hs_todo+=("$i"); fi
    done
    [ ${#hs_todo[@]} -gt 0 ] || cl_die "none of the ${#want[@]} commit(s) to measure could be built and run (commits.tsv)"
}

# hs_total_s: the blocks' time budget in whole seconds (ab.sh's default)
hs_total_s() {
    local t=$hs_total
    [ -n "$t" ] || t=${COLDLOAD_AB_TOTAL:-}
    if [ -z "$t" ]; then if [ "$bs_quick" = 1 ]; then t=30; else t=120; fi; fi
    printf '%d' "${t%.*}"
}

# hs_measure: one ab.sh job, the baseline its A, each commit to measure a B
# side (B1 ... in range order), into ab/NN; their rows into history.tsv
hs_measure() {
    hs_job=''
    [ ${#hs_todo[@]} -gt 0 ] || return 0
    local nn=1 d
    while [ -e "$CL_OUT/ab/$(printf '%02d' "$nn")" ]; do nn=$((nn + 1)); done
    hs_job=ab/$(printf '%02d' "$nn")
    d=$CL_OUT/$hs_job
    mkdir -p -- "$CL_OUT/ab"
    local bs=$bs_tmp/sides.txt i
    : >"$bs"
    for i in "${hs_todo[@]}"; do printf '%s\n' "${bs_runcmd[$i]}" >>"$bs"; done
    local -a args=(--a "${bs_runcmd[0]}" --bs "$bs" --out "$d" --load "$bs_load" --seed "$bs_seed")
    bs_ab_args args "$bs_max_procs"
    [ -z "$hs_total" ] || args+=(--total "$hs_total")
    printf 'coldload history: %d commit(s) against the baseline %s in the same shuffled blocks (%s; time budget %ds) | elapsed %ds\n' \
        "${#hs_todo[@]}" "${bs_good_id:0:12}" "$hs_job" "$(hs_total_s)" "$(( ($(cl_now_ms) - bs_t0) / 1000 ))" >&2
    local rc=0
    # ab.sh's progress lines (block i of about N, the budget left) are the job's
    cl_bg bash "$CL_ROOT/harness/ab.sh" "${args[@]}" >"$CL_OUT/logs/${hs_job//\//-}.out" || rc=$?
    [ "$rc" -eq 0 ] || cl_warn "ab.sh exit $rc ($hs_job): the commits it gave no answer for are not in the history"
    # the rows: each side's answers (one a width), the baseline's its A/A arm
    local now k=0 side f new=$bs_tmp/history.tsv
    now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    declare -A fresh=()
    {
        printf '%s\n' "$HS_COLS"
        for i in "${hs_todo[@]}"; do
            k=$((k + 1))
            side=B$k f=$d/sides/$side/results.json
            [ -f "$f" ] || continue
            fresh["${bs_commits[$i]}"]=1
            if [ "$k" = 1 ]; then
                fresh["$bs_good_id"]=1
                hs_json_rows "$f" "$bs_good_id" A "$now" aa
            fi
            hs_json_rows "$f" "${bs_commits[$i]}" "$side" "$now" ab
        done
        local r c l
        for r in "${hs_rows[@]}"; do
            IFS=$'\t' read -r c l _ <<<"$r"
            [ "$l" = "$bs_load" ] && [ -n "${fresh[$c]:-}" ] || printf '%s\n' "$r"
        done
    } >"$new"
    [ ${#fresh[@]} -gt 0 ] || cl_die "ab.sh gave no answer for any commit ($hs_job: logs/${hs_job//\//-}.out); the runs are in $d"
    mv -- "$new" "$CL_OUT/history.tsv"
    hs_read
}

# hs_json_rows FILE COMMIT SIDE UTC ab|aa: history.tsv rows of an ab
# results.json's answers, one a width: B/A (ab) or the A/A arm (aa, the
# baseline against itself)
hs_json_rows() {
    jq -r --arg c "$2" --arg load "$bs_load" --arg job "$hs_job" --arg side "$3" --arg utc "$4" --arg what "$5" '
        def n: if . == null then "" else tostring end;
        .answers[]? | select(.id == "ab") | .figures as $f
        | [$c, $load, ((.width // 0) | tostring),
           (if $what == "aa" then "baseline" else (.verdict // "failed") end),
           (if $what == "aa" then ($f.aa_ratio | n) else ($f.ratio | n) end),
           (if $what == "aa" then ($f.aa_lo | n) else ($f.ratio_lo | n) end),
           (if $what == "aa" then ($f.aa_hi | n) else ($f.ratio_hi | n) end),
           (.blocks | n), ($f.noise_floor | n), $job, $side, $utc] | join("\t")' "$1" 2>/dev/null |
        while IFS= read -r line; do
            local -a x
            hs_split x "$line"
            # a verdict ab.sh does not give (or a value not a number): left out
            if [ ${#x[@]} -eq 12 ] && hs_row_ok "${x[@]}"; then printf '%s\n' "$line"; fi
        done
}

# hs_pairs: hs_list, the measured commits of the range under this load in
# range order (index, commit, and its row per width), and pairs.tsv: each two
# consecutive ones at each width, differ or not
hs_pairs() {
    declare -gA hs_row=()
    hs_list=() hs_widths=()
    local r c l w i
    declare -A seen_w=() idx=()
    for ((i = 0; i < bs_n; i++)); do idx[${bs_commits[$i]}]=$i; done
    for r in "${hs_rows[@]}"; do
        IFS=$'\t' read -r c l w _ <<<"$r"
        if [ "$l" != "$bs_load" ] || [ -z "${idx[$c]:-}" ]; then continue; fi
        hs_row["$c $w"]=$r
        [ -n "${seen_w[$w]:-}" ] || { seen_w[$w]=1; hs_widths+=("$w"); }
    done
    for ((i = 0; i < bs_n; i++)); do
        for w in "${hs_widths[@]}"; do
            if [ -n "${hs_row["${bs_commits[$i]} $w"]:-}" ]; then hs_list+=("$i"); break; fi
        done
    done
    hs_pair_rows=()
    local p q a b
    printf 'from\tto\twidth\tverdict\tratio\tratio_lo\tratio_hi\thow\n' >"$bs_tmp/pairs.tsv"
    for w in "${hs_widths[@]}"; do
        p=''
        for i in "${hs_list[@]}"; do
            [ -n "${hs_row["${bs_commits[$i]} $w"]:-}" ] || continue
            if [ -n "$p" ]; then
                a=${hs_row["${bs_commits[$p]} $w"]} b=${hs_row["${bs_commits[$i]} $w"]}
                hs_pair "$p" "$i" "$w" "$a" "$b"
                hs_pair_rows+=("$HS_PAIR")
                printf '%s\n' "$HS_PAIR" >>"$bs_tmp/pairs.tsv"
            fi
            p=$i
        done
    done
    mv -- "$bs_tmp/pairs.tsv" "$CL_OUT/pairs.tsv"
}

# hs_pair P Q WIDTH ROWP ROWQ: HS_PAIR, pairs.tsv's row of commits P and Q
# (P older): with P the baseline, Q's own answer; of one job, ab's paired
# rule on their runs in the same blocks (Q as B, P as A and as its own A/A
# arm: the job's A/A floor applied after); of two jobs, their intervals to
# the baseline apart or not
hs_pair() {
    local p=$1 q=$2 w=$3 v r lo hi how
    local -a x y
    hs_split x "$4"
    hs_split y "$5"
    if [ "$p" = 0 ]; then
        v=${y[3]} r=${y[4]} lo=${y[5]} hi=${y[6]} how=to-baseline
    elif [ "${x[9]}" = "${y[9]}" ]; then
        how=same-blocks
        local d=$CL_OUT/${y[9]} pd
        pd=$d/pairs/${x[10]}-${y[10]}
        if [ ! -f "$pd/results.json" ]; then
            cl_side_dir "$d" "$pd" "${y[10]}" "${bs_commits[$q]}" "${x[10]}" "${x[10]}"
            "$CL_BUILD/coldload-summarize" "$pd" >"$pd/summarize.out" 2>&1 || true
        fi
        local line
        line=$(jq -r --argjson w "$w" '[.answers[]? | select(.id == "ab" and ((.width // 0) == $w))][0] // {}
            | [(.verdict // "failed" | gsub(" "; "_")), (.figures.ratio // "-"), (.figures.ratio_lo // "-"),
               (.figures.ratio_hi // "-")] | map(tostring) | join(" ")' "$pd/results.json" 2>/dev/null) || line='failed - - -'
        read -r v r lo hi <<<"$line"
        v=${v//_/ }
        [[ $v =~ ^(same|slower|faster|not\ resolved)$ ]] || v=failed
        local num='^[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$' x2
        for x2 in r lo hi; do [[ ${!x2} =~ $num ]] || printf -v "$x2" '%s' ''; done
        # the job's A/A floor: a difference no larger than A's from itself
        # is no finding
        local fl=${y[8]:-0}
        if [ -n "$lo" ] && [ -n "$hi" ] && [ -n "$fl" ]; then
            if { [ "$v" = slower ] && ! awk -v l="$lo" -v f="$fl" 'BEGIN { exit !(l > 1 + f) }'; } ||
                { [ "$v" = faster ] && ! awk -v h="$hi" -v f="$fl" 'BEGIN { exit !(h < 1 / (1 + f)) }'; }; then
                v='not resolved'
            fi
        fi
    else
        how=across-jobs r='' lo='' hi=''
        v=$(awk -v al="${x[5]}" -v ah="${x[6]}" -v bl="${y[5]}" -v bh="${y[6]}" 'BEGIN {
            if (al == "" || ah == "" || bl == "" || bh == "") { print "not resolved"; exit }
            if (bl > ah) print "slower"; else if (bh < al) print "faster"; else print "not resolved" }')
    fi
    printf -v HS_PAIR '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s' "${bs_commits[$p]}" "${bs_commits[$q]}" "$w" "$v" "$r" "$lo" "$hi" "$how"
}

# hs_confirm: each two consecutive commits that differ compared again on
# fresh blocks, as bisect names a change (bs_confirm: an ab job of the two
# alone, and with a load the same idle): hs_conf["FROM TO"] (commit ids)
# "ok V R LO HI W IV IR ILO IHI" when it says the same direction (IV...: the
# idle comparison's, - without a load), "no V2" when not, "unbuilt" when one
# of the two cannot be built now. A change is named only when confirmed: on
# a history of one code a change then needs two false calls. The ab jobs'
# rows: confirm.tsv (bisect.tsv's columns); the records: confirmed.tsv, kept
# for a later job, which confirms again only pairs with a commit it measured.
hs_confirm() {
    declare -gA hs_conf=()
    local r i p q v rest
    local -a x
    declare -A idx=() fresh=()
    for ((i = 0; i < bs_n; i++)); do idx[${bs_commits[$i]}]=$i; done
    for i in "${hs_todo[@]}"; do fresh[$i]=1; done
    hs_conf_read
    bs_found=()
    for r in "${hs_pair_rows[@]}"; do
        hs_split x "$r"
        [ "${x[3]}" = slower ] || [ "${x[3]}" = faster ] || continue
        p=${idx[${x[0]}]} q=${idx[${x[1]}]}
        # confirmed by an earlier job, neither commit measured since
        if [ -z "${fresh[$p]:-}" ] && [ -z "${fresh[$q]:-}" ] && [ "${hs_conf["${x[0]} ${x[1]}"]:-unbuilt}" != unbuilt ]; then continue; fi
        [[ " ${bs_found[*]} " != *" $p $q "* ]] || continue
        hs_conf["${x[0]} ${x[1]}"]=unbuilt
        # a commit measured by an earlier job has no build in this one
        [ -n "${bs_runcmd[$p]:-}" ] || bs_prepare "$p" || continue
        [ -n "${bs_runcmd[$q]:-}" ] || bs_prepare "$q" || continue
        bs_found+=("$p $q ${x[3]}")
    done
    if [ ${#bs_found[@]} -gt 0 ]; then
        printf 'coldload history: %d difference(s) between consecutive commits: each compared again on fresh blocks\n' \
            "${#bs_found[@]}" >&2
        bs_tsv=confirm.tsv
        [ -f "$CL_OUT/$bs_tsv" ] || bs_tsv_head
        # ab/NN-FROM-TO after every ab directory of this history's earlier jobs
        bs_cmp=$(find "$CL_OUT/ab" -mindepth 1 -maxdepth 1 | wc -l)
        bs_confirm
        for r in "${bs_changes[@]}"; do
            read -r p q rest <<<"$r"
            hs_conf["${bs_commits[$p]} ${bs_commits[$q]}"]="ok $rest"
        done
        for r in "${bs_rejected[@]}"; do
            read -r p q v rest <<<"$r"
            hs_conf["${bs_commits[$p]} ${bs_commits[$q]}"]="no $rest"
        done
    fi
    hs_conf_write
}

# hs_conf_read: confirmed.tsv's records (FROM, TO, RECORD) into hs_conf,
# each checked (the file is data: anyone may have edited it)
hs_conf_read() {
    local f=$CL_OUT/confirmed.tsv a b rec num='[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?|-'
    local ok="^ok (slower|faster) ($num) ($num) ($num) ($num) (same|slower|faster|not_resolved|failed|-) ($num) ($num) ($num)\$"
    [ -f "$f" ] || return 0
    while IFS=$'\t' read -r a b rec; do
        [[ $a =~ ^[0-9a-f]{40}$ && $b =~ ^[0-9a-f]{40}$ ]] || continue
        [[ $rec =~ $ok || $rec =~ ^no\ (same|slower|faster|not\ resolved|failed)$ || $rec == unbuilt ]] || continue
        hs_conf["$a $b"]=$rec
    done < <(tail -n +2 "$f")
}

# hs_conf_write: hs_conf into confirmed.tsv
hs_conf_write() {
    local k
    {
        printf 'from\tto\trecord\n'
        for k in "${!hs_conf[@]}"; do printf '%s\t%s\t%s\n' "${k% *}" "${k#* }" "${hs_conf[$k]}"; done | sort
    } >"$bs_tmp/confirmed.tsv"
    mv -- "$bs_tmp/confirmed.tsv" "$CL_OUT/confirmed.tsv"
}

# hs_html TEXT: TEXT (anyone's) as HTML text, one line
hs_html() {
    local s
    s=$(bs_one_line "$1")
    s=${s//'&'/'&amp;'} s=${s//'<'/'&lt;'} s=${s//'>'/'&gt;'} s=${s//'"'/'&quot;'} s=${s//"'"/'&#39;'}
    printf '%s' "$s"
}

# hs_num X: X to 3 decimals, or - when empty
hs_num() { if [ -n "$1" ]; then bs_fmt "$1"; else printf -- '-'; fi; }

# hs_write: commits.tsv, the chart, report.md, report.html, results.json
# and the answer said
hs_write() {
    local i
    {
        printf 'index\tcommit\tstate\twhy\n'
        for ((i = 0; i < bs_n; i++)); do
            printf '%d\t%s\t%s\t%s\n' "$i" "${bs_commits[$i]}" "${bs_state[$i]:-not built}" "${bs_why[$i]:-}"
        done
    } >"$CL_OUT/commits.tsv"
    hs_select_changes
    hs_chart hs_changed
    hs_write_md
    hs_html_report hs_changes
    hs_write_json
    hs_write_said
}

# hs_select_changes: of hs_pair_rows, the pairs that differ and whose
# confirmation says the same direction (hs_conf) into hs_changes, and
# hs_changed["COMMIT WIDTH"] their direction; the others that differ into
# hs_unconfirmed
hs_select_changes() {
    local r
    local -a x
    declare -gA hs_changed=()
    hs_changes=() hs_unconfirmed=()
    for r in "${hs_pair_rows[@]}"; do
        hs_split x "$r"
        [ "${x[3]}" = slower ] || [ "${x[3]}" = faster ] || continue
        case ${hs_conf["${x[0]} ${x[1]}"]:-} in
            "ok ${x[3]} "*) hs_changes+=("$r"); hs_changed["${x[1]} ${x[2]}"]=${x[3]} ;;
            *) hs_unconfirmed+=("$r") ;;
        esac
    done
}

# hs_change_said ROW: a change's figures -- the direction, ratio and interval
# in the shared blocks, the confirmation's, and with a load whether it shows
# idle -- one line of text (Markdown's backquotes aside: none)
hs_change_said() {
    local -a x c
    hs_split x "$1"
    read -r -a c <<<"${hs_conf["${x[0]} ${x[1]}"]:-}"
    printf '%s' "${x[3]}"
    [ -z "${x[4]}" ] || printf ', %sx (99%% interval %s-%s)' "$(bs_fmt "${x[4]}")" "$(hs_num "${x[5]}")" "$(hs_num "${x[6]}")"
    [ "${x[2]}" = 0 ] || printf ', width %s' "${x[2]}"
    if [ "${c[0]:-}" = ok ]; then
        printf '; on fresh blocks %sx (%s-%s)' "$(bs_fmt "${c[2]}")" "$(bs_fmt "${c[3]}")" "$(bs_fmt "${c[4]}")"
        if [ "${c[6]:-}" != - ] && [ -n "${c[6]:-}" ]; then
            printf '; idle %s' "${c[6]//_/ }"
            [ "${c[6]}" != same ] || printf ' (only under load)'
        fi
    fi
}

# hs_write_md: report.md
# shellcheck disable=SC2016 # Markdown's backquotes, not the shell's
hs_write_md() {
    local r md=$bs_tmp/report.md
    local -a x
    {
        printf '# What did each commit cost?\n\n'
        printf 'RUN `%s`, each commit against the baseline `%s` (%s) in the same shuffled blocks, load %s; %d of the range'"'"'s %d commits measured (every %d).\n\n' \
            "$(bs_md "$bs_run")" "${bs_good_id:0:12}" "$(bs_md "$(bs_subject 0)")" "$bs_load" "${#hs_list[@]}" "$bs_n" "$hs_every"
        if [ ${#hs_changes[@]} -eq 0 ]; then
            printf '**No two consecutive measured commits differ.**\n\n'
        else
            printf '**%d change(s) between consecutive measured commits:**\n\n' "${#hs_changes[@]}"
            for r in "${hs_changes[@]}"; do
                hs_split x "$r"
                printf -- '- `%s` against `%s`: %s\n' "${x[1]:0:12}" "${x[0]:0:12}" "$(hs_change_said "$r")"
            done
            printf '\n'
        fi
        printf '![the ratio to the baseline per commit](plots/history.png)\n\n'
        printf '| # | commit | subject | width | ratio to the baseline | 99%% interval | answer | job |\n'
        printf '|---|---|---|---|---|---|---|---|\n'
        hs_table md
        printf '\n## Consecutive measured commits\n\n'
        for r in "${hs_pair_rows[@]}"; do
            hs_split x "$r"
            printf -- '- `%s`..`%s`%s: %s%s (%s)\n' "${x[0]:0:12}" "${x[1]:0:12}" \
                "$([ "${x[2]}" = 0 ] || printf ', width %s' "${x[2]}")" "${x[3]}" \
                "$([ -z "${x[4]}" ] || printf ', %sx (99%% interval %s-%s)' "$(bs_fmt "${x[4]}")" "$(hs_num "${x[5]}")" "$(hs_num "${x[6]}")")" \
                "$(hs_how "${x[7]}")"
        done
        printf '\n'
        hs_write_md_lists
        hs_write_md_rule
    } >"$md"
    mv -- "$md" "$CL_OUT/report.md"
}

# hs_table md|html: report.md's or report.html's table rows, a row a
# commit and width measured: index, commit, subject, width, ratio to the
# baseline, its interval, the answer (a change marked), the ab job
# shellcheck disable=SC2016 # Markdown's backquotes, not the shell's
hs_table() {
    local i c w r v sub ws ch
    local -a x
    for i in "${hs_list[@]}"; do
        c=${bs_commits[$i]}
        sub=$(bs_subject "$i")
        for w in "${hs_widths[@]}"; do
            r=${hs_row["$c $w"]:-}
            [ -n "$r" ] || continue
            hs_split x "$r"
            v=${x[3]} ws=$w ch=${hs_changed["$c $w"]:-}
            [ "$w" != 0 ] || ws=-
            if [ "$1" = md ]; then
                [ -z "$ch" ] || v="$v; **$ch than the commit before**"
                printf '| %d | `%s` | %s | %s | %s | %s-%s | %s | %s |\n' "$i" "${c:0:12}" "$(bs_md "$sub")" \
                    "$ws" "$(hs_num "${x[4]}")" "$(hs_num "${x[5]}")" "$(hs_num "${x[6]}")" "$v" "${x[9]}"
            else
                [ -z "$ch" ] || v="$v; <span class=\"ch\">$ch than the commit before</span>"
                printf '<tr><td>%d</td><td><code>%s</code></td><td>%s</td><td>%s</td><td>%s</td><td>%s-%s</td><td>%s</td><td>%s</td></tr>\n' \
                    "$i" "${c:0:12}" "$(hs_html "$sub")" "$ws" "$(hs_num "${x[4]}")" "$(hs_num "${x[5]}")" "$(hs_num "${x[6]}")" "$v" "${x[9]}"
            fi
        done
    done
}

# hs_write_md_lists: report.md's pairs not confirmed and skipped commits,
# each when there are any
# shellcheck disable=SC2016 # Markdown's backquotes, not the shell's
hs_write_md_lists() {
    local r
    local -a x
    if [ ${#hs_unconfirmed[@]} -gt 0 ]; then
        printf '## Not confirmed (not named as changes)\n\n'
        for r in "${hs_unconfirmed[@]}"; do
            hs_split x "$r"
            printf -- '- `%s`..`%s`: the shared blocks said %s, the confirmation on fresh blocks %s\n' \
                "${x[0]:0:12}" "${x[1]:0:12}" "${x[3]}" "$(hs_conf_said "${hs_conf["${x[0]} ${x[1]}"]:-}")"
        done
        printf '\n'
    fi
    bs_md_skipped 'Skipped commits (not measured)'
}

# hs_conf_said RECORD: a confirmation that did not agree, said
hs_conf_said() {
    case $1 in
        unbuilt) printf 'could not be run (a commit did not build)' ;;
        "no "*) local v=${1#no }; printf '%s' "${v%% [0-9-]*}" ;;
        *) printf 'none' ;;
    esac
}

# hs_write_md_rule: report.md's last part, the rule
hs_write_md_rule() {
    printf '## The rule\n\n'
    printf 'One ab job (harness/ab.sh --bs) runs blocks of the baseline, every commit measured and the\n'
    printf 'baseline again, each block in a random order: a commit'"'"'s ratio to the baseline (B/A, its 99%%\n'
    printf 'interval: the exact paired signed-rank test at 1%%, beyond the A/A arm) shares its blocks with\n'
    printf 'every other commit of the job, so drift between commits cannot enter. The baseline'"'"'s row is its\n'
    printf 'A/A arm. Two consecutive commits of one job are compared by the same rule on their pairs in\n'
    printf 'the same blocks (the later as B), beyond the job'"'"'s A/A floor; two of different jobs (an earlier\n'
    printf 'job of this history) differ only when their intervals to the baseline are apart. A difference\n'
    printf 'is named a change only when an ab job of the two commits alone, on fresh blocks, says the same\n'
    printf 'direction (confirm.tsv; with a load, the same pair idle too): on a history of one code a change\n'
    printf 'then needs two false calls.\n'
}

# hs_write_json: results.json, the answer id history
hs_write_json() {
    local i c w r skipped
    local -a x
    local js=$bs_tmp/commits.jsonl cj=$bs_tmp/changes.jsonl
    : >"$js"
    : >"$cj"
    for i in "${hs_list[@]}"; do
        c=${bs_commits[$i]}
        for w in "${hs_widths[@]}"; do
            r=${hs_row["$c $w"]:-}
            [ -n "$r" ] || continue
            hs_split x "$r"
            jq -cn --arg id "$c" --arg subject "$(bs_subject "$i")" --argjson index "$i" --arg width "$w" --arg verdict "${x[3]}" \
                --arg ratio "${x[4]}" --arg lo "${x[5]}" --arg hi "${x[6]}" --arg load "${x[1]}" --arg blocks "${x[7]}" \
                --arg job "${x[9]}" --arg at "${x[11]}" --arg ch "${hs_changed["$c $w"]:-}" \
                'def num: if . == "" then null else tonumber end;
                 {id: $id, index: $index, subject: $subject, width: ($width | num), ratio: ($ratio | num),
                  ratio_lo: ($lo | num), ratio_hi: ($hi | num), verdict: $verdict, load: $load,
                  blocks: ($blocks | num), job: $job, measured_utc: $at,
                  change: (if $ch == "" then null else $ch end)}' >>"$js"
        done
    done
    for r in "${hs_pair_rows[@]}"; do hs_pair_json "$r" >>"$cj"; done
    skipped=$(for ((i = 0; i < bs_n; i++)); do
        [ "${bs_state[$i]:-}" = skip ] || continue
        jq -cn --arg c "${bs_commits[$i]}" --arg w "${bs_why[$i]}" '{id: $c, why: $w}'
    done | jq -cs .)
    jq -n --slurpfile commits "$js" --slurpfile pairs "$cj" --arg baseline "$bs_good_id" --arg last "$bs_bad_id" \
        --arg load "$bs_load" --argjson every "$hs_every" --argjson n "$bs_n" --argjson skipped "$skipped" \
        '{job: "history", answers: [{id: "history", question: "What did each commit cost?",
          verdict: (if ([$pairs[] | select(.change)] | length) > 0 then "changes" else "no change" end),
          baseline: $baseline, last: $last, load: $load, every: $every, range_commits: $n,
          commits: $commits, pairs: $pairs, changes: [$pairs[] | select(.change)],
          not_confirmed: [$pairs[] | select(.differ and (.change | not))], skipped: $skipped}]}' \
        >"$bs_tmp/results.json"
    mv -- "$bs_tmp/results.json" "$CL_OUT/results.json"
}

# hs_pair_json ROW: a pairs.tsv row as results.json's pair: differ (the
# shared blocks' answer), confirmation (fresh blocks: null when not asked),
# change (differ and confirmed)
hs_pair_json() {
    local -a x c
    hs_split x "$1"
    read -r -a c <<<"${hs_conf["${x[0]} ${x[1]}"]:-none}"
    jq -cn --arg from "${x[0]}" --arg to "${x[1]}" --arg width "${x[2]}" --arg verdict "${x[3]}" --arg ratio "${x[4]}" \
        --arg lo "${x[5]}" --arg hi "${x[6]}" --arg how "${x[7]}" --arg conf "${c[0]}" \
        --arg cv "$(hs_conf_verdict "${hs_conf["${x[0]} ${x[1]}"]:-}")" \
        --arg cr "${c[2]:-}" --arg clo "${c[3]:-}" --arg chi "${c[4]:-}" --arg iv "${c[6]:--}" \
        --arg ir "${c[7]:-}" --arg ilo "${c[8]:-}" --arg ihi "${c[9]:-}" \
        'def num: if . == "" or . == "-" then null else tonumber end;
         ($verdict == "slower" or $verdict == "faster") as $differ
         | {from: $from, to: $to, width: ($width | num), verdict: $verdict, differ: $differ,
            ratio: ($ratio | num), ratio_lo: ($lo | num), ratio_hi: ($hi | num), how: $how,
            confirmation: (if $conf == "none" then null else {verdict: $cv,
              ratio: ($cr | if $conf == "ok" then num else null end),
              ratio_lo: ($clo | if $conf == "ok" then num else null end),
              ratio_hi: ($chi | if $conf == "ok" then num else null end),
              idle: (if $conf != "ok" or $iv == "-" then null
                     else {verdict: ($iv | gsub("_"; " ")), ratio: ($ir | num), ratio_lo: ($ilo | num),
                           ratio_hi: ($ihi | num)} end)} end),
            change: ($differ and $conf == "ok"),
            only_under_load: ($differ and $conf == "ok" and $iv == "same")}'
}

# hs_conf_verdict RECORD: the confirmation's verdict (failed when it could
# not run)
hs_conf_verdict() {
    case $1 in
        "ok "*) local v=${1#ok }; printf '%s' "${v%% *}" ;;
        "no "*) hs_conf_said "$1" ;;
        unbuilt) printf 'failed' ;;
    esac
}

# hs_write_said: the answer on stderr, one line a change
hs_write_said() {
    local r
    local -a x
    printf '\n' >&2
    if [ ${#hs_changes[@]} -eq 0 ]; then
        printf 'coldload history: no two consecutive measured commits differ%s\n' \
            "$([ ${#hs_unconfirmed[@]} -eq 0 ] || printf ' (%d difference(s) not confirmed on fresh blocks: report.md)' "${#hs_unconfirmed[@]}")" >&2
    fi
    for r in "${hs_changes[@]}"; do
        hs_split x "$r"
        printf 'coldload history: change at %s (against %s): %s\n' "${x[1]:0:12}" "${x[0]:0:12}" "$(hs_change_said "$r")" >&2
    done
    printf 'coldload history report: %s/report.html\n                         %s/report.md\n' "$CL_OUT" "$CL_OUT" >&2
}

# hs_how HOW: pairs.tsv's how, said
hs_how() {
    case $1 in
        to-baseline) printf "the later commit's own answer against the baseline" ;;
        same-blocks) printf 'their pairs in the same blocks' ;;
        *) printf 'of two jobs: their intervals to the baseline' ;;
    esac
}

# hs_chart CHANGED: plots/history.dat (a block a width: x, commit, ratio, lo,
# hi, changed) and the chart (plots/history.gp). Only commit ids (hex) and
# numbers reach gnuplot: no subject is ever in its input.
hs_chart() {
    local -n ch=$1
    local i w x r dat=$CL_OUT/plots/history.dat first=1
    mkdir -p -- "$CL_OUT/plots"
    {
        for w in "${hs_widths[@]}"; do
            [ "$first" = 1 ] || printf '\n\n'
            first=0
            printf 'x tick width ratio lo hi change\n'
            x=0
            for i in "${hs_list[@]}"; do
                r=${hs_row["${bs_commits[$i]} $w"]:-}
                if [ -n "$r" ]; then
                    local -a f
                    hs_split f "$r"
                    printf '%d %s %s %s %s %s %d\n' "$x" "${bs_commits[$i]:0:8}" "$w" "${f[4]:-NaN}" "${f[5]:-NaN}" "${f[6]:-NaN}" \
                        "$([ -n "${ch["${bs_commits[$i]} $w"]:-}" ] && echo 1 || echo 0)"
                fi
                x=$((x + 1))
            done
        done
    } >"$dat"
    cl_chart history || true
}

# hs_html_report CHANGES: report.html, report.md's content as HTML (every
# text of a commit escaped)
hs_html_report() {
    local -n chg=$1
    local i c w r v x
    {
        printf '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>coldload history</title>\n'
        printf '<style>body{font-family:sans-serif;max-width:1200px;margin:2em auto}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left}.ch{font-weight:bold;color:#b00020}</style></head><body>\n'
        printf '<h1>What did each commit cost?</h1>\n'
        printf '<p>RUN <code>%s</code>, each commit against the baseline <code>%s</code> (%s) in the same shuffled blocks, load %s; %d of the range&#39;s %d commits measured (every %d).</p>\n' \
            "$(hs_html "$bs_run")" "${bs_good_id:0:12}" "$(hs_html "$(bs_subject 0)")" "$bs_load" "${#hs_list[@]}" "$bs_n" "$hs_every"
        if [ ${#chg[@]} -eq 0 ]; then
            printf '<p><b>No two consecutive measured commits differ.</b></p>\n'
        else
            printf '<p><b>%d change(s) between consecutive measured commits:</b></p><ul>\n' "${#chg[@]}"
            for r in "${chg[@]}"; do
                hs_split x "$r"
                printf '<li><code>%s</code> against <code>%s</code>: %s</li>\n' "${x[1]:0:12}" "${x[0]:0:12}" "$(hs_change_said "$r")"
            done
            printf '</ul>\n'
        fi
        printf '<p><img src="plots/history.svg" alt="the ratio to the baseline per commit" width="100%%"></p>\n'
        printf '<table><tr><th>#</th><th>commit</th><th>subject</th><th>width</th><th>ratio to the baseline</th><th>99%% interval</th><th>answer</th><th>job</th></tr>\n'
        hs_table html
        printf '</table>\n<p>The rule, each pair and each job: report.md, pairs.tsv, ab/.</p>\n</body></html>\n'
    } >"$bs_tmp/report.html"
    mv -- "$bs_tmp/report.html" "$CL_OUT/report.html"
}
