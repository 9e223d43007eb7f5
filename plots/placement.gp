# plots/placement.gp -- per loaded cell, every steady call whose CPUs are
# known as a dot at its time: left, the calls whose engine and OpenBLAS
# threads all ran on one CPU; right, those spread over two or more. Over each
# side its share of the cell's calls; a short line is its median.
# Dots rather than two bars of share: the share alone cannot show *that* the
# placement decides the time, the dots show both at once -- a cell whose
# one-CPU calls sit decades below its spread ones is the scheduler's doing.
# Reads placement.dat (index 0: calls, index 1: cells) and labels.gp;
# writes placement.png and .svg.
load 'style.gp'
load 'labels.gp'
set datafile columnheaders # each block's first line names its columns, read by name

set title sprintf("Placement: where the threads ran, against the time · %s · widths %s · loaded: stress-ng --cpu %s", machine, widths, stressors)
set ylabel "steady call (ms, log scale)"
set logscale y
set format y "%g"
set xrange [-0.6:n_placement - 0.4]
set xtics rotate by 35 right font ",9"
set key top left
# calls: x label cpus call_ms bound; cells: idx label n1 share1 median1 nmulti sharemulti medianmulti
# bound 1: the call's run was stopped before it ended (its cap, or known
# slow), its time only a lower bound: an open triangle pointing up, at it;
# the key says so only when there is one (counted before the log axis).
stats 'placement.dat' index 0 using 'bound' nooutput
any_bound = STATS_max > 0

set title sprintf("Placement: where the threads ran, against the time · %s · widths %s · loaded: stress-ng --cpu %s", machine, widths, stressors)
set ylabel "steady call (ms, log scale)"
set logscale y
set format y "%g"
set xrange [-0.6:n_placement - 0.4]
set xtics rotate by 35 right font ",9"
set key top left
share(n, f) = n > 0 ? sprintf("%d (%.0f%%)", n, 100 * f) : ""
side(cpus, multi, b, y) = (multi ? cpus >= 2 : cpus < 2) && b == 0 ? y : NaN
stopped(cpus, multi, b, y) = (multi ? cpus >= 2 : cpus < 2) && b != 0 ? y : NaN
# the stopped calls: in their side's colour, over the median lines; one key
# entry for both
pl_key = "keyentry with points pt 8 ps 1.4 lw 1.5 lc rgb '#222222' title 'stopped: at least this long', "
pl_stopped = ", '' index 0 using 'x':(stopped(column('cpus'), 0, column('bound'), column('call_ms'))) with points pt 8 ps 1.4 lw 1.5 lc rgb c_span1 notitle, \
  '' index 0 using 'x':(stopped(column('cpus'), 1, column('bound'), column('call_ms'))) with points pt 8 ps 1.4 lw 1.5 lc rgb c_spanN notitle"
pl_plot = "plot 'placement.dat' index 1 using 'idx':(NaN):xtic(stringcolumn('label')) notitle, \
  '' index 0 using 'x':(side(column('cpus'), 0, column('bound'), column('call_ms'))) with points pt 7 ps 0.8 lc rgb c_span1 title 'threads on one CPU', \
  '' index 0 using 'x':(side(column('cpus'), 1, column('bound'), column('call_ms'))) with points pt 7 ps 0.8 lc rgb c_spanN title 'threads on 2+ CPUs', " \
  . (any_bound ? pl_key : "") . \
  "'' index 1 using (column('idx') - 0.32):'median_ms_1cpu':(0.24):(0) with vectors nohead lw 2.5 lc rgb '#222222' title 'median of the side', \
  '' index 1 using (column('idx') + 0.08):'median_ms_multi_cpu':(0.24):(0) with vectors nohead lw 2.5 lc rgb '#222222' notitle, \
  '' index 1 using (column('idx') - 0.2):(column('median_ms_1cpu') * 2.4):(share(column('calls_1cpu'), column('share_1cpu'))) with labels font ',8' tc rgb c_span1 notitle, \
  '' index 1 using (column('idx') + 0.2):(column('median_ms_multi_cpu') * 2.4):(share(column('calls_multi_cpu'), column('share_multi_cpu'))) with labels font ',8' tc rgb c_spanN notitle" \
  . (any_bound ? pl_stopped : "")

chart = 'placement'
plot_cmd = pl_plot
eval render
