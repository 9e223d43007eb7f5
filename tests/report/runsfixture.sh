#!/usr/bin/env bash
# tests/report/runsfixture.sh SRC DIR COLUMNS_TSV -- a copy of the results
# directory SRC (a page's run: cold, warm and loaded rows) as the harnesses
# write it now that every run goes through the launcher: DIR gains runs.csv,
# one row a process of SRC's samples.csv (its run_id), and runs-columns.tsv
# (COLUMNS_TSV: `coldload-run --list-columns`). Makes
# tests/fixtures/results-runs from tests/fixtures/results-procs:
#
#   tests/report/runsfixture.sh tests/fixtures/results-procs tests/fixtures/results-runs \
#       <(build/coldload-run --list-columns)
#
# A run's figures follow the page's: its wall time the calls' sum and 30 ms
# of start; its CPU time the calls at their idle speed (the same work: a
# run whose threads did not spin), 10 ms of start, at its width; under load
# the rest of its wall time is its cgroup waiting for a CPU (CPU pressure
# full: 95 % of it), so a slow cell of pinned load waits, and says so.
# Deterministic: re-made and diffed like the fixtures of fixture.sh.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 SRC DIR COLUMNS_TSV" >&2; exit 2; }
src=$1 dir=$2
mkdir -p "$dir"
cp -r "$src/." "$dir/"
cat "$3" >"$dir/runs-columns.tsv"
sed -i 's|^meta_written_by=.*|&; runs.csv by tests/report/runsfixture.sh|' "$dir/meta.txt"

awk -F, -v cols="$(tail -n +2 "$dir/runs-columns.tsv" | cut -f1 | paste -sd,)" '
NR == FNR {   # the first pass: each idle cell'"'"'s mean steady call
    if (FNR == 1) { for (i = 1; i <= NF; i++) c[$i] = i; next }
    if ($c["condition"] == "idle" && $c["phase"] == "steady") {
        k = $c["workload"] SUBSEP $c["width"]; idle_sum[k] += $c["ms"]; idle_n[k]++
    }
    next
}
FNR == 1 { next }
$c["harness"] == "warm" || $c["harness"] == "loaded" || $c["harness"] == "cold" {
    id = $c["run_id"]
    if (!(id in seen)) { seen[id] = 1; order[++n] = id
        for (t = split("timestamp host workload params width harness condition stressors copy load proc", ks, " "); t; t--)
            v[id, ks[t]] = $c[ks[t]]
    }
    sum[id] += $c["ms"]
    if ($c["phase"] != "prepare") calls[id]++
}
END {
    ncol = split(cols, name, ",")
    printf "%s,harness,condition,stressors,copy,load,proc\n", cols
    for (r = 1; r <= n; r++) {
        id = order[r]; w = v[id, "width"]; k = v[id, "workload"] SUBSEP w
        wall = sum[id] + 30
        cpu = (calls[id] * (idle_n[k] ? idle_sum[k] / idle_n[k] : 0) + 10) * w
        if (cpu > wall * w) cpu = wall * w
        full = v[id, "condition"] == "loaded" ? 0.95 * (wall - cpu / w) : 0
        f["timestamp"] = v[id, "timestamp"]; f["host"] = v[id, "host"]; f["run_id"] = id
        f["workload"] = v[id, "workload"]; f["params"] = v[id, "params"]; f["width"] = w
        f["width_requested"] = w; f["status"] = "ok"; f["exit_code"] = 0; f["signal"] = 0
        f["wall_ms"] = sprintf("%.3f", wall); f["user_ms"] = sprintf("%.3f", cpu * 0.9)
        f["sys_ms"] = sprintf("%.3f", cpu * 0.1); f["cpu_ms"] = sprintf("%.3f", cpu)
        f["minflt"] = 900; f["majflt"] = 0; f["left"] = 0; f["samples"] = 0; f["ncpus"] = 0
        f["censored"] = 0; f["method"] = "cgroup"; f["cg_cpu_ms"] = sprintf("%.3f", cpu)
        f["wait_some_ms"] = sprintf("%.3f", full * 1.02); f["wait_full_ms"] = sprintf("%.3f", full)
        line = ""
        for (i = 1; i <= ncol; i++) line = line (name[i] in f ? f[name[i]] : "") ","
        printf "%s%s,%s,%s,%s,%s,%s\n", line, v[id, "harness"], v[id, "condition"], v[id, "stressors"],
            v[id, "copy"], v[id, "load"], v[id, "proc"]
        delete f
    }
}' "$src/samples.csv" "$src/samples.csv" >"$dir/runs.csv"
