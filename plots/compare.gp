# plots/compare.gp -- coldload-compare's chart: per compared cell, one dot per
# process of each input (its median steady call; one per run for the
# whole-process cold starts), inputs side by side in the cell's column and
# coloured alike across cells, each input's median as a short line. Log y:
# a 2x change is the same height at 0.01 ms and at 1000 ms.
# A process stopped before it ended (its cap, or known slow) has only a
# lower bound for a median: an open triangle pointing up, at it.
# Reads compare.dat (index 0 dots: x input ms bound; index 1 cells: x tick;
# index 2 medians: x input ms) and compare_labels.gp; writes compare.png, .svg.
load 'style.gp'
load 'compare_labels.gp'
set datafile columnheaders # each block's first line names its columns, read by name

# counted before the log axis: the key says what a triangle means only when
# there is one
stats 'compare.dat' index 0 using 'bound' nooutput
any_bound = STATS_max > 0

set title "coldload compare: one dot per process and input"
set ylabel "median call of each process, or whole run (ms, log scale)"
set logscale y
set format y "%g"
set xrange [-0.6:n_cells - 0.4]
set xtics rotate by 35 right font ",9"
set key top left
colour(i) = word(c_widths, (i - 1) % words(c_widths) + 1)
dot(input, i, b, y) = input == i && b == 0 ? y : NaN
stopped(input, i, b, y) = input == i && b != 0 ? y : NaN
cmp_key = "keyentry with points pt 8 ps 1.6 lw 1.5 lc rgb '#222222' title 'stopped: at least this long', "
cmp_stopped = ", for [i=1:n_inputs] '' index 0 using 'x':(stopped(column('input'), i, column('bound'), column('ms'))) with points pt 8 ps 1.6 lw 1.5 lc rgb colour(i) notitle"
cmp_plot = "plot 'compare.dat' index 1 using 'x':(NaN):xtic(stringcolumn('tick')) notitle, \
  for [i=1:n_inputs] '' index 0 using 'x':(dot(column('input'), i, column('bound'), column('ms'))) with points pt 7 ps 1.0 lc rgb colour(i) title input_name[i], " \
  . (any_bound ? cmp_key : "") . \
  "for [i=1:n_inputs] '' index 2 using (column('x') - bar_width / 2):(column('input') == i ? column('ms') : NaN):(bar_width):(0) with vectors nohead lw 2.5 lc rgb colour(i) notitle" \
  . (any_bound ? cmp_stopped : "")

eval png_term
set output 'compare.png'
eval cmp_plot
eval svg_term
set output 'compare.svg'
eval cmp_plot
unset output
