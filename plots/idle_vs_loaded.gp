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
# Each series is drawn only when it has a point: gnuplot warns of every
# empty one ("Skipping data file with no valid points"), as a job without
# free load or stopped runs has. n_dot[2k+1]: kind k's dots, n_dot[2k+2]
# its stopped ones.
array n_dot[8]
do for [k = 0:3] {
    do for [b = 0:1] {
        stats 'idle_vs_loaded.dat' index 0 using (column('kind') == k && (column('bound') != 0) == b ? 1 : 0) nooutput
        n_dot[2 * k + b + 1] = STATS_sum
    }
}
any_bound = n_dot[2] + n_dot[4] + n_dot[6] + n_dot[8] > 0
# the cells' names are read with a point of the data's own range, not
# drawn: a series of NaN alone would be empty
stats 'idle_vs_loaded.dat' index 0 using 'proc_median_ms' nooutput
tic_y = STATS_max

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
dots(k, pt, ps, lc, t) = n_dot[2 * k + 1] == 0 ? "" : \
  sprintf("'' index 0 using 'x':(only(column('kind'), %d, column('bound'), column('proc_median_ms'))) with points pt %d ps %s lc rgb '%s' title '%s', ", k, pt, ps, lc, t)
stops(k, lc) = n_dot[2 * k + 2] == 0 ? "" : \
  sprintf(", '' index 0 using 'x':(stopped(column('kind'), %d, column('bound'), column('proc_median_ms'))) with points pt 8 ps 1.8 lw 2 lc rgb '%s' notitle", k, lc)
ivl_stopped = stops(0, c_idle) . stops(1, c_loaded) . stops(2, c_free) . stops(3, c_loaded)
ivl_plot = "plot 'idle_vs_loaded.dat' index 1 using 'idx':(tic_y):xtic(stringcolumn('label')) with points pt 7 ps 0 lc rgb '#ff000000' notitle, " \
  . dots(0, 7, "1.1", c_idle, "idle") . dots(1, 7, "1.1", c_loaded, "pinned load (one worker per CPU)") \
  . dots(2, 7, "1.1", c_free, "free load (unbound workers)") . dots(3, 9, "1.2", c_loaded, "loaded") \
  . (any_bound ? ivl_key : "") . \
  "'' index 1 using (column('idx') - 0.3):'median_of_medians':(0.6):(0) with vectors nohead lw 2.5 lc rgb '#222222' title 'median of the process medians', \
  '' index 1 using 'idx':(column('median_of_medians') * 2.6):(cellnote(column('kind'), column('ratio'), column('procs'), column('slow_procs'), column('median_bound'))) with labels font ',9' tc rgb '#222222' notitle" \
  . ivl_stopped

chart = 'idle_vs_loaded'
plot_cmd = ivl_plot
eval render
