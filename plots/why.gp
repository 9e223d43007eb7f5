# plots/why.gp -- a threads job's cells, one stacked bar each: where the
# median run's wall time went -- waiting for a CPU, running, blocked (the
# split the waits-for-cpu, spins and wake-ups verdicts judge). Shares, not
# milliseconds: a 20x slower loaded cell and its idle twin side by side
# would otherwise show only the slow one.
# Reads why.dat, its first line the column names (idx label wait_pct
# run_pct blocked_pct), each column by its name, so a new column shifts
# nothing; and labels.gp. Writes why.png and .svg.
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
set datafile columnheaders
plot_cmd = "plot 'why.dat' using 'wait_pct':xtic(stringcolumn('label')) title 'waiting for a CPU' lc rgb c_first, \
  '' using 'run_pct' title 'running' lc rgb c_steady, \
  '' using 'blocked_pct' title 'blocked (asleep, waiting for a wake-up)' lc rgb c_idle"

chart = 'why'
eval render
