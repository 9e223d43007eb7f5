# plots/first_vs_steady.gp -- the first run in a process next to its steady
# runs, per workload x width x copy: the page's first check (first vs min).
# Reads first_vs_steady.dat (its first line the column names, each column
# read by its name: a new column shifts nothing) and labels.gp (written by
# coldload-summarize) from the current directory; writes first_vs_steady.png and .svg there.
load 'style.gp'
load 'labels.gp'

set title sprintf("First run vs steady state · %s · widths %s", machine, widths)
set ylabel "time per call (ms, log scale)"
set logscale y
set format y "%g"
set xrange [-0.6:n_first_vs_steady - 0.4]
set xtics rotate by 35 right font ",9"
set key top right
set datafile columnheaders

# idx label first min median max n; the figure over each diamond is first/min
x = "column('idx')"
fvs_plot = "plot 'first_vs_steady.dat' using (@x + 0.12):'median_ms':'min_ms':'max_ms':xtic(stringcolumn('label')) with yerrorbars pt 7 ps 0.9 lw 1.5 lc rgb c_steady title 'steady: median, bar min-max', \
  '' using (@x - 0.12):'first_ms' with points pt 13 ps 1.8 lc rgb c_first title 'first run in the process', \
  '' using (@x - 0.12):'first_ms':(ratio(column('first_ms') / column('min_ms'))) with labels offset 0, 1.2 font ',8' tc rgb c_first notitle"

chart = 'first_vs_steady'
plot_cmd = fvs_plot
eval render
