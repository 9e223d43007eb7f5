# plots/history.gp -- make history's chart: each measured commit's ratio to
# the baseline (the range's first commit) with its 99% interval, one line a
# width, the commits in range order; a commit that differs from the one
# before it (pairs.tsv) circled. A dashed line at 1: the baseline.
# Reads history.dat (a block a width: x tick width ratio lo hi change; the
# tick a commit id's first 8 hex digits -- no commit subject reaches gnuplot);
# writes history.png and .svg.
load 'style.gp'
set datafile columnheaders

stats 'history.dat' using 'x' nooutput
n_widths = STATS_blocks
n_x = STATS_max + 1

set title "coldload history: each commit's time against the baseline, 99% intervals"
set ylabel "ratio to the baseline (B/A)"
set xlabel "commit (range order; the first is the baseline)"
set xrange [-0.6:n_x - 0.4]
set xtics rotate by 35 right font ",9"
set key top left
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#888888"
colour(i) = word(c_widths, i % words(c_widths) + 1)
# a width's points side by side around its commit
dx(i) = n_widths > 1 ? (i - (n_widths - 1) / 2.0) * 0.12 : 0
changed(c, y) = c > 0 ? y : NaN
chart = 'history'
plot_cmd = "plot 'history.dat' index 0 using 'x':(NaN):xtic(stringcolumn('tick')) notitle, \
  for [i=0:n_widths-1] '' index i using (column('x') + dx(i)):'ratio':'lo':'hi' with yerrorlines pt 7 ps 1.0 lw 1.5 lc rgb colour(i) \
      title (n_widths > 1 ? sprintf('width %d', i + 1) : 'ratio to the baseline'), \
  for [i=0:n_widths-1] '' index i using (column('x') + dx(i)):(changed(column('change'), column('ratio'))) with points pt 6 ps 3 lw 2 lc rgb c_first \
      title (i == 0 ? 'differs from the commit before' : '')"
eval render
