/* meta.c -- meta.txt's key=value lines (see meta.h). */
#include "model/meta.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/safefile.h"
#include "common/slurp.h"
#include "common/text.h"

#define META_FILE_MAX (256 * 1024) /* more is cut */

/* len bytes at p as one line of at most max bytes (common/text.h): a key or
 * value of a results directory's meta.txt is hostile text like any other,
 * and the harness writes its values escaped and at most 8192 bytes long
 * (cl_meta), so a longer one did not come from it. NULL: out of memory. */
static char *metaText(const char *p, size_t len, size_t max) {
    char *raw = strndup(p, len);
    if (!raw || (textIsOneLine(raw) && len <= max)) return raw;
    char *t = textOneLine(raw, max);
    free(raw);
    return t;
}

int metaRead(metaTable *m, const char *path, char *err, size_t errlen) {
    int trunc = 0;
    char why[SAFEFILE_WHY_MAX];
    memset(m, 0, sizeof(*m));
    m->text = slurpText(path, META_FILE_MAX, &trunc, why, sizeof why);
    if (!m->text) {
        if (errno != ENOENT) {
            int e = errno;
            snprintf(err, errlen, "%s: %s", path, why);
            errno = e; /* the loader tells a refused file from a failed read */
            return -1;
        }
        m->text = strdup("");
        return m->text ? 0 : -1;
    }
    size_t lines = 1;
    for (const char *p = m->text; *p; p++) lines += *p == '\n';
    m->keys = calloc(lines, sizeof(char *));
    m->vals = calloc(lines, sizeof(char *));
    if (!m->keys || !m->vals) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    for (const char *p = m->text; *p;) {
        size_t len = strcspn(p, "\n");
        const char *eq = memchr(p, '=', len);
        if (p[0] != '#' && eq && eq > p) {
            m->keys[m->n] = metaText(p, (size_t)(eq - p), META_KEY_MAX);
            m->vals[m->n] = metaText(eq + 1, len - (size_t)(eq - p) - 1, META_VALUE_MAX);
            if (!m->keys[m->n] || !m->vals[m->n]) {
                snprintf(err, errlen, "%s: out of memory", path);
                m->n++;
                return -1;
            }
            m->n++;
        }
        p += len + (p[len] == '\n');
    }
    return 0;
}

const char *metaGet(const metaTable *m, const char *key) {
    const char *v = NULL; /* the last one wins, as in a shell env file */
    for (size_t i = 0; i < m->n; i++)
        if (strcmp(m->keys[i], key) == 0) v = m->vals[i];
    return v;
}

void metaFree(metaTable *m) {
    for (size_t i = 0; i < m->n; i++) {
        free(m->keys[i]);
        free(m->vals[i]);
    }
    free(m->keys);
    free(m->vals);
    free(m->text);
    memset(m, 0, sizeof(*m));
}

/* The first of keys meta has a non-empty value for, or NULL. */
static const char *metaAny(const metaTable *m, const char *const *keys) {
    for (; *keys; keys++) {
        const char *v = metaGet(m, *keys);
        if (v && *v) return v;
    }
    return NULL;
}

char *metaMachine(const metaTable *m) {
    static const char *const host_k[] = {"host", "hostname", NULL};
    static const char *const cpu_k[] = {"cpu_model", "cpu", "model_name", NULL};
    static const char *const n_k[] = {"nproc", "cpus", "online_cpus", NULL};
    const char *host = metaAny(m, host_k), *cpu = metaAny(m, cpu_k), *n = metaAny(m, n_k);
    char *out;
    if (asprintf(&out, "%s%s%s%s%s%s", host ? host : "unknown host", cpu ? ": " : "",
                 cpu ? cpu : "", n ? ", " : "", n ? n : "", n ? " CPUs" : "") < 0)
        return NULL;
    return out;
}

/* --- LEGACY: the stopping rule's stops in meta's key names (stops.csv: model/stops) --- */

/* A count: digits only, at least one. */
static int metaCount(const char *s, size_t len, long *out) {
    if (len == 0 || len > 9) return -1;
    long v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return 0;
}

/* key "<harness>_stop_<load>_s<S>_<cell>_w<W>", value "P how" into *x
 * (strings allocated); -1 when it is not one, -2 when out of memory. */
const char *const metaStopHowName[META_STOP_N] = {"decided", "max", "fixed", "time", "settled"};

