/* test_firstrun.c -- the first-run attribution (src/model/firstrun.c) from
 * tests/fixtures/results-firstrun/firstrun.csv, whose parts are known by
 * construction: per round i = 1..5, base/same totals 20 + 0.1 i ms (exec ->
 * main 8 + 0.1 i, main -> first 12), base/evicted 50 + 0.1 i, static 13 + 0.1 i
 * (dynamic linking 7), pool1 17 + 0.1 i but 16.5 in round 5 (pool 3, spread
 * 3..4), prefault's first call 1 ms below base's (first touch 1), bindnow
 * 1 ms above (lazy binding -1); every steady call 2 ms. So grad/same's extra
 * is 20.3 - 2 = 18.3 and its remainder 18.3 - 7 - 3 - 1 = 7.3; grad/evicted's
 * extra 48.3, its copy-kind part 30 and the same remainder. Also: the parts
 * add up, the chart's stack ends at the total, defects are file:line. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "doc/firstrundoc.h"
#include "export/firstrunchart.h"

#define FIXTURE "tests/fixtures/results-firstrun/firstrun.csv"
#define EPS 1e-9

static const firstrunCell *cellOf(const firstrun *fr, const char *w, const char *k) {
    for (size_t i = 0; i < fr->n; i++)
        if (!strcmp(fr->c[i].workload, w) && !strcmp(fr->c[i].kind, k)) return &fr->c[i];
    return NULL;
}

static void theFixturesPartsAreTheKnownOnes(void **state) {
    (void)state;
    firstrun fr;
    char err[256] = "";
    assert_int_equal(firstrunLoad(&fr, FIXTURE, err, sizeof err), 0);
    assert_int_equal(fr.n, 2);
    assert_int_equal(fr.procs, 30);
    /* same first: the order of the page */
    assert_string_equal(fr.c[0].kind, "same");
    assert_string_equal(fr.c[1].kind, "evicted");
    const firstrunCell *s = cellOf(&fr, "grad", "same"), *e = cellOf(&fr, "grad", "evicted");
    assert_non_null(s);
    assert_non_null(e);
    assert_string_equal(s->start_phase, "exec_to_main");
    assert_int_equal(s->total.n, 5);
    assert_true(fabs(s->total.median - 20.3) < EPS);
    assert_true(fabs(s->total.min - 20.1) < EPS && fabs(s->total.max - 20.5) < EPS);
    assert_true(fabs(s->exec_main.median - 8.3) < EPS);
    assert_true(fabs(s->main_first.median - 12) < EPS);
    assert_true(fabs(s->steady.median - 2) < EPS);
    assert_true(fabs(s->extra - 18.3) < EPS);
    assert_int_equal(s->part[FIRSTRUN_COPY].n, 0); /* same is the copy kinds' baseline */
    assert_true(isnan(s->part[FIRSTRUN_COPY].median));
    assert_int_equal(s->part[FIRSTRUN_DYNLINK].n, 5);
    assert_true(fabs(s->part[FIRSTRUN_DYNLINK].median - 7) < EPS);
    assert_true(fabs(s->part[FIRSTRUN_POOL].median - 3) < EPS);
    assert_true(fabs(s->part[FIRSTRUN_POOL].min - 3) < EPS);
    assert_true(fabs(s->part[FIRSTRUN_POOL].max - 4) < EPS);
    assert_true(fabs(s->part[FIRSTRUN_TOUCH].median - 1) < EPS);
    assert_true(fabs(s->part[FIRSTRUN_LAZY].median + 1) < EPS);
    assert_true(fabs(s->remainder - 7.3) < EPS);
    assert_true(fabs(e->total.median - 50.3) < EPS);
    assert_true(fabs(e->part[FIRSTRUN_COPY].median - 30) < EPS);
    assert_int_equal(e->part[FIRSTRUN_COPY].n, 5);
    /* the warm-binary parts are the same cell's, whatever the copy kind */
    assert_true(fabs(e->part[FIRSTRUN_DYNLINK].median - 7) < EPS);
    assert_true(fabs(e->remainder - 7.3) < EPS);
    /* parts + remainder = the measured extra, lazy binding not counted twice */
    for (size_t i = 0; i < fr.n; i++) {
        const firstrunCell *c = &fr.c[i];
        double sum = c->remainder;
        for (int p = 0; p < FIRSTRUN_PARTS; p++)
            if (c->part[p].n) sum += c->part[p].median;
        assert_true(fabs(sum - (c->total.median - c->steady.median)) < EPS);
    }
    firstrunFree(&fr);
}

/* The chart's segments: contiguous from 0, ending at the total. */
static void theStackEndsAtTheTotal(void **state) {
    (void)state;
    firstrun fr;
    char err[256], line[1024], label[64];
    assert_int_equal(firstrunLoad(&fr, FIXTURE, err, sizeof err), 0);
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(firstrunchartWriteDat(&fr, f), 0);
    rewind(f);
    size_t rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || !strncmp(line, "idx ", 4)) continue; /* comments, the column names */
        double v[1 + 2 * (FIRSTRUN_PARTS + 2)];
        int idx, off, n = sscanf(line, "%d %63s %n", &idx, label, &off);
        assert_int_equal(n, 2);
        char *p = line + off;
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
            char *end;
            v[k] = strtod(p, &end);
            assert_true(end != p);
            p = end;
        }
        double up = 0;
        for (int s = 0; s < FIRSTRUN_PARTS + 2; s++) {
            assert_true(fabs(v[1 + 2 * s] - up) < 1e-4); /* no negative segment in the fixture */
            up = v[2 + 2 * s];
        }
        assert_true(fabs(up - v[0]) < 1e-4);
        rows++;
    }
    assert_int_equal(rows, 2);
    fclose(f);
    firstrunFree(&fr);
}

static void writeFile(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void defectsAreFileAndLine(void **state) {
    (void)state;
    firstrun fr;
    char err[256], path[] = "/tmp/coldload-test-firstrun-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    writeFile(path, "workload,phase,ms,variant,copy,proc\ngrad,first,1,base,same,1\n");
    assert_int_equal(firstrunLoad(&fr, path, err, sizeof err), -1);
    assert_non_null(strstr(err, ":1: no column 'params'"));
    writeFile(path,
              "workload,params,phase,ms,variant,copy,proc\ngrad,n=1,first,soon,base,same,1\n");
    assert_int_equal(firstrunLoad(&fr, path, err, sizeof err), -1);
    assert_non_null(strstr(err, ":2: ms 'soon' is not a number"));
    writeFile(path, "workload,params,phase,ms,variant,copy,proc\ngrad,n=1,first,1,base\n");
    assert_int_equal(firstrunLoad(&fr, path, err, sizeof err), -1);
    assert_non_null(strstr(err, ":2: 5 fields, the header has 7"));
    /* no base process: no cell, and no part without its pair */
    writeFile(path, "workload,params,phase,ms,variant,copy,proc\ngrad,n=1,first,1,static,same,1\n");
    assert_int_equal(firstrunLoad(&fr, path, err, sizeof err), 0);
    assert_int_equal(fr.n, 0);
    firstrunFree(&fr);
    unlink(path);
    assert_int_equal(firstrunLoad(&fr, path, err, sizeof err), 0); /* absent: nothing */
    assert_int_equal(fr.n, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(theFixturesPartsAreTheKnownOnes),
        cmocka_unit_test(theStackEndsAtTheTotal),
        cmocka_unit_test(defectsAreFileAndLine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
