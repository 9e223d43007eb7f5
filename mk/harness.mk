# mk/harness.mk -- the harnesses' make targets: the evict tool, the
# cold / warm / loaded runs and their bats tests.
#
#   make cold|warm|loaded [OUT=DIR] [WIDTHS="1 2"] [STRESSORS=S] [BUDGET=SECONDS] [QUICK=1]
#                         [LOAD=pinned|free|both] [PROCS=K] [SEED=N]
#   make cold BINARY=PROG [ARGS="..."] [OUT=DIR] [QUICK=1] [EXPORT_HYPERFINE=FILE]
#                          the cold starts of any program, and their report (report.html...)
#   HARNESS_ARGS="..."     more harness flags for any of them, after the variables' own
#   make harness-test      the bats suite (also part of `make test`)
#   make harness-long-test the cases that need a long real load (tests/long/)
#   make soak-test [SOAK_LOADED=20] [SOAK_REPORTS=3]
#                          interrupted runs (tests/soak/signals.sh); both in `make test-long`
#   make options-doc       docs/options.md's harness table from harness/lib/opttable.sh
#                          (tests/harness/options.bats fails when it is out of date)

# harness/lib/*.sh and harness/cold/*.sh are sourced, never run: shellcheck reads them on their own
# too (through the scripts it would not report a syntax error in them).
SHELL_SCRIPTS += $(wildcard harness/lib/*.sh harness/cold/*.sh)

# The evict tool uses no layer at all: linked alone.
$(BUILD)/coldload-evict: $(BUILD)/obj/tools/coldload-evict.o
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@

# The probe reads what the workloads do (OpenBLAS, clock, placement): bench,
# engine and common, and BLAS for OpenBLAS's own answers.
$(BUILD)/coldload-probe: $(BUILD)/obj/tools/coldload-probe.o $(call lib,bench engine common)
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@ $(LDLIBS)

PROGRAMS += $(BUILD)/coldload-evict $(BUILD)/coldload-probe

# Each make variable becomes the matching harness flag only when it is set,
# so the scripts' own defaults (and env overrides) apply otherwise. HARNESS_ARGS
# is the user's: more harness flags, after those of the variables
# (make threads QUICK=1 HARNESS_ARGS="--series-regex '...'" gives both), so it
# is never the name of what the variables make: a HARNESS_ARGS on make's
# command line would replace it.
HARNESS_FLAGS = $(if $(OUT),--out '$(OUT)') $(if $(WIDTHS),--widths '$(WIDTHS)') \
               $(if $(EXPORT_HYPERFINE),--export-hyperfine '$(EXPORT_HYPERFINE)') \
               $(if $(STRESSORS),--stressors '$(STRESSORS)') \
               $(if $(BUDGET),--budget '$(BUDGET)') $(if $(filter 1 yes true,$(QUICK)),--quick) \
               $(if $(LOAD),--load '$(LOAD)') $(if $(PROCS),--procs '$(PROCS)') $(if $(SEED),--seed '$(SEED)') \
               $(HARNESS_ARGS)

warm loaded: all
	bash harness/$@.sh $(HARNESS_FLAGS)

# BINARY=PROG [ARGS="..."]: anyone's program, with a report of its own
# (harness/coldreport.sh); ARGS is split as the shell splits it, quotes kept.
cold: all
	$(if $(BINARY),bash harness/coldreport.sh --binary '$(BINARY)' $(HARNESS_FLAGS) -- $(ARGS),bash harness/cold.sh $(HARNESS_FLAGS))

# Tells the harness the flags the binaries were built with (for meta.txt).
harness-print-cflags:
	@echo '$(BUILD_FLAGS)'

harness-test: all
	bats tests/harness

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

test-all: harness-test
test-long-all: harness-long-test soak-test

.PHONY: cold warm loaded harness-print-cflags harness-test harness-long-test soak-test options-doc
