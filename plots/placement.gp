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

set title sprintf("Placement: where the threads ran, against the time · %s · widths %s · loaded: stress-ng --cpu %s", machine, widths, stressors)
set ylabel "steady call (ms, log scale)"
set logscale y
set format y "%g"
set xrange [-0.6:n_placement - 0.4]
set xtics rotate by 35 right font ",9"
set key top left
# calls: x label cpus call_ms; cells: idx label n1 share1 median1 nmulti sharemulti medianmulti
share(n, f) = n > 0 ? sprintf("%d (%.0f%%)", n, 100 * f) : ""
pl_plot = "plot 'placement.dat' index 1 using 1:(NaN):xtic(2) notitle, \
  '' index 0 using 1:($3 < 2 ? $4 : NaN) with points pt 7 ps 0.8 lc rgb c_span1 title 'threads on one CPU', \
  '' index 0 using 1:($3 >= 2 ? $4 : NaN) with points pt 7 ps 0.8 lc rgb c_spanN title 'threads on 2+ CPUs', \
  '' index 1 using ($1 - 0.32):5:(0.24):(0) with vectors nohead lw 2.5 lc rgb '#222222' title 'median of the side', \
  '' index 1 using ($1 + 0.08):8:(0.24):(0) with vectors nohead lw 2.5 lc rgb '#222222' notitle, \
  '' index 1 using ($1 - 0.2):($5 * 2.4):(share($3, $4)) with labels font ',8' tc rgb c_span1 notitle, \
  '' index 1 using ($1 + 0.2):($8 * 2.4):(share($6, $7)) with labels font ',8' tc rgb c_spanN notitle"

chart = 'placement'
plot_cmd = pl_plot
eval render
