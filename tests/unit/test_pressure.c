/* test_pressure.c -- CPU pressure while a group ran (model/pressure): the
 * growth of PSI's total between the probes meta.txt holds, in percent of
 * the wall time between them, per harness and per kind of load. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <cmocka.h>

#include "model/pressure.h"

static summaryGroup pressureGroup(char *harness, char *condition, char *load, char *stressors) {
    summaryGroup g;
    memset(&g, 0, sizeof g);
    g.harness = harness;
    g.key.condition = condition;
    summaryKeySetLoad(&g.key, load);
    g.key.stressors = stressors;
    return g;
}

static void anIdleGroupTakesItsHarnessProbes(void **state) {
    (void)state;
    char *keys[] = {"warm_start_utc", "warm_start_psi_cpu_some", "warm_end_utc",
                    "warm_end_psi_cpu_some"};
    char *vals[] = {"2026-12-02T10:00:00.000Z", "avg10=0.00 total=1000000",
                    "2026-12-02T10:00:10.000Z", "avg10=0.00 total=3000000"};
    metaTable m = {NULL, keys, vals, 4};
    summaryGroup g = pressureGroup("warm", "idle", "", "0");
    /* 2 s of pressure over 10 s of wall time */
    assert_true(fabs(pressureDuring(&m, &g) - 20.0) < 1e-9);
}

static void aLoadedGroupTakesItsKindOfLoadElseTheOlderKeys(void **state) {
    (void)state;
    char *keys[] = {"loaded_s2_established_utc", "loaded_s2_established_psi_cpu_some",
                    "loaded_s2_before_stop_utc", "loaded_s2_before_stop_psi_cpu_some"};
    char *vals[] = {"2026-12-02T10:00:00Z", "total=0", "2026-12-02T10:00:04Z", "total=1000000"};
    metaTable m = {NULL, keys, vals, 4};
    summaryGroup g = pressureGroup("loaded", "loaded", "pinned", "2");
    /* no loaded_pinned_s2_* probes: the older loaded_s2_* stand for every kind */
    assert_true(fabs(pressureDuring(&m, &g) - 25.0) < 1e-9);
}

static void missingProbesGiveNan(void **state) {
    (void)state;
    metaTable m = {NULL, NULL, NULL, 0};
    summaryGroup g = pressureGroup("warm", "idle", "", "0");
    assert_true(isnan(pressureDuring(&m, &g)));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(anIdleGroupTakesItsHarnessProbes),
        cmocka_unit_test(aLoadedGroupTakesItsKindOfLoadElseTheOlderKeys),
        cmocka_unit_test(missingProbesGiveNan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
