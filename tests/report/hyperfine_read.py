#!/usr/bin/env python3
"""tests/report/hyperfine_read.py -- reads a hyperfine JSON export the way
hyperfine's own scripts (sharkdp/hyperfine, scripts/) read it, with the
standard library only: Debian's hyperfine package ships none of them, and
they need matplotlib, numpy and scipy, which are not here. Each subcommand
is one script's reading, then what it computes from what it read, so that a
file they would choke on (a missing key, a string for a number, an empty
list of times, two results for welch) fails here too:

  whisker FILE [--sort-by median] [--labels A,B]
        plot_whisker.py: labels from results[].command (or --labels), the
        boxes from results[].times, sorted by results[].median; prints each
        box (label, runs, lower quartile, median, upper quartile, whiskers)
  histogram FILE    plot_histogram.py: results[].times and command, the bins
  progression FILE  plot_progression.py: results[].times in run order
  parametrized FILE... [--parameter-name NAME]
                    plot_parametrized.py: each result's one parameter (its
                    name the same in every result and file) as a number, the
                    x of an error bar of mean +- stddev; with --parameter-name,
                    as its older versions read it: that parameter of each
                    result, as a number, others beside it ignored; prints the
                    name, then x, mean and stddev per result
  welch FILE        welch_ttest.py: exactly two results, their commands and
                    times; Welch's t and its degrees of freedom
  stats FILE        advanced_statistics.py: each command's times, their
                    mean, stddev (ddof 1), median, min, max and percentiles;
                    also checks that the file's own mean, stddev, median,
                    min and max are those of its times (hyperfine writes them
                    so)

Exit 0 when read, 1 with a message when the file is not what the script
expects. Percentiles as numpy's default (linear interpolation)."""

import json
import math
import statistics
import sys


def fail(msg):
    print("hyperfine_read: " + msg, file=sys.stderr)
    sys.exit(1)


def load(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    results = doc["results"]
    if not isinstance(results, list) or not results:
        fail("results: not a list of results")
    return results


def times_of(b):
    ts = b["times"]
    if not isinstance(ts, list) or not ts:
        fail("%r: times is not a list of numbers" % b.get("command"))
    for t in ts:
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t):
            fail("%r: a time %r is not a number" % (b.get("command"), t))
    return [float(t) for t in ts]


def command_of(b):
    c = b["command"]
    if not isinstance(c, str):
        fail("command %r is not a string" % (c,))
    return c


