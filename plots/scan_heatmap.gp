# plots/scan_heatmap.gp -- the load scan's heatmap of one workload: pinned
# load workers (rows) x engine width (columns, `auto` last), each cell
# coloured by its slowdown against idle width 1 on a log scale and labelled
# with it and its process count ("3p, 1 cut": one process cut short; ">40x":
# no call finished inside the cap, a lower bound).
# Run in the scan directory as `gnuplot -c scan_X.gp <workload>` (ARG1: a
# value, never gnuplot text to run); reads
# heatmap-<wl>.dat (coldload-scan: its first line the column names, x
# workers slowdown slowdown_label procs_label width, each read by its name,
# so a new column shifts nothing), writes heatmap-<wl>.png and .svg.
wl = ARG1
load 'style.gp'
set datafile columnheaders

dat = sprintf('heatmap-%s.dat', wl)
stats dat using 'x':'workers' nooutput
nx = STATS_max_x + 1
ny = STATS_max_y
set title sprintf("%s: slowdown vs idle width 1 (log colour), pinned load workers x width", wl)
set xlabel "engine width (auto: --width auto)"
set ylabel "pinned stress-ng workers"
set xrange [-0.5:nx - 0.5]
set yrange [STATS_min_y - 0.5:ny + 0.5]
set ytics 1
set grid noytics nomytics
set key off
set logscale cb
set cbrange [0.5:*]
set cblabel "slowdown (x idle width 1)"
set palette defined (0 "#2e7d32", 1 "#f4e04d", 2 "#d98200", 3 "#b00020")
set offsets 0, 0, 0, 0
heat_plot = "plot dat using 'x':'workers':(0.5):(0.5):'slowdown':xtic(stringcolumn('width')) with boxxyerror fs solid 1.0 noborder fc palette, \
  '' using 'x':(column('workers') + 0.12):'slowdown_label' with labels font ',11' tc rgb '#111111', \
  '' using 'x':(column('workers') - 0.18):'procs_label' with labels font ',8' tc rgb '#333333'"

eval png_term
set output sprintf('heatmap-%s.png', wl)
eval heat_plot
eval svg_term
set output sprintf('heatmap-%s.svg', wl)
eval heat_plot
unset output
