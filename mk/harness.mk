# mk/harness.mk -- the harnesses' make targets: the evict tool, the
# cold / warm / loaded runs and their bats tests.
#
#   make cold|warm|loaded [OUT=DIR] [WIDTHS="1 2"] [STRESSORS=S] [BUDGET=SECONDS] [QUICK=1]
#                         [LOAD=pinned|free|both] [PROCS=K] [SEED=N]
#                          one part of the report, and that directory's report (report.html,
#                          results.json, hyperfine.json), results/latest pointed at it
#   make cold BINARY=PROG [ARGS="..."] [OUT=DIR] [QUICK=1] [EXPORT_HYPERFINE=FILE]
#                          the cold starts of any program, and their report (report.html...)
#   HARNESS_ARGS="..."     more harness flags for any of them, after the variables' own
#   make harness-test      the bats suite (in `make test` with tests/report: bats-test)
#   make harness-long-test the cases that need a long real load (tests/long/)
#   make soak-test [SOAK_LOADED=20] [SOAK_REPORTS=3]
#                          interrupted runs (tests/soak/signals.sh); both in `make test-long`
#   make options-doc       docs/options.md's harness table from harness/lib/opttable.sh
#                          (tests/harness/options.bats fails when it is out of date)

# harness/lib/*.sh and harness/cold/*.sh are sourced, never run: shellcheck reads them on their own
# too (through the scripts it would not report a syntax error in them).
SHELL_SCRIPTS += $(wildcard harness/lib/*.sh harness/cold/*.sh) mk/run.sh

# The evict tool uses no layer at all: linked alone.
$(BUILD)/coldload-evict: $(BUILD)/obj/tools/coldload-evict.o
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@

# The probe reads what the workloads do (OpenBLAS, clock, placement): bench,
# engine and common, and BLAS for OpenBLAS's own answers.
$(BUILD)/coldload-probe: $(BUILD)/obj/tools/coldload-probe.o $(call lib,bench engine common)
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@ $(LDLIBS)

PROGRAMS += $(BUILD)/coldload-evict $(BUILD)/coldload-probe

# No shell reads a make variable's value: each is exported as it is
# ($(value ...): not even make expands a $ in it), a recipe names it as
# "$$COLDLOAD_MAKE_X" (one word, never parsed), and mk/run.sh, which starts
# every harness, splits HARNESS_ARGS and ARGS into words as the shell
# would, quotes kept, nothing expanded or run. MAKE_VALUES: the variables.
MAKE_VALUES := OUT WIDTHS EXPORT_HYPERFINE STRESSORS BUDGET LOAD PROCS SEED BINARY ARGS \
               CHECK_FILE A B RUNS SCAN TOTAL RESULTS HARNESS_ARGS
$(foreach v,$(MAKE_VALUES),$(eval export COLDLOAD_MAKE_$(v) = $$(value $(v))))
# set: the variable has a value (tested without expanding it)
set = $(if $(value $(1)),$(2))
# flag: --FLAG "$COLDLOAD_MAKE_VAR" when VAR is set
flag = $(call set,$(2),$(1) "$$COLDLOAD_MAKE_$(2)")

# Each make variable becomes the matching harness flag only when it is set,
# so the scripts' own defaults (and env overrides) apply otherwise. HARNESS_ARGS
# is the user's: more harness flags, after those of the variables
# (make threads QUICK=1 HARNESS_ARGS="--series-regex '...'" gives both):
# mk/run.sh puts them last. It is never the name of what the variables
# make: a HARNESS_ARGS on make's command line would replace it.
HARNESS_FLAGS = $(call flag,--out,OUT) $(call flag,--widths,WIDTHS) \
               $(call flag,--export-hyperfine,EXPORT_HYPERFINE) $(call flag,--stressors,STRESSORS) \
               $(call flag,--budget,BUDGET) $(if $(filter 1 yes true,$(QUICK)),--quick) \
               $(call flag,--load,LOAD) $(call flag,--procs,PROCS) $(call flag,--seed,SEED)

# warm, loaded (and firstrun): the part, then its directory's report
# (harness/part.sh), as every job ends: results/latest/report.html is that part's.
warm loaded: all
	bash mk/run.sh bash harness/part.sh $@ $(HARNESS_FLAGS)

# harness/coldreport.sh: the cold starts and their report; BINARY=PROG
# [ARGS="..."]: anyone's program. ARGS is split as the shell splits words,
# quotes kept, nothing expanded or run (mk/run.sh).
cold: all
	$(if $(value BINARY),bash mk/run.sh --args bash harness/coldreport.sh --binary "$$COLDLOAD_MAKE_BINARY" $(HARNESS_FLAGS),bash mk/run.sh bash harness/coldreport.sh $(HARNESS_FLAGS))

# Tells the harness the flags the binaries were built with (for meta.txt).
harness-print-cflags:
	@echo '$(BUILD_FLAGS)'

# Bats sets at once (tests/bats-beside.sh): the files whose jobs mostly sleep
# beside the rest, so the suite takes the longer of the two; make test's
# bats-test runs tests/report (fixtures, nothing timed) as a third set beside
# both, so make test takes the longest of three rather than their sum.
HARNESS_BESIDE := tests/harness/ab.bats tests/harness/ab_stop.bats tests/harness/bisect.bats \
                  tests/harness/history.bats tests/harness/runcg.bats
HARNESS_REST = $(filter-out $(HARNESS_BESIDE),$(sort $(wildcard tests/harness/*.bats)))
harness-test: all
	bash tests/bats-beside.sh $(HARNESS_BESIDE) -- $(HARNESS_REST)
bats-test: all
	bash tests/bats-beside.sh $(HARNESS_BESIDE) -- $(sort $(wildcard tests/report/*.bats)) -- $(HARNESS_REST)

# The cases that need a long real load (tests/long/: the full option-table
# parser check, long loaded and threads runs, a cold run at the defaults) and
# the interrupted-run soak, short: both in `make test-long`.
SOAK_LOADED ?= 20
SOAK_REPORTS ?= 3
harness-long-test: all
	bats tests/long
soak-test: all
	bash tests/soak/signals.sh -n $(SOAK_LOADED) -m $(SOAK_REPORTS)

options-doc:
	bash harness/optdoc.sh --write docs/options.md

test-all: bats-test
test-long-all: harness-long-test soak-test

.PHONY: cold warm loaded harness-print-cflags harness-test bats-test harness-long-test soak-test options-doc
