/* test_autotune.c -- --width auto's measured choice (src/engine/autotune.c):
 * the candidates are explored, interleaved and the widest first, before any
 * is chosen; the fastest is chosen, a wider one only when clearly faster;
 * the choice never leaves 1..bound; a bound of 1 explores nothing; a
 * candidate not run for a while is revisited once, and a revisit that beats
 * the choice makes it explored afresh (and chosen when it stays faster). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>

#include "engine/autotune.h"

/* Picks and records n calls at bound, each taking ms_at[width] and ending 1
 * ms after the last one (t advances); widths[] gets what was picked. */
static void drive(autotTable *t, int bound, const double *ms_at, int n, double *t_ms, int *widths) {
    for (int i = 0; i < n; i++) {
        int w = autotPick(t, bound, *t_ms);
        if (widths) widths[i] = w;
        *t_ms += ms_at[w];
        autotRecord(t, w, ms_at[w], *t_ms);
    }
}

static void exploresEveryCandidateBeforeChoosing(void **state) {
    (void)state;
    autotTable t;
    autotInit(&t);
    double ms_at[5] = {0, 5.0, 4.0, 6.0, 7.0}; /* width 2 is fastest */
    double now = 0;
    int w[12];
    drive(&t, 4, ms_at, 12, &now, w);
    /* candidates 1, 2, 4: the widest of the least-known first, interleaved */
    int want[12] = {4, 2, 1, 4, 2, 1, 4, 2, 1, 2, 2, 2};
    for (int i = 0; i < 12; i++) assert_int_equal(w[i], want[i]);
    assert_int_equal(t.explored, 9);
    assert_true(fabs(autotMedian(&t, 2) - 4.0) < 1e-12);
    assert_true(isnan(autotMedian(&t, 3))); /* not a candidate at bound 4 */
}

static void widerOnlyWhenClearlyFaster(void **state) {
    (void)state;
    autotTable t;
    autotInit(&t);
    double now = 0;
    /* width 2 is 2% faster: within the tie, width 1 is kept */
    double close[3] = {0, 5.0, 4.9};
    drive(&t, 2, close, 6, &now, NULL);
    assert_int_equal(autotPick(&t, 2, now), 1);
    autotInit(&t);
    now = 0;
    double clear[3] = {0, 5.0, 4.5}; /* 10% faster: chosen */
    drive(&t, 2, clear, 6, &now, NULL);
    assert_int_equal(autotPick(&t, 2, now), 2);
}

static void neverLeavesOneToBound(void **state) {
    (void)state;
    autotTable t;
    autotInit(&t);
    assert_int_equal(autotPick(&t, 0, 0), 1);
    assert_int_equal(autotPick(&t, -3, 0), 1);
    assert_int_equal(t.explored, 0); /* nothing to choose at 1 */
    for (int bound = 2; bound <= 12; bound++) {
        autotInit(&t);
        for (int i = 0; i < 40; i++) {
            int w = autotPick(&t, bound, i * 2000.0);
            assert_true(w >= 1 && w <= bound);
            autotRecord(&t, w, 1.0 + (w % 3), i * 2000.0 + 1);
        }
    }
    autotInit(&t);
    assert_true(autotPick(&t, POOL_MAX_WIDTH + 5, 0) <= POOL_MAX_WIDTH);
    /* the candidates of 12: 1 2 4 8 12, each explored 3 times, no other */
    autotInit(&t);
    double ms_at[13] = {0};
    for (int i = 1; i <= 12; i++) ms_at[i] = 1.0;
    double now = 0;
    int w[15];
    drive(&t, 12, ms_at, 15, &now, w);
    for (int i = 0; i < 15; i++)
        assert_true(w[i] == 1 || w[i] == 2 || w[i] == 4 || w[i] == 8 || w[i] == 12);
    assert_int_equal(t.w[8].n, 3);
    assert_int_equal(t.w[3].n, 0);
}

static void staleCandidateIsRevisitedAndWinsWhenFaster(void **state) {
    (void)state;
    autotTable t;
    autotInit(&t);
    double now = 0;
    double loaded[3] = {0, 5.0, 500.0}; /* width 2 slow (load) */
    drive(&t, 2, loaded, 6, &now, NULL);
    assert_int_equal(autotPick(&t, 2, now), 1);
    /* width 2 is due again only after 32 x 500 ms, not after 1 s */
    int w[200];
    drive(&t, 2, loaded, 200, &now, w); /* 200 x 5 ms = 1 s of width 1 */
    for (int i = 0; i < 200; i++) assert_int_equal(w[i], 1);
    now += AUTOT_REVISIT_CALLS * 500.0;
    /* the load is gone: width 2 now takes 3 ms */
    double idle[3] = {0, 5.0, 3.0};
    int r = autotPick(&t, 2, now);
    assert_int_equal(r, 2); /* the revisit */
    now += 3.0;
    autotRecord(&t, 2, 3.0, now);
    assert_int_equal(t.w[2].n, 1); /* its 500 ms times forgotten */
    drive(&t, 2, idle, 4, &now, w);
    /* explored afresh (2 more at width 2); then width 1's own revisit (it
     * too went unrun for 16 s), slower, so width 2 is chosen */
    assert_int_equal(w[0], 2);
    assert_int_equal(w[1], 2);
    assert_int_equal(w[2], 1);
    assert_int_equal(w[3], 2);
    assert_true(fabs(autotMedian(&t, 2) - 3.0) < 1e-12);
}

static void slowRevisitKeepsTheChoice(void **state) {
    (void)state;
    autotTable t;
    autotInit(&t);
    double now = 0;
    double ms_at[3] = {0, 5.0, 8.0};
    drive(&t, 2, ms_at, 6, &now, NULL);
    now += AUTOT_REVISIT_MS + 1;
    assert_int_equal(autotPick(&t, 2, now), 2); /* the revisit */
    autotRecord(&t, 2, 8.0, now + 8);
    assert_int_equal(t.w[2].n, 3); /* still slower: its times are kept */
    assert_int_equal(autotPick(&t, 2, now + 9), 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exploresEveryCandidateBeforeChoosing),
        cmocka_unit_test(widerOnlyWhenClearlyFaster),
        cmocka_unit_test(neverLeavesOneToBound),
        cmocka_unit_test(staleCandidateIsRevisitedAndWinsWhenFaster),
        cmocka_unit_test(slowRevisitKeepsTheChoice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
