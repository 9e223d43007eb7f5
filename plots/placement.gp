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
# Each series is drawn only when it has a point: gnuplot warns of every
# empty one ("Skipping data file with no valid points"). n_call[2m+1]: the
# calls of side m (0 one CPU, 1 several), n_call[2m+2] its stopped ones.
array n_call[4]
do for [m = 0:1] {
    do for [b = 0:1] {
        stats 'placement.dat' index 0 using ((m ? column('cpus') >= 2 : column('cpus') < 2) && (column('bound') != 0) == b ? 1 : 0) nooutput
        n_call[2 * m + b + 1] = STATS_sum
    }
}
any_bound = n_call[2] + n_call[4] > 0
# the cells' names are read with a point of the data's own range, not
# drawn: a series of NaN alone would be empty
stats 'placement.dat' index 0 using 'call_ms' nooutput
tic_y = STATS_max

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
pl_key = "keyentry with points pt 8 ps 1.4 lw 1.5 lc rgb '#222222' title 'stopped: at least this long'"
side_of(m, lc, t) = n_call[2 * m + 1] == 0 ? "" : \
  sprintf(", '' index 0 using 'x':(side(column('cpus'), %d, column('bound'), column('call_ms'))) with points pt 7 ps 0.8 lc rgb '%s' title '%s'", m, lc, t)
stops(m, lc) = n_call[2 * m + 2] == 0 ? "" : \
  sprintf(", '' index 0 using 'x':(stopped(column('cpus'), %d, column('bound'), column('call_ms'))) with points pt 8 ps 1.4 lw 1.5 lc rgb '%s' notitle", m, lc)
pl_stopped = stops(0, c_span1) . stops(1, c_spanN)
# a side's median line and share only where some cell has calls on it
side_cells(m) = n_call[2 * m + 1] + n_call[2 * m + 2] > 0
pl_med1 = side_cells(0) ? ", '' index 1 using (column('idx') - 0.32):'median_ms_1cpu':(0.24):(0) with vectors nohead lw 2.5 lc rgb '#222222' title 'median of the side'" : ""
pl_medN = side_cells(1) ? sprintf(", '' index 1 using (column('idx') + 0.08):'median_ms_multi_cpu':(0.24):(0) with vectors nohead lw 2.5 lc rgb '#222222' %s", side_cells(0) ? "notitle" : "title 'median of the side'") : ""
pl_share1 = side_cells(0) ? ", '' index 1 using (column('idx') - 0.2):(column('median_ms_1cpu') * 2.4):(share(column('calls_1cpu'), column('share_1cpu'))) with labels font ',8' tc rgb c_span1 notitle" : ""
pl_shareN = side_cells(1) ? ", '' index 1 using (column('idx') + 0.2):(column('median_ms_multi_cpu') * 2.4):(share(column('calls_multi_cpu'), column('share_multi_cpu'))) with labels font ',8' tc rgb c_spanN notitle" : ""
pl_plot = "plot 'placement.dat' index 1 using 'idx':(tic_y):xtic(stringcolumn('label')) with points pt 7 ps 0 lc rgb '#ff000000' notitle" \
  . side_of(0, c_span1, "threads on one CPU") . side_of(1, c_spanN, "threads on 2+ CPUs") \
  . (any_bound ? ", " . pl_key : "") . pl_med1 . pl_medN . pl_share1 . pl_shareN . pl_stopped

chart = 'placement'
plot_cmd = pl_plot
eval render