def percentile(ts, p):
    """numpy.percentile(ts, p), method 'linear'."""
    s = sorted(ts)
    k = (len(s) - 1) * p / 100.0
    lo = math.floor(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def whisker(path, args):
    results = load(path)
    labels = [command_of(b) for b in results]
    if "--labels" in args:
        labels = args[args.index("--labels") + 1].split(",")
    times = [times_of(b) for b in results]
    if "--sort-by" in args and args[args.index("--sort-by") + 1] == "median":
        medians = [b["median"] for b in results]
        order = sorted(range(len(labels)), key=lambda k: medians[k])
        labels = [labels[i] for i in order]
        times = [times[i] for i in order]
    if len(labels) != len(times):
        fail("%d labels for %d boxes" % (len(labels), len(times)))
    for label, ts in zip(labels, times):
        q1, med, q3 = percentile(ts, 25), percentile(ts, 50), percentile(ts, 75)
        iqr = q3 - q1
        lo = min(t for t in ts if t >= q1 - 1.5 * iqr)
        hi = max(t for t in ts if t <= q3 + 1.5 * iqr)
        print("%s\t%d\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g" % (label, len(ts), q1, med, q3, lo, hi))


def histogram(path):
    results = load(path)
    for b in results:
        ts = times_of(b)
        lo, hi = min(ts), max(ts)
        bins = 25
        width = (hi - lo) / bins or 1.0
        counts = [0] * bins
        for t in ts:
            counts[min(int((t - lo) / width), bins - 1)] += 1
        print("%s\t%s" % (command_of(b), " ".join(map(str, counts))))


def progression(path):
    for b in load(path):
        ts = times_of(b)
        print("%s\t%s" % (command_of(b), " ".join("%d:%.9g" % (i, t) for i, t in enumerate(ts))))


def number(v, what):
    if isinstance(v, bool) or not isinstance(v, (int, float, str)):
        fail("%s: %r is not a number" % (what, v))
    try:
        x = float(v)
    except ValueError:
        fail("%s: %r is not a number" % (what, v))
    if not math.isfinite(x):
        fail("%s: %r is not a finite number" % (what, v))
    return x


def parametrized(paths, args):
    given = args[args.index("--parameter-name") + 1] if "--parameter-name" in args else None
    name = None
    for path in paths:
        for b in load(path):
            params = b.get("parameters", {})
            if given is not None:
                this, value = given, params[given]
            else:
                if len(params) != 1:
                    fail("%r: exactly one parameter wanted, found %r" % (command_of(b), sorted(params)))
                [(this, value)] = params.items()
            if name is not None and this != name:
                fail("parameter names differ: %r and %r" % (name, this))
            name = this
            x = number(value, "%r: parameter %s" % (command_of(b), this))
            mean = number(b["mean"], "%r: mean" % command_of(b))
            sd = number(b["stddev"], "%r: stddev" % command_of(b))
            print("%.9g\t%.9g\t%.9g" % (x, mean, sd))
    print("x: %s" % name)


def welch(path):
    results = load(path)
    if len(results) != 2:
        print("The input file has to contain exactly two benchmarks")
        sys.exit(1)
    a, b = [command_of(x) for x in results[:2]]
    X, Y = [times_of(x) for x in results[:2]]
    if len(X) < 2 or len(Y) < 2:
        fail("Welch's t needs two runs on each side")
    vx, vy = statistics.variance(X) / len(X), statistics.variance(Y) / len(Y)
    if vx + vy == 0:
        fail("both sides without variance")
    t = (statistics.fmean(X) - statistics.fmean(Y)) / math.sqrt(vx + vy)
    df = (vx + vy) ** 2 / (vx ** 2 / (len(X) - 1) + vy ** 2 / (len(Y) - 1))
    print("Command 1: {}".format(a))
    print("Command 2: {}".format(b))
    print("t = {:.6g}, df = {:.6g}".format(t, df))


def close(a, b):
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def stats(path):
    for b in load(path):
        command, ts = command_of(b), times_of(b)
        mean, median = statistics.fmean(ts), statistics.median(ts)
        sd = statistics.stdev(ts) if len(ts) > 1 else None
        for key, want in (("mean", mean), ("median", median), ("min", min(ts)), ("max", max(ts))):
            if not close(b[key], want):
                fail("%r: %s %r, its times say %r" % (command, key, b[key], want))
        if (sd is None) != (b["stddev"] is None) or (sd is not None and not close(b["stddev"], sd)):
            fail("%r: stddev %r, its times say %r" % (command, b["stddev"], sd))
        print("Command '{}'".format(command))
        print("  runs:   {:8d}".format(len(ts)))
        print("  mean:   {:8.3f} s".format(mean))
        print("  stddev: {} s".format("{:8.3f}".format(sd) if sd is not None else "     n/a"))
        print("  median: {:8.3f} s".format(median))
        print("  min:    {:8.3f} s".format(min(ts)))
        print("  max:    {:8.3f} s".format(max(ts)))
        print("  P_05 .. P_95: {:.3f} s .. {:.3f} s".format(percentile(ts, 5), percentile(ts, 95)))


def main(argv):
    if len(argv) < 3:
        fail("usage: hyperfine_read.py whisker|histogram|progression|parametrized|welch|stats FILE [...]")
    what, path, rest = argv[1], argv[2], argv[3:]
    try:
        if what == "parametrized":
            parametrized([path] + [a for a in rest if not a.startswith("--")
                                   and (rest.index(a) == 0 or rest[rest.index(a) - 1] != "--parameter-name")], rest)
        elif what == "whisker":
            whisker(path, rest)
        elif what == "histogram":
            histogram(path)
        elif what == "progression":
            progression(path)
        elif what == "welch":
            welch(path)
        elif what == "stats":
            stats(path)
        else:
            fail("unknown reading %r" % what)
    except (KeyError, TypeError, ValueError) as e:
        fail("%s: %s: %r" % (path, type(e).__name__, e))


if __name__ == "__main__":
    main(sys.argv)
