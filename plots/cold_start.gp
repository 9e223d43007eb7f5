# plots/cold_start.gp -- why the first run is slow: per workload, the first
# run in the process and the whole process's wall time for a fresh copy, the
# same copy again, a copy whose pages were evicted, and after drop_caches.
# Major page faults are printed over the bars (where GNU time counted them).
# Reads cold_start.dat, its first line the column names, each column by its
# name (a new column shifts nothing), and labels.gp; writes cold_start.png
# and .svg.
load 'style.gp'
load 'labels.gp'

set title sprintf("Cold start: first run in the process and whole process · %s · width 1, idle", machine)
set ylabel "time (ms, log scale)"
set logscale y
set format y "%g"
set xrange [-0.6:n_cold_start - 0.4]
set xtics rotate by 35 right font ",9"
set datafile columnheaders

# idx label first_ms whole_median_ms first_majflt whole_majflt
# Bars stand on the decade below the smallest time (a log axis has no zero).
# A column may hold no number at all (a --binary run has no in-process
# times, a directory without whole.csv no whole-process ones): stats then
# only warns and leaves STATS_* undefined, hence exists().
stats 'cold_start.dat' using 'first_ms' nooutput
lo = exists("STATS_records") && STATS_records > 0 ? STATS_min : 1
undefine STATS_*
stats 'cold_start.dat' using 'whole_median_ms' nooutput
lo = exists("STATS_records") && STATS_records > 0 && STATS_min < lo ? STATS_min : lo
bottom = 10 ** floor(log10(lo))
set yrange [bottom:*]
hw = 0.17
faults(f) = f != f ? '' : sprintf('%.0f majflt', f)
x = "column('idx')"
first = "column('first_ms')"
whole = "column('whole_median_ms')"
cold_plot = "plot 'cold_start.dat' using (@x - 0.19):'first_ms':(@x - 0.19 - hw):(@x - 0.19 + hw):(bottom):'first_ms' with boxxyerror lc rgb c_first title 'first run in the process (in-process clock, median)', \
  '' using (@x + 0.19):'whole_median_ms':(@x + 0.19 - hw):(@x + 0.19 + hw):(bottom):'whole_median_ms' with boxxyerror lc rgb c_whole title 'whole process (wall time, median)', \
  '' using (@x - 0.19):(@first * 1.5):(faults(column('first_majflt'))) with labels font ',8' tc rgb c_first notitle, \
  '' using (@x + 0.19):(@whole * 1.5):(faults(column('whole_majflt'))) with labels font ',8' tc rgb c_whole notitle, \
  '' using 'idx':(bottom):(''):xtic(stringcolumn('label')) with labels notitle"

chart = 'cold_start'
plot_cmd = cold_plot
eval render