/* A stop's value, "P decided|max|fixed", into x's procs and how (the legacy
 * keys predate "time" and "settled": they never hold them). */
static int metaStopValue(const char *val, metaStop *x) {
    const char *sp = strchr(val, ' ');
    if (!sp || metaCount(val, (size_t)(sp - val), &x->procs)) return -1;
    int how = -1;
    for (int i = 0; i < META_STOP_TIME; i++)
        if (!strcmp(sp + 1, metaStopHowName[i])) how = i;
    if (how < 0) return -1;
    x->how = (metaStopHow)how;
    return 0;
}

static int metaStopParse(const char *key, const char *val, metaStop *x) {
    /* firstrun.sh's rounds, the whole job's stop: no cell, no width */
    if (!strcmp(key, "firstrun_stop")) {
        if (metaStopValue(val, x)) return -1;
        x->stressors = x->width = 0;
        x->harness = strdup("firstrun"), x->load = strdup("none"), x->cell = strdup("");
        if (!x->harness || !x->load || !x->cell) {
            free(x->harness), free(x->load), free(x->cell);
            return -2;
        }
        return 0;
    }
    const char *stop = strstr(key, "_stop_");
    if (!stop || stop == key) return -1;
    const char *load = stop + 6, *s = strstr(load, "_s");
    if (!s || s == load) return -1;
    const char *digits = s + 2, *cell = strchr(digits, '_');
    const char *w = strrchr(key, '_');
    if (!cell || !w || w <= cell || w[1] != 'w') return -1;
    cell++;
    if (metaCount(digits, (size_t)(cell - 1 - digits), &x->stressors) ||
        metaCount(w + 2, strlen(w + 2), &x->width) || w == cell)
        return -1;
    if (metaStopValue(val, x)) return -1;
    x->harness = strndup(key, (size_t)(stop - key));
    x->load = strndup(load, (size_t)(s - load));
    x->cell = strndup(cell, (size_t)(w - cell));
    if (!x->harness || !x->load || !x->cell) {
        free(x->harness), free(x->load), free(x->cell);
        return -2;
    }
    return 0;
}

static void metaStopFree(metaStop *x) {
    free(x->harness);
    free(x->load);
    free(x->cell);
}

int metaStopsRead(const metaTable *m, metaStops *out) {
    out->v = NULL;
    out->n = 0;
    if (!m || m->n == 0) return 0;
    out->v = calloc(m->n, sizeof *out->v);
    if (!out->v) return -1;
    for (size_t i = 0; i < m->n; i++) {
        /* the last of a key wins: a later line of it replaces this one */
        if (metaGet(m, m->keys[i]) != m->vals[i]) continue;
        metaStop x;
        int rc = metaStopParse(m->keys[i], m->vals[i], &x);
        if (rc == -2) goto err;
        if (rc == 0) out->v[out->n++] = x;
    }
    return 0;
err:
    metaStopsFree(out);
    return -1;
}

const metaStop *metaStopFind(const metaStops *s, const char *harness, const char *load,
                             long stressors, const char *cell, long width) {
    for (size_t i = 0; s && i < s->n; i++) {
        const metaStop *x = &s->v[i];
        if (x->stressors == stressors && x->width == width && !strcmp(x->harness, harness) &&
            !strcmp(x->load, load) && !strcmp(x->cell, cell))
            return x;
    }
    return NULL;
}

void metaStopsFree(metaStops *s) {
    for (size_t i = 0; i < s->n; i++) metaStopFree(&s->v[i]);
    free(s->v);
    s->v = NULL;
    s->n = 0;
}

const char *const metaJobNames[META_NJOBS] = {
    [META_JOB_REPORT] = "report", [META_JOB_COLD] = "cold",     [META_JOB_THREADS] = "threads",
    [META_JOB_AB] = "ab",         [META_JOB_BISECT] = "bisect", [META_JOB_HISTORY] = "history",
};

metaJob metaJobOf(const metaTable *m) {
    if (!m) return META_JOB_REPORT;
    const char *job = metaGet(m, "job");
    if (job) {
        for (int j = 0; j < META_NJOBS; j++)
            if (strcmp(job, metaJobNames[j]) == 0) return (metaJob)j;
        return META_JOB_REPORT;
    }
    return metaGet(m, "coldreport_command") && !metaGet(m, "report_command") ? META_JOB_COLD
                                                                             : META_JOB_REPORT;
}
