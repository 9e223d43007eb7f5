#!/usr/bin/env bats
# tests/long/browser.bats -- the HTML pages in headless Chromium (about 5 s a
# page, most of it the browser's start): report.html from the committed
# fixture, with its verdict section and charts; compare.html of two inputs,
# its chart drawn and its labels escaped. The pages' text and markup without a
# browser: tests/report/plots.bats, tests/compare/compare.bats.

bats_require_minimum_version 1.5.0
load ../report/helpers
load ../report/browser

setup() {
    [ -x "$SUMMARIZE" ] || skip "build/coldload-summarize is not built (make)"
    [ -x "$ROOT/build/coldload-compare" ] || skip "build/coldload-compare is not built (make)"
    D=$BATS_TEST_TMPDIR/fx
    fixture_copy "$D"
    A=$BATS_TEST_TMPDIR/a B=$BATS_TEST_TMPDIR/b O=$BATS_TEST_TMPDIR/out
    mkdir -p "$A" "$B"
}

@test "report.html renders in headless Chromium: non-blank, with the verdict section and the charts" {
    command -v chromium >/dev/null || { echo "chromium missing: make deps installs it" >&2; false; }
    bash "$ROOT/harness/plots.sh" --results "$D" 2>/dev/null >/dev/null
    # every chart the page links exists alongside it
    grep -o 'src="[^"]*"' "$D/report.html" | cut -d'"' -f2 >"$D/srcs"
    while read -r src; do [ -s "$D/$src" ]; done <"$D/srcs"
    [ "$(grep -c '<img src="plots/' "$D/report.html")" -eq 4 ]

    chromium_run --virtual-time-budget=5000 --dump-dom "file://$D/report.html" >"$D/dom.html"
    grep -q '<section id="verdicts">' "$D/dom.html"
    grep -q 'data-id="contention"' "$D/dom.html"
    grep -q 'WARN first-run' "$D/dom.html"
    # the answers come before the charts, the charts before the verdicts
    [ "$(grep -n 'id="answers"' "$D/dom.html" | cut -d: -f1)" -le "$(grep -n 'id="charts"' "$D/dom.html" | cut -d: -f1)" ]
    [ "$(grep -n 'id="charts"' "$D/dom.html" | cut -d: -f1)" -le "$(grep -n 'id="verdicts"' "$D/dom.html" | cut -d: -f1)" ]

    page_not_blank "$D" report.html
}

@test "compare.sh draws the chart; compare.html renders in headless Chromium, text escaped" {
    command -v chromium >/dev/null || { echo "chromium missing: make deps installs it" >&2; false; }
    cp -r "$ROOT/tests/fixtures/results-procs" "$A"/r
    cp -r "$ROOT/tests/fixtures/results-procs" "$B"/r
    # input 2: svdvals width 1 warm twice as slow, grad width 2's checksum other bits
    awk -F, -v OFS=, 'NR > 1 && $4 == "svdvals" && $6 == 1 && $22 == "warm" && $8 == "steady" { $10 = $10 * 2 }
        NR > 1 && $4 == "grad" && $6 == 2 && $8 != "prepare" { $17 = "00000000000000bb" } 1' \
        "$B/r/samples.csv" >"$B/r/s"
    mv "$B/r/s" "$B/r/samples.csv"
    run bash "$ROOT/harness/compare.sh" --out "$O" --label 'host <b>one</b>' --label 'two & "2"' "$A/r" "$B/r"
    [ "$status" -eq 0 ]
    for ext in png svg; do [ -s "$O/plots/compare.$ext" ]; done
    [ "$(head -c 8 "$O/plots/compare.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
    # the inputs named in the legend, log y, a tick per cell
    grep -q '>host &lt;b>one&lt;/b><' "$O/plots/compare.svg"
    grep -q '(ms, log scale)' "$O/plots/compare.svg"
    grep -q '>svdvals w2 pinned<' "$O/plots/compare.svg"
    # escaped in the page: no markup from a label
    grep -q 'host &lt;b&gt;one&lt;/b&gt;' "$O/compare.html"
    grep -q 'two &amp; &quot;2&quot;' "$O/compare.html"
    run ! grep -q '<b>one</b>' "$O/compare.html"
    grep -q 'host \\<b\\>one\\</b\\>' "$O/compare.md"

    chromium_run --virtual-time-budget=5000 --dump-dom "file://$O/compare.html" >"$O/dom.html"
    grep -q '<section id="answers">' "$O/dom.html"
    grep -q 'data-id="checksum-changed"' "$O/dom.html"
    grep -q 'data-id="slower"' "$O/dom.html"
    grep -q 'Is the first run slow here, and why?' "$O/dom.html"
    # the answers first, then the findings, the chart, the inputs
    a=$(grep -n 'id="answers"' "$O/dom.html" | cut -d: -f1)
    f=$(grep -n 'id="findings"' "$O/dom.html" | cut -d: -f1)
    c=$(grep -n 'id="charts"' "$O/dom.html" | cut -d: -f1)
    [ "$a" -lt "$f" ]
    [ "$f" -lt "$c" ]
    grep -o 'src="[^"]*"' "$O/compare.html" | cut -d'"' -f2 >"$O/srcs"
    [ "$(wc -l <"$O/srcs")" -eq 1 ]
    while read -r src; do [ -s "$O/$src" ]; done <"$O/srcs"

    page_not_blank "$O" compare.html
}
