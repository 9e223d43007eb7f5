# plots/ab.gp -- make ab's chart: the job's blocks in their order, each
# block's B/A (filled dot) and A/A -- A again over A, the job's own control
# (open circle); a pair the answer left out (like with like: a run of it
# waited for a CPU) grey. B/A's 99% interval as a band, its estimate a line;
# the A/A floor B/A must clear dashed (only where the A/A arm was called
# different), the A/A arm's 99% interval dotted. One colour a width.
# Reads ab.dat (export/abchart.h: a block a width, its columns by name) and
# labels.gp; writes ab.png and .svg.
load 'style.gp'
load 'labels.gp'
set datafile columnheaders

stats 'ab.dat' using 'block' nooutput
n_w = STATS_blocks
array wname[n_w]
do for [i=1:n_w] {
    stats 'ab.dat' index (i - 1) using 'width' nooutput
    wname[i] = STATS_min == 0 ? 'B/A' : sprintf('B/A at width %d', STATS_min)
}

set title sprintf("coldload ab: B/A and A/A block by block, 99%% intervals · %s", machine)
set ylabel "ratio to A (B/A; A/A: A again over A)"
set xlabel "block (the job's order)"
set key outside right top vertical
set rmargin 36
set offsets graph 0.02, graph 0.02, graph 0.08, graph 0.08
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#888888"
colour(i) = word(c_widths, (i - 1) % words(c_widths) + 1)
c_out = "#b0b0b0"
kept(in, y) = in > 0 ? y : NaN
left(in, y) = in > 0 ? NaN : y
# the floor and the left-out dots drawn only when there are any (no empty
# plot, no warning)
stats 'ab.dat' using (column('floor_hi') > 0 ? 1 : 0) nooutput
any_floor = STATS_max > 0
stats 'ab.dat' using ((column('ba_in') == 0 && column('ba') > 0) || (column('aa_in') == 0 && column('aa') > 0) ? 1 : 0) nooutput
any_left = STATS_max > 0
ab_floor = "for [i=1:n_w] '' index (i - 1) using 'block':'floor_hi' with lines dt 2 lw 1.5 lc rgb c_first title (i == 1 ? 'A/A floor' : ''), \
  for [i=1:n_w] '' index (i - 1) using 'block':'floor_lo' with lines dt 2 lw 1.5 lc rgb c_first notitle, "
ab_left = ", for [i=1:n_w] '' index (i - 1) using 'block':(left(column('ba_in'), column('ba'))) with points pt 7 ps 0.9 lc rgb c_out title (i == 1 ? 'left out (a run waited)' : ''), \
  for [i=1:n_w] '' index (i - 1) using 'block':(left(column('aa_in'), column('aa'))) with points pt 6 ps 1.0 lc rgb c_out notitle"
chart = 'ab'
plot_cmd = "plot \
  for [i=1:n_w] 'ab.dat' index (i - 1) using 'block':'lo':'hi' with filledcurves fs transparent solid 0.15 noborder lc rgb colour(i) \
      title (n_w > 1 ? wname[i] . ': 99% interval' : 'B/A: 99% interval'), \
  for [i=1:n_w] '' index (i - 1) using 'block':'ratio' with lines lw 2 lc rgb colour(i) title (n_w > 1 ? wname[i] . ': estimate' : 'B/A: estimate'), " \
  . (any_floor ? ab_floor : "") . \
  "for [i=1:n_w] '' index (i - 1) using 'block':'aa_hi' with lines dt 3 lw 1 lc rgb colour(i) title (i == 1 ? 'A/A: 99% interval' : ''), \
  for [i=1:n_w] '' index (i - 1) using 'block':'aa_lo' with lines dt 3 lw 1 lc rgb colour(i) notitle, \
  for [i=1:n_w] '' index (i - 1) using 'block':(kept(column('aa_in'), column('aa'))) with points pt 6 ps 1.0 lc rgb colour(i) title (i == 1 ? 'A/A of a block' : ''), \
  for [i=1:n_w] '' index (i - 1) using 'block':(kept(column('ba_in'), column('ba'))) with points pt 7 ps 0.9 lc rgb colour(i) title (n_w > 1 ? wname[i] . ' of a block' : 'B/A of a block')" \
  . (any_left ? ab_left : "")
eval render
