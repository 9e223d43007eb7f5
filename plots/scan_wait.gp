# plots/scan_wait.gp -- the wait-policy scan of one workload: median call
# (log scale) against the engine width, one line per (load, policy): colour
# the policy, dash the load (solid idle, dashed pinned, dotted free).
# Run in the scan directory as `gnuplot -c scan_X.gp <workload>` (ARG1: a
# value, never gnuplot text to run); reads
# wait-<wl>.dat (coldload-scan: 9 blocks, idle/pinned/free x spin/yield/block
# in that order, each headed by its column names, width median_ms, each read
# by its name, so a new column shifts nothing), writes wait-<wl>.png and .svg.
wl = ARG1
load 'style.gp'
set datafile columnheaders

dat = sprintf('wait-%s.dat', wl)
set title sprintf("%s: wait policy x width x load (median of the process medians)", wl)
set xlabel "engine width"
set ylabel "median call (ms, log scale)"
set logscale y
set format y "%g"
set xtics 1
set key outside right top
pcol(i) = word("#2a6fb0 #b00020 #2e7d32", i % 3 + 1)
dash(i) = i < 3 ? 1 : i < 6 ? 2 : 3
# block i's (load, policy), as the comment above its column names says it
wtitle(i) = word("idle pinned free", i / 3 + 1) . " " . word("spin yield block", i % 3 + 1)
wait_plot = "plot for [i=0:8] dat index i using 'width':'median_ms' with linespoints lw 2 pt 7 \
  lc rgb pcol(i) dt dash(i) title wtitle(i)"

eval png_term
set output sprintf('wait-%s.png', wl)
eval wait_plot
eval svg_term
set output sprintf('wait-%s.svg', wl)
eval wait_plot
unset output
