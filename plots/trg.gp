# plots/trg.gp -- the TRG workload: value_and_grad time (min of the runs, as
# the page reports it) per beta, one line per width and condition, so idle
# and loaded at one width sit next to each other.
# Reads trg.dat (one block per series, its first line the title, then the
# names of the other columns: the time is read by its name, min_ms) and
# labels.gp; writes trg.png and trg.svg.
load 'style.gp'
load 'labels.gp'

set title sprintf("TRG value_and_grad per beta · %s · widths %s · loaded: stress-ng --cpu %s", machine, widths, stressors)
set xlabel "beta"
set ylabel "value_and_grad, min of the runs (ms, log scale)"
set logscale y
set format y "%g"
# One beta (a QUICK run) would give an empty x range: widen it by hand.
stats 'trg.dat' using 1 nooutput
if (STATS_min == STATS_max) { set xrange [STATS_min - 0.05:STATS_max + 0.05] } else { set offsets graph 0.05, graph 0.05, 0, 0 }
set xtics nomirror
set bmargin 4
set key outside right top

# One colour per width, loaded series dashed with squares: line types 21..
# (trg_colour = the width's rank, trg_loaded = 0/1, both from labels.gp, one
# entry per block of trg.dat).
do for [r = 1:8] {
    set linetype (19 + 2 * r) lc rgb word(c_widths, r) dt 1 pt 7 lw 2 ps 1.3
    set linetype (20 + 2 * r) lc rgb word(c_widths, r) dt 2 pt 5 lw 2 ps 1.3
}
trg_plot = "plot for [i = 1:n_trg] 'trg.dat' index (i - 1) using 1:'min_ms' with linespoints \
  lt (19 + 2 * trg_colour[i] + trg_loaded[i]) title columnheader(1)"

chart = 'trg'
plot_cmd = trg_plot
eval render
