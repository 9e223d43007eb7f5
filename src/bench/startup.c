/* startup.c -- from parsed common options to a running engine (see startup.h). */
#include "bench/startup.h"

#include "bench/banner.h"
#include "engine/linalg.h"

#include <stdio.h>
#include <stdlib.h>

int startupBegin(optsCommon *c, csvWriter **csv, pool **engine) {
    char err[512];
    *csv = NULL;
    *engine = NULL;
    /* The harness compares an existing samples.csv's whole header with this
     * before it measures (one row layout per file), not only its tags. */
    if (c->csv_header) {
        char *h = csvHeaderFor(c->tags, c->ntags);
        if (!h) return optsError("out of memory"), 1;
        puts(h);
        free(h);
        exit(0);
    }
    if (c->csv && !(*csv = csvWriterOpen(c->csv, c->tags, c->ntags, err, sizeof err))) {
        optsError("%s", err);
        return OPTS_EXIT_USAGE;
    }
    autowResolve(&c->width);
    if (c->no_tune) c->width.tune = 0;
    if (!(*engine = poolCreate(c->width.cap, c->wait))) {
        optsError("cannot start an engine of width %d", c->width.cap);
        csvWriterClose(*csv);
        *csv = NULL;
        return 1;
    }
    linalgSetThreads(c->width.cap);
    bannerPrint(stdout, optsProg, &c->width, c->wait);
    return 0;
}

void startupEnd(csvWriter *csv, pool *engine) {
    poolDelete(engine);
    csvWriterClose(csv);
}
