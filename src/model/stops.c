/* stops.c -- stops.csv, the stopping rule's stops as rows, with meta.txt's
 * legacy stop keys after them (see stops.h). */
#include "model/stops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/num.h"
#include "model/csvread.h"

enum { ST_HARNESS, ST_LOAD, ST_STRESSORS, ST_CELL, ST_WIDTH, ST_PROCS, ST_HOW, ST_N };

typedef struct stopsCtx {
    metaStops *out;
    size_t cap;
    int nomem; /* a row ran out of memory */
} stopsCtx;

static void stopsFreeOne(metaStop *x) {
    free(x->harness), free(x->load), free(x->cell);
    x->harness = x->load = x->cell = NULL;
}

/* x into the stops (its strings taken): a new cell's appended; an earlier
 * stop of its cell replaced when replace (a later row of the table), else
 * x is dropped (a legacy key of a cell the table has). 0, or -1 out of
 * memory (x's strings freed). */
static int stopsPut(stopsCtx *c, metaStop x, int replace) {
    metaStops *s = c->out;
    const metaStop *y = metaStopFind(s, x.harness, x.load, x.stressors, x.cell, x.width);
    if (y) {
        metaStop *at = &s->v[y - s->v];
        if (!replace) {
            stopsFreeOne(&x);
            return 0;
        }
        stopsFreeOne(at);
        *at = x;
        return 0;
    }
    if (s->n == c->cap) {
        size_t nc = c->cap ? 2 * c->cap : 16;
        metaStop *nv = realloc(s->v, nc * sizeof *nv);
        if (!nv) {
            stopsFreeOne(&x);
            return -1;
        }
        s->v = nv, c->cap = nc;
    }
    s->v[s->n++] = x;
    return 0;
}

static int stopsRow(void *ctx, char **f, const csvCol *cols, const char *where, char *err,
                    size_t errlen) {
    const char *harness = csvColField(f, &cols[ST_HARNESS]), *load = csvColField(f, &cols[ST_LOAD]);
    const char *cell = csvColField(f, &cols[ST_CELL]), *width = csvColField(f, &cols[ST_WIDTH]);
    const char *how = csvColField(f, &cols[ST_HOW]);
    int h = -1;
    for (int i = 0; i < META_STOP_N; i++)
        if (!strcmp(how, metaStopHowName[i])) h = i;
    if (h < 0) {
        snprintf(err, errlen, "%s: how '%.40s': expected decided, max, fixed or time", where, how);
        return -1;
    }
    /* a whole level's stop (threads.sh): no cell's; firstrun.sh's, its whole
     * job's, is kept as the stop of cell "" at width 0 */
    int job = !*cell && !*width && !strcmp(harness, "firstrun");
    if (!*cell && !*width && !job) return 0;
    metaStop x = {NULL, NULL, NULL, 0, 0, 0, (metaStopHow)h};
    if (!*harness || !*load || (!*cell && !job)) {
        snprintf(err, errlen, "%s: an empty %s", where,
                 !*harness ? "harness"
                 : !*load  ? "load"
                           : "cell");
        return -1;
    }
    const char *counts[] = {csvColField(f, &cols[ST_STRESSORS]), job ? "0" : width,
                            csvColField(f, &cols[ST_PROCS])};
    long *vals[] = {&x.stressors, &x.width, &x.procs};
    static const char *const names[] = {"stressors", "width", "procs"};
    for (size_t i = 0; i < 3; i++)
        if (numLong(counts[i], 0, 1000000000L, vals[i]) != 0) {
            snprintf(err, errlen, "%s: %s '%.40s': expected a count", where, names[i], counts[i]);
            return -1;
        }
    stopsCtx *c = ctx;
    x.harness = strdup(harness), x.load = strdup(load), x.cell = strdup(cell);
    if (!x.harness || !x.load || !x.cell) {
        stopsFreeOne(&x);
        c->nomem = 1;
    } else if (stopsPut(c, x, 1) != 0) {
        c->nomem = 1;
    }
    if (c->nomem) snprintf(err, errlen, "%s: out of memory", where);
    return c->nomem ? -1 : 0;
}

int stopsRead(metaStops *out, const char *dir, const metaTable *m, char *err, size_t errlen) {
    char path[4096];
    struct stat st;
    out->v = NULL;
    out->n = 0;
    if ((size_t)snprintf(path, sizeof path, "%s/" STOPS_FILE, dir) >= sizeof path) {
        snprintf(err, errlen, "%s: path too long", dir);
        return -1;
    }
    stopsCtx c = {out, 0, 0};
    if (lstat(path, &st) == 0) { /* a link or a FIFO there is the reader's to refuse */
        csvCol cols[ST_N] = {{"harness", 1, -1}, {"load", 1, -1},  {"stressors", 1, -1},
                             {"cell", 1, -1},    {"width", 1, -1}, {"procs", 1, -1},
                             {"how", 1, -1}};
        if (csvReadByName(&c, path, cols, ST_N, stopsRow, err, errlen) != 0) {
            metaStopsFree(out);
            return c.nomem ? -2 : -1;
        }
    }
    /* LEGACY: the stops of results from before stops.csv, in meta's key names */
    metaStops old;
    if (metaStopsRead(m, &old) != 0) {
        metaStopsFree(out);
        return -2;
    }
    int rc = 0;
    for (size_t i = 0; i < old.n && rc == 0; i++) {
        rc = stopsPut(&c, old.v[i], 0) != 0 ? -2 : 0;
        old.v[i].harness = old.v[i].load = old.v[i].cell = NULL; /* taken */
    }
    metaStopsFree(&old);
    if (rc) metaStopsFree(out);
    return rc;
}
