# mk/firstrun.mk -- where a first run's milliseconds go: the exec-stamp
# launcher, the first-run harness and its tests.
#
#   make firstrun [OUT=DIR] [QUICK=1] [PROCS=K] [WIDTHS="1 2"] [BUDGET=S] [RUNS=N]
#                      pairs of runs that differ in one thing (harness/firstrun.sh),
#                      rows in OUT/firstrun.csv, then OUT's report (harness/part.sh)
#   make firstrun-test  its bats tests (also part of `make test`)

# coldload-exec links libc alone: it must cost nothing between its clock
# reading and the exec.
$(BUILD)/coldload-exec: $(BUILD)/obj/tools/coldload-exec.o
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@

PROGRAMS += $(BUILD)/coldload-exec

firstrun: all static
	bash mk/run.sh bash harness/part.sh firstrun $(HARNESS_FLAGS) $(call flag,--runs,RUNS)

firstrun-test: all static
	bats tests/harness/firstrun.bats

.PHONY: firstrun firstrun-test

# The bats suite checks the static builds' results against the dynamic ones.
harness-test bats-test harness-long-test test-build: static
# The main job measures the dynamic-linking part too.
report-run: static
