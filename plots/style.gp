# plots/style.gp -- the look every coldload chart shares, loaded first by each
# plots/<chart>.gp (found through GNUPLOT_LIB, which harness/plots.sh sets).
#
# Each chart script draws once for PNG (pngcairo) and replots for SVG; the
# terminal lines live here so both formats stay alike across the charts.
# Text is "noenhanced": labels come from data (params, host names) and must
# print as they are, underscores and carets included.

png_term = "set terminal pngcairo size 1200,640 font 'DejaVu Sans,10' noenhanced background '#ffffff'"
svg_term = "set terminal svg size 1200,640 font 'DejaVu Sans,10' noenhanced background '#ffffff'"

set encoding utf8
set datafile missing "NaN"
set border 3 lw 1 lc rgb "#444444"
set tics nomirror out
set grid ytics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set key top left opaque box lc rgb "#cccccc"
set style fill solid 0.85 border lc rgb "#333333"
set offsets 0, 0, graph 0.08, 0
set bmargin 7

# One colour per meaning, the same in every chart.
c_idle   = "#2a6fb0"
c_loaded = "#d98200"
c_first  = "#b00020"
c_steady = "#2e7d32"
c_whole  = "#7b5ea7"
c_free   = "#8e24aa"
# Placement: a call whose threads all ran on one CPU, and one spread over several.
c_span1  = "#2e7d32"
c_spanN  = "#b00020"
# Lines that stand for widths (1st, 2nd, ... width of a chart).
c_widths = "#2a6fb0 #b00020 #2e7d32 #7b5ea7 #d98200 #00838f #6d4c41 #455a64"

# Shared helpers. A ratio label over a bar or a cell: 38x, 2.5x, 0.05x.
ratio(r) = r >= 10 ? sprintf('%.0fx', r) : r >= 0.1 ? sprintf('%.1fx', r) : sprintf('%.2gx', r)

# Draws the plot command held in the string `plot_cmd` into <chart>.png, then
# <chart>.svg: `chart = 'trg'; plot_cmd = "plot ..."; eval render`.
render = "eval png_term; set output chart . '.png'; eval plot_cmd; eval svg_term; set output chart . '.svg'; eval plot_cmd; unset output"
