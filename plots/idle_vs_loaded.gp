# plots/idle_vs_loaded.gp -- per workload and width, the idle median next to
# the loaded one (bars min-max), with loaded/idle printed over each pair: the
# page's "check the load" and "serial normal, multi-threaded abnormal" checks.
# Reads idle_vs_loaded.dat and labels.gp; writes idle_vs_loaded.png and .svg.
load 'style.gp'
load 'labels.gp'

set title sprintf("Idle vs loaded · %s · widths %s · loaded: stress-ng --cpu %s", machine, widths, stressors)
set ylabel "time per call, median (ms, log scale)"
set logscale y
set format y "%g"
set xrange [-0.6:n_idle_vs_loaded - 0.4]
set xtics rotate by 35 right font ",9"
# idx label idle_median idle_min idle_max loaded_median loaded_min loaded_max ratio
# A log axis has no zero for bars to stand on: they start at the decade below
# the smallest minimum.
stats 'idle_vs_loaded.dat' using 4 nooutput
lo = STATS_min
stats 'idle_vs_loaded.dat' using 7 nooutput
lo = STATS_min < lo ? STATS_min : lo
bottom = 10 ** floor(log10(lo))
set yrange [bottom:*]
ratio(r) = r >= 10 ? sprintf('%.0fx', r) : r >= 0.1 ? sprintf('%.1fx', r) : sprintf('%.2gx', r)
top(a, b) = (a > b ? a : b) * 1.9
hw = 0.17
ivl_plot = "plot 'idle_vs_loaded.dat' using ($1 - 0.19):3:($1 - 0.19 - hw):($1 - 0.19 + hw):(bottom):3 with boxxyerror lc rgb c_idle title 'idle median (bar: min-max)', \
  '' using ($1 + 0.19):6:($1 + 0.19 - hw):($1 + 0.19 + hw):(bottom):6 with boxxyerror lc rgb c_loaded title 'loaded median (bar: min-max)', \
  '' using ($1 - 0.19):3:4:5 with yerrorbars pt -1 lw 1.2 lc rgb '#222222' notitle, \
  '' using ($1 + 0.19):6:7:8 with yerrorbars pt -1 lw 1.2 lc rgb '#222222' notitle, \
  '' using 1:(top($5, $8)):(ratio($9)):xtic(2) with labels font ',10' tc rgb '#222222' notitle"

eval png_term
set output 'idle_vs_loaded.png'
eval ivl_plot
eval svg_term
set output 'idle_vs_loaded.svg'
eval ivl_plot
unset output
