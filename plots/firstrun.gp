# plots/firstrun.gp -- where the first run's milliseconds go: one stacked bar
# per workload and copy kind, from the exec to the first result. Bottom up:
# the steady call (the work itself), the copy kind against the warm binary,
# dynamic linking (dynamic - static), the OpenBLAS thread pool (W - 1), the
# first touch of the work buffers (no prefault - prefault), the remainder
# none of them explains. A negative part or remainder stacks below zero.
# Reads firstrun.dat (coldload-summarize) and labels.gp; writes firstrun.png and .svg.
load 'style.gp'
load 'labels.gp'
set datafile columnheaders # firstrun.dat's column names, read by name

set title sprintf("Where the first run's milliseconds go · %s · width 1, each part a measured difference", machine)
set ylabel "time from exec to the first result (ms)"
stats 'firstrun.dat' using 'idx' nooutput
n_fr = STATS_records
set xrange [-0.6:n_fr - 0.4]
set xtics rotate by 35 right font ",9"
set key outside right top vertical
set rmargin 34
set xzeroaxis lt 1 lc rgb "#444444"
hw = 0.32

# idx label total, then lo hi of: steady, copy kind, dynamic linking, pool, first touch, remainder
seg_name(s) = s == 0 ? "steady" : s <= 4 ? sprintf("part%d", s - 1) : "remainder"
lo(s) = column(seg_name(s) . "_lo")
hi(s) = column(seg_name(s) . "_hi")
seg_colour(s) = word("#2e7d32 #7b5ea7 #2a6fb0 #d98200 #00838f #9e9e9e", s + 1)
seg_title(s) = s == 0 ? "the steady call (the work)" : s == 1 ? "copy kind (vs the warm binary)" : \
    s == 2 ? "dynamic linking (vs static)" : s == 3 ? "OpenBLAS thread pool (W vs 1)" : \
    s == 4 ? "first touch (vs --prefault)" : "remainder (none of these)"
fr_plot = "plot for [s=0:5] 'firstrun.dat' using 'idx':(hi(s)):(column('idx') - hw):(column('idx') + hw):(lo(s)):(hi(s)) \
    with boxxyerror lc rgb seg_colour(s) title seg_title(s), \
  '' using 'idx':'total_ms':(sprintf('%.1f', column('total_ms'))):xtic(stringcolumn('label')) with labels offset 0,0.8 font ',8' notitle"

eval png_term
set output 'firstrun.png'
eval fr_plot
eval svg_term
set output 'firstrun.svg'
eval fr_plot
unset output
