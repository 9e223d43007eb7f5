# tests/report/browser.bash -- headless Chromium for the tests of the HTML
# pages (report.html, compare.html): a run with the flags a CI box needs, and
# a check that a screenshot is not blank.
# shellcheck shell=bash

# chromium_run ARGS...: headless Chromium with its own profile, stderr kept
# in the test's temporary directory.
chromium_run() {
    local profile
    profile=$(mktemp -d "$BATS_TEST_TMPDIR/chromium.XXXXXX")
    timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile" "$@" 2>"$BATS_TEST_TMPDIR/chromium.err"
}

# page_not_blank DIR PAGE: a 1280x1600 screenshot of DIR/PAGE (DIR/shot.png)
# with ink and colours: every 8th pixel sampled (gnuplot reads the PNG), the
# ones that are not white and the distinct colours counted.
page_not_blank() {
    local dir=$1 total inked colours
    chromium_run --window-size=1280,1600 --virtual-time-budget=5000 \
        --screenshot="$dir/shot.png" "file://$dir/$2" >/dev/null
    [ -s "$dir/shot.png" ]
    (cd "$dir" && gnuplot -e "set table 'px.txt'; plot 'shot.png' binary filetype=png every 8:8 with rgbimage; unset table")
    read -r total inked colours < <(awk '$7 == "i" { n++; if ($3 + $4 + $5 < 740) ink++; c[$3 " " $4 " " $5] = 1 }
        END { print n, ink + 0, length(c) }' "$dir/px.txt")
    echo "pixels $total, not white $inked, colours $colours" >&2
    [ "$total" -gt 20000 ]
    [ "$inked" -gt $((total / 50)) ]
    [ "$colours" -gt 20 ]
}
