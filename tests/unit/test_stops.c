/* test_stops.c -- the stopping rule's stops read as data (model/stops):
 * stops.csv by column name, a later row of a cell winning, a level's row
 * left out, a defect said as file:line; meta.txt's legacy stop keys read
 * after the table, its rows winning over them. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "model/stops.h"

/* A fresh directory holding stops.csv with text (NULL: none). */
static char *stopsDir(const char *text) {
    char *dir = strdup("/tmp/test_stops.XXXXXX");
    assert_non_null(mkdtemp(dir));
    if (text) {
        char path[256];
        snprintf(path, sizeof path, "%s/" STOPS_FILE, dir);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs(text, f);
        fclose(f);
    }
    return dir;
}

static void stopsDirFree(char *dir) {
    char path[256];
    snprintf(path, sizeof path, "%s/" STOPS_FILE, dir);
    unlink(path);
    rmdir(dir);
    free(dir);
}

static void theTableByNameALaterRowWinsALevelLeftOut(void **state) {
    (void)state;
    /* columns in another order, one more the reader does not know */
    char *dir = stopsDir("how,harness,load,stressors,cell,width,procs,note\n"
                         "decided,loaded,pinned,2,grad,2,3,x\n"
                         "max,loaded,free,2,trgload,1,7,\n"
                         "fixed,threads,none,0,,,3,\n"
                         "time,ab,none,0,ab,0,41,\n"
                         "decided,loaded,pinned,2,grad,2,4,\n");
    metaTable m = {"", NULL, NULL, 0};
    metaStops s;
    char err[256] = "";
    assert_int_equal(stopsRead(&s, dir, &m, err, sizeof err), 0);
    assert_int_equal(s.n, 3);
    const metaStop *x = metaStopFind(&s, "loaded", "pinned", 2, "grad", 2);
    assert_non_null(x);
    assert_int_equal(x->procs, 4);
    assert_int_equal(x->how, META_STOP_DECIDED);
    x = metaStopFind(&s, "loaded", "free", 2, "trgload", 1);
    assert_non_null(x);
    assert_int_equal(x->how, META_STOP_MAX);
    /* ab.sh's stop at its time budget */
    x = metaStopFind(&s, "ab", "none", 0, "ab", 0);
    assert_non_null(x);
    assert_int_equal(x->procs, 41);
    assert_int_equal(x->how, META_STOP_TIME);
    metaStopsFree(&s);
    stopsDirFree(dir);
}

static void aDefectIsFileAndLine(void **state) {
    (void)state;
    const char *bad[] = {
        "harness,load,stressors,cell,width,procs,how\nloaded,pinned,2,grad,2,5,maybe\n",
        "harness,load,stressors,cell,width,procs,how\nloaded,pinned,2,grad,w2,5,max\n",
        "harness,load,stressors,cell,width,procs\nloaded,pinned,2,grad,2,5\n"};
    const char *what[] = {":2: how 'maybe'", ":2: width 'w2'",
                          ":1: the header has no column 'how'"};
    for (size_t i = 0; i < 3; i++) {
        char *dir = stopsDir(bad[i]);
        metaStops s;
        char err[256] = "";
        assert_int_equal(stopsRead(&s, dir, NULL, err, sizeof err), -1);
        assert_int_equal(s.n, 0);
        assert_non_null(strstr(err, STOPS_FILE));
        assert_non_null(strstr(err, what[i]));
        stopsDirFree(dir);
    }
}

/* LEGACY: results from before stops.csv keep their stops in meta's key
 * names; with a table too (a newer run appended), a cell's row wins. */
static void theLegacyKeysReadAfterTheTable(void **state) {
    (void)state;
    char *keys[] = {"loaded_stop_pinned_s2_grad_w2", "warm_stop_none_s0_svdvals_w1"};
    char *vals[] = {"3 decided", "5 fixed"};
    metaTable m = {"", keys, vals, 2};
    char err[256] = "";
    metaStops s;
    char *dir = stopsDir(NULL);
    assert_int_equal(stopsRead(&s, dir, &m, err, sizeof err), 0);
    assert_int_equal(s.n, 2);
    assert_int_equal(metaStopFind(&s, "loaded", "pinned", 2, "grad", 2)->procs, 3);
    metaStopsFree(&s);
    stopsDirFree(dir);
    dir = stopsDir("harness,load,stressors,cell,width,procs,how\nloaded,pinned,2,grad,2,7,max\n");
    assert_int_equal(stopsRead(&s, dir, &m, err, sizeof err), 0);
    assert_int_equal(s.n, 2);
    assert_int_equal(metaStopFind(&s, "loaded", "pinned", 2, "grad", 2)->procs, 7);
    assert_int_equal(metaStopFind(&s, "warm", "none", 0, "svdvals", 1)->how, META_STOP_FIXED);
    metaStopsFree(&s);
    stopsDirFree(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(theTableByNameALaterRowWinsALevelLeftOut),
        cmocka_unit_test(aDefectIsFileAndLine),
        cmocka_unit_test(theLegacyKeysReadAfterTheTable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
