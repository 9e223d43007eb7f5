# plots/idle_vs_loaded.gp -- one dot per process: its median steady call, per
# workload x width x load (idle, pinned, free), the median of the process
# medians as a short line, loaded/idle and the slow processes over each
# loaded cell. Dots, not bars: a log axis has no zero for a bar to stand on,
# and one bar per cell would hide the thing this chart is for -- a cell whose
# processes split into a slow and a fast group (bimodal) shows as dots
# decades apart in one column.
# Reads idle_vs_loaded.dat (index 0: dots, index 1: cells) and labels.gp;
# writes idle_vs_loaded.png and .svg.
load 'style.gp'
load 'labels.gp'
set datafile columnheaders # each block's first line names its columns, read by name

# dots: x label kind proc_median_ms proc bound; cells: idx label kind
# median_of_medians ratio procs slow_procs median_bound
# kind: 0 idle, 1 pinned, 2 free, 3 loaded (a load of unknown kind)
# bound 1: the process was stopped before it ended (its cap, or known slow),
# so its median is only a lower bound: an open triangle pointing up, at it.
# Counted first, before the log axis: the key says what the
# triangle means only when there is one.
stats 'idle_vs_loaded.dat' index 0 using 'bound' nooutput
any_bound = STATS_max > 0

set title sprintf("Idle vs loaded, one dot per process · %s · widths %s · loaded: stress-ng --cpu %s", machine, widths, stressors)
set ylabel "median call of each process (ms, log scale)"
set logscale y
set format y "%g"
set xrange [-0.6:n_idle_vs_loaded - 0.4]
set xtics rotate by 35 right font ",9"
set key top left
slow(k, p) = p > 1 && k == k ? sprintf("\n%d/%d slow", k, p) : ""
atleast(b) = b != 0 ? '>=' : ''
cellnote(kind, r, p, k, b) = kind == 0 || r != r ? "" : atleast(b) . ratio(r) . slow(k, p)
only(kind, want, b, y) = kind == want && b == 0 ? y : NaN
stopped(kind, want, b, y) = kind == want && b != 0 ? y : NaN
# the stopped processes: each in its load's colour, over the median line;
# one key entry for all
ivl_key = "keyentry with points pt 8 ps 1.8 lw 2 lc rgb '#222222' title 'stopped: at least this long', "
ivl_stopped = ", '' index 0 using 'x':(stopped(column('kind'), 0, column('bound'), column('proc_median_ms'))) with points pt 8 ps 1.8 lw 2 lc rgb c_idle notitle, \
  '' index 0 using 'x':(stopped(column('kind'), 1, column('bound'), column('proc_median_ms'))) with points pt 8 ps 1.8 lw 2 lc rgb c_loaded notitle, \
  '' index 0 using 'x':(stopped(column('kind'), 2, column('bound'), column('proc_median_ms'))) with points pt 8 ps 1.8 lw 2 lc rgb c_free notitle, \
  '' index 0 using 'x':(stopped(column('kind'), 3, column('bound'), column('proc_median_ms'))) with points pt 8 ps 1.8 lw 2 lc rgb c_loaded notitle"
ivl_plot = "plot 'idle_vs_loaded.dat' index 1 using 'idx':(NaN):xtic(stringcolumn('label')) notitle, \
  '' index 0 using 'x':(only(column('kind'), 0, column('bound'), column('proc_median_ms'))) with points pt 7 ps 1.1 lc rgb c_idle title 'idle', \
  '' index 0 using 'x':(only(column('kind'), 1, column('bound'), column('proc_median_ms'))) with points pt 7 ps 1.1 lc rgb c_loaded title 'pinned load (one worker per CPU)', \
  '' index 0 using 'x':(only(column('kind'), 2, column('bound'), column('proc_median_ms'))) with points pt 7 ps 1.1 lc rgb c_free title 'free load (unbound workers)', \
  '' index 0 using 'x':(only(column('kind'), 3, column('bound'), column('proc_median_ms'))) with points pt 9 ps 1.2 lc rgb c_loaded title 'loaded', " \
  . (any_bound ? ivl_key : "") . \
  "'' index 1 using (column('idx') - 0.3):'median_of_medians':(0.6):(0) with vectors nohead lw 2.5 lc rgb '#222222' title 'median of the process medians', \
  '' index 1 using 'idx':(column('median_of_medians') * 2.6):(cellnote(column('kind'), column('ratio'), column('procs'), column('slow_procs'), column('median_bound'))) with labels font ',9' tc rgb '#222222' notitle" \
  . (any_bound ? ivl_stopped : "")

chart = 'idle_vs_loaded'
plot_cmd = ivl_plot
eval render
