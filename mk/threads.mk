# mk/threads.mk -- the threads question for anyone's program: the launcher
# (coldload-run), the harness (harness/threads.sh) and their tests.
#
#   make threads BINARY=PROG [ARGS="..."] [WIDTHS="1 2"] [LOAD=pinned|free|both|quota|all]
#                [PROCS=K] [QUICK=1] [OUT=DIR] [SEED=N] [BUDGET=SECONDS] [CHECK_FILE=PATH]
#                [EXPORT_HYPERFINE=FILE]
#                         K runs of PROG per width x load cell, and their report;
#                         {out} in ARGS or CHECK_FILE: the file it writes is the
#                         output checked, not stdout
#                [HARNESS_ARGS="..."]
#                         HARNESS_ARGS: more flags of harness/threads.sh, after those
#                         the variables give (both reach it), e.g.
#                         HARNESS_ARGS="--series-regex 'time: ([0-9.]+) ms'" (or
#                         COLDLOAD_SERIES_REGEX=RE): the per-call times PROG prints,
#                         classed by warm-up (docs/series.md)
#   make threads-test     its bats tests (also part of `make test`)

# The launcher measures: launch, bench (csvwrite, measure) and common only,
# no engine, no BLAS -- nothing of ours between the program and the clock.
$(BUILD)/coldload-run: $(BUILD)/obj/tools/coldload-run.o $(call lib,launch bench common)
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@ -lm

# a program's per-call times out of its saved output (cold.sh --series-regex)
$(BUILD)/coldload-series: $(BUILD)/obj/tools/coldload-series.o $(call lib,launch bench common)
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@ -lm

PROGRAMS += $(BUILD)/coldload-run $(BUILD)/coldload-series

threads: all
	$(if $(value BINARY),,$(error make threads needs BINARY=PROG (and ARGS="..." for its arguments)))
	bash mk/run.sh --args bash harness/threads.sh --binary "$$COLDLOAD_MAKE_BINARY" $(HARNESS_FLAGS) $(call flag,--check-file,CHECK_FILE)

threads-test: all
	bats tests/harness/threads.bats

# (make test runs it with the rest of tests/harness: bats-test)

.PHONY: threads threads-test

# What coldload-run's sampler costs a ~50 ms program, idle and under pinned
# load (tests/bench/bench_run.sh; part of `make bench`).
bench-run: all
	bash tests/bench/bench_run.sh

bench: bench-run

.PHONY: bench-run
