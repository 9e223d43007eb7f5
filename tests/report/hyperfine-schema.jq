# tests/report/hyperfine-schema.jq -- what a hyperfine JSON export
# (hyperfine --export-json, 1.x) holds, as hyperfine.json must hold it
# (docs/json.md#hyperfinejson); `jq -e -f` exits non-zero when it does not.
# Besides hyperfine's own keys: user and system may be null (coldload did not
# measure the CPU time of a call), an exit code null (a run ended by a
# signal, as hyperfine writes it), and the coldload_ keys, each as long as
# times where it is per run. parameters, where a width was set, holds one,
# the width as a number (plot_parametrized.py reads exactly one, as a
# number); a cell without a width has none, as hyperfine writes a command it
# did not scan. The cell's parts in words are coldload_parameters.
def num: type == "number";
def nonneg: num and . >= 0;
(keys == ["results"]) and (.results | type == "array" and length > 0) and
(.results | all(
    (.command | type == "string" and length > 0)
    and (.mean | nonneg) and (.median | nonneg) and (.min | nonneg) and (.max | nonneg)
    and ((.stddev | nonneg) or (.stddev == null and (.times | length) == 1))
    and ((.user | nonneg) or .user == null) and ((.system | nonneg) or .system == null)
    and (.times | type == "array" and length > 0 and all(nonneg))
    and (.exit_codes | type == "array" and all(. == null or num))
    and ((.exit_codes | length) == (.times | length))
    and ((has("parameters") | not) or (.parameters | type == "object" and keys == ["width"] and (.width | test("^[1-9][0-9]*$"))))
    and (.coldload_parameters | type == "object" and ([.[] | type == "string"] | all))
    and (.min <= .median and .median <= .max and .min <= .mean and .mean <= .max)
    and (.coldload_time | type == "string")
    and (.coldload_censored | type == "array" and all(. == 0 or . == 1))
    and ((.coldload_censored | length) == (.times | length))
    and (.coldload_failed | type == "number")
    and (.coldload_key | type == "object")
))
