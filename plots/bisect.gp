# plots/bisect.gp -- make bisect's chart: the commits the search probed, in
# range order (GOOD first, BAD last), and each comparison's B/A -- the newer
# commit over the older -- at its newer commit with its 99% interval, a thin
# line back to the older one; by purpose (the search, asked again, the
# confirmation, idle). Each change circled at its commit and named by its
# id and subject. A dashed line at 1: no change.
# Reads bisect.dat (harness/lib/bisect.sh's bs_chart: index 0 the commits,
# x index tick state; index 1 the comparisons, step purpose x_a x_b k
# verdict ratio lo hi; index 2, when there is a change, x ratio label).
# A commit subject is only ever a quoted string of the data, read with
# stringcolumn: drawn as text, never run. Writes bisect.png and .svg.
load 'style.gp'
set datafile columnheaders

stats 'bisect.dat' index 0 using 'x' nooutput
n_x = STATS_records
stats 'bisect.dat' using 'x' nooutput
any_change = STATS_blocks > 2
stats 'bisect.dat' index 0 using (strcol('state') eq 'skip' ? 1 : 0) nooutput
any_skip = STATS_max > 0

set title "coldload bisect: each comparison's B/A at its newer commit, 99% intervals"
set ylabel "B/A (the newer commit over the older)"
set xlabel "commit probed (range order: GOOD first, BAD last)"
set xrange [-0.6:n_x - 0.4]
set xtics rotate by 35 right font ",9"
set key outside right top vertical
set rmargin 30
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#888888"
purposes = "search search-more confirm idle"
p_title(i) = i == 1 ? "the search" : i == 2 ? "asked again (twice the blocks)" : i == 3 ? "the confirmation (fresh blocks)" : "idle (a change under load)"
p_colour(i) = word(c_idle . " " . c_whole . " " . c_steady . " " . c_loaded, i)
is(p, i) = p eq word(purposes, i)
# several comparisons ending at one commit side by side, left of it
cx(k) = column('x_b') - 0.14 * k
bs_skip = ", '' index 0 using 'x':(strcol('state') eq 'skip' ? 1 : NaN) with points pt 2 ps 1.5 lw 2 lc rgb '#9e9e9e' title 'skipped (did not build or run)'"
# a change's name at most 90 characters in the picture (the data keeps it
# whole), on the side of its circle the chart has room on
lab(s) = strlen(s) > 90 ? s[1:87] . '...' : s
lab_left(x, s) = x < n_x / 2.0 ? lab(s) : ''
lab_right(x, s) = x < n_x / 2.0 ? '' : lab(s)
bs_change = ", '' index 2 using 'x':'ratio' with points pt 6 ps 3.5 lw 2 lc rgb c_first title 'a change (confirmed)', \
  '' index 2 using 'x':'ratio':(lab_left(column('x'), stringcolumn('label'))) with labels left offset 1.8,1.2 font ',8' tc rgb c_first notitle, \
  '' index 2 using 'x':'ratio':(lab_right(column('x'), stringcolumn('label'))) with labels right offset -1.8,1.2 font ',8' tc rgb c_first notitle"
# a purpose's series only when it has a comparison (no empty plot, no warning)
bs_cmp = ""
do for [i=1:4] {
    stats 'bisect.dat' index 1 using (is(strcol('purpose'), i) ? 1 : 0) nooutput
    if (STATS_max > 0) {
        bs_cmp = bs_cmp . sprintf(", '' index 1 using (is(strcol('purpose'), %d) ? column('x_a') : NaN):'ratio':(cx(column('k')) - column('x_a')):(0) with vectors nohead lw 1 dt 3 lc rgb p_colour(%d) notitle", i, i) \
            . sprintf(", '' index 1 using (is(strcol('purpose'), %d) ? cx(column('k')) : NaN):'ratio':'lo':'hi' with yerrorbars pt 7 ps 1.2 lw 1.5 lc rgb p_colour(%d) title p_title(%d)", i, i, i)
    }
}
chart = 'bisect'
plot_cmd = "plot 'bisect.dat' index 0 using 'x':(1):xtic(stringcolumn('tick')) with points ps 0 notitle" \
  . bs_cmp . (any_skip ? bs_skip : "") . (any_change ? bs_change : "")
eval render
