# plots/why.gp -- a threads job's cells, one stacked bar each: where the
# median run's wall time went -- waiting for a CPU, running, blocked (the
# split the waits-for-cpu, spins and wake-ups verdicts judge). Shares, not
# milliseconds: a 20x slower loaded cell and its idle twin side by side
# would otherwise show only the slow one.
# Reads why.dat (idx label wait_pct run_pct blocked_pct) and labels.gp;
# writes why.png and .svg.
load 'style.gp'
load 'labels.gp'

set title sprintf("Why: where each cell's median run went · %s", machine)
set ylabel "share of the median run (%)"
set yrange [0:118]
set xrange [-0.6:n_why - 0.4]
set xtics rotate by 35 right font ",9"
set key top center horizontal
set style data histograms
set style histogram rowstacked
set boxwidth 0.6
plot_cmd = "plot 'why.dat' using 3:xtic(2) title 'waiting for a CPU' lc rgb c_first, \
  '' using 4 title 'running' lc rgb c_steady, \
  '' using 5 title 'blocked (asleep, waiting for a wake-up)' lc rgb c_idle"

chart = 'why'
eval render
