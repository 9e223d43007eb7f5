/* pressure.c -- the CPU pressure (PSI "some") a group's harness ran under,
 * from the probes meta.txt holds (see pressure.h). It reads meta.txt's
 * figures, not the report's: the summarizer and compare both need it, so it
 * lives with the model, below the documents. */
#include "model/pressure.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/num.h"

/* "2026-12-02T18:31:12.834Z" -> seconds since the epoch, or NAN. */
static double pressureUtc(const char *v) {
    struct tm tm;
    double sec;
    int n = 0;
    memset(&tm, 0, sizeof tm);
    if (!v ||
        sscanf(v, "%4d-%2d-%2dT%2d:%2d:%lf%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
               &tm.tm_min, &sec, &n) != 6 ||
        !(sec >= 0 && sec < 61))
        return NAN;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    return (double)timegm(&tm) + sec;
}

/* The total= field of a PSI line ("avg10=0.00 ... total=123"), microseconds. */
static double pressureTotal(const char *v) {
    const char *p = v ? strstr(v, "total=") : NULL;
    char *end;
    if (!p) return NAN;
    double t = strtod(p + 6, &end);
    return end == p + 6 ? NAN : t;
}

/* meta's value of "<prefix><mid><suffix>" (the key built in full: a long
 * stressors or harness tag never cuts it into another key), or NULL. */
static const char *pressureMetaKey(const metaTable *m, const char *prefix, const char *mid,
                                   const char *suffix) {
    char *k;
    if (asprintf(&k, "%s%s%s", prefix, mid, suffix) < 0) return NULL;
    const char *v = metaGet(m, k);
    free(k);
    return v;
}

/* CPU pressure between the probes <pre><mid><a>_* and <pre><mid><b>_*, in
 * percent of the wall time between them; NAN when either is missing. */
static double pressureBetween(const metaTable *m, const char *pre, const char *mid, const char *a,
                              const char *b) {
    char sa[64], sb[64];
    snprintf(sa, sizeof sa, "%s_utc", a);
    snprintf(sb, sizeof sb, "%s_utc", b);
    double t0 = pressureUtc(pressureMetaKey(m, pre, mid, sa));
    double t1 = pressureUtc(pressureMetaKey(m, pre, mid, sb));
    snprintf(sa, sizeof sa, "%s_psi_cpu_some", a);
    snprintf(sb, sizeof sb, "%s_psi_cpu_some", b);
    double p0 = pressureTotal(pressureMetaKey(m, pre, mid, sa));
    double p1 = pressureTotal(pressureMetaKey(m, pre, mid, sb));
    if (isnan(t0) || isnan(t1) || isnan(p0) || isnan(p1) || t1 - t0 < 0.1 || p1 < p0) return NAN;
    double pct = (p1 - p0) / ((t1 - t0) * 1e6) * 100;
    return pct > 100 ? 100 : pct;
}

double pressureDuring(const metaTable *m, const summaryGroup *g) {
    if (summaryIsLoaded(g) && g->key.stressors[0]) {
        /* loaded.sh probes each kind of load apart, loaded_<load>_s<S>_*;
         * results from before the kinds have one load, loaded_s<S>_*, which
         * stands for every kind when the per-kind probes are absent. */
        double pct = NAN;
        char *pre = NULL;
        if (g->key.load[0] && asprintf(&pre, "loaded_%s_s", g->key.load) >= 0) {
            pct = pressureBetween(m, pre, g->key.stressors, "_established", "_before_stop");
            free(pre);
        }
        return isnan(pct) ? pressureBetween(m, "loaded_s", g->key.stressors, "_established",
                                            "_before_stop")
                          : pct;
    }
    return g->harness[0] ? pressureBetween(m, "", g->harness, "_start", "_end") : NAN;
}

/* meta's <harness><suffix> as a number >= 0, or NAN (absent, or not one) */
static double pressureMetaMs(const metaTable *m, const char *harness, const char *suffix) {
    double v;
    return numDouble(pressureMetaKey(m, "", harness, suffix), 0, 1e15, &v) ? NAN : v;
}

/* CPUs other tasks kept busy between the probes <harness><a>_* and
 * <harness><b>_*, the harness's own CPU time between them <harness><own>;
 * NAN when a key is missing (*probed 0) or the probes lie less than
 * PRESSURE_OTHERS_MIN_S apart (*probed 1): /proc/stat counts 10 ms ticks
 * per CPU, a few of them over a short level would read as a busy CPU. */
#define PRESSURE_OTHERS_MIN_S 1.0
static double pressureOthersBetween(const metaTable *m, const char *harness, const char *a,
                                    const char *b, const char *own_key, int *probed) {
    char k[64];
    snprintf(k, sizeof k, "%s_utc", a);
    double t0 = pressureUtc(pressureMetaKey(m, "", harness, k));
    snprintf(k, sizeof k, "%s_cpu_busy_ms", a);
    double b0 = pressureMetaMs(m, harness, k);
    snprintf(k, sizeof k, "%s_utc", b);
    double t1 = pressureUtc(pressureMetaKey(m, "", harness, k));
    snprintf(k, sizeof k, "%s_cpu_busy_ms", b);
    double b1 = pressureMetaMs(m, harness, k);
    double own = pressureMetaMs(m, harness, own_key);
    *probed = !(isnan(t0) || isnan(t1) || isnan(b0) || isnan(b1) || isnan(own));
    if (!*probed || t1 - t0 < PRESSURE_OTHERS_MIN_S || b1 < b0) return NAN;
    return (b1 - b0 - own) / ((t1 - t0) * 1e3);
}

double pressureOthersCpus(const metaTable *m, const summaryGroup *g, int *probed) {
    *probed = 0;
    if (!summaryIsIdle(g) || !g->harness[0]) return NAN;
    /* a job with idle and loaded levels (threads.sh) closes its idle one
     * apart, before its summary; a harness that is idle throughout, its run */
    double o = pressureOthersBetween(m, g->harness, "_idle_start", "_idle_end", "_idle_own_cpu_ms",
                                     probed);
    return *probed ? o
                   : pressureOthersBetween(m, g->harness, "_start", "_end", "_own_cpu_ms", probed);
}
