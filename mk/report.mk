# mk/report.mk -- the report stage: coldload-summarize, the charts,
# the report, and their tests.
#
#   make report [QUICK=1] [OUT=DIR] [LOAD=pinned|free|both] [PROCS=K] [SEED=N] [WIDTHS="1 2"]
#               [STRESSORS=S] [BUDGET=SECONDS] [SCAN=1|0] [EXPORT_HYPERFINE=FILE]
#                          the main job: cold + warm + loaded, first-run parts, the scan
#                          (SCAN=1 default, QUICK=1 makes it SCAN=0), summary, charts, report
#   make plots [RESULTS=DIR]   re-render charts and report of a results dir (default latest)
#   make report-test           bats tests of summarize, charts and report (in `make test`: bats-test)
#   make golden                regenerate tests/fixtures/golden/ (a deliberate output change)
#   make fuzz [FUZZ_SECONDS=60] libFuzzer + ASan on the CSV readers and everything after them

# No engine, no BLAS: the report's layers and common.
$(BUILD)/coldload-summarize: $(BUILD)/obj/tools/coldload-summarize.o $(call lib,export doc results verdict model common)
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@ -lm $(JSON_LD)

PROGRAMS += $(BUILD)/coldload-summarize

# The same flags as the harness targets (mk/harness.mk), and SCAN: report.sh
# checks its value (1 or 0; `make scan`'s SCAN=wait|load|both is another target's).
REPORT_ARGS = $(HARNESS_FLAGS) $(call set,SCAN,--scan="$$COLDLOAD_MAKE_SCAN")

# deps first, then a fresh make (as `test` does): pkg-config flags must be
# read after the packages are installed.
report: deps
	@$(MAKE) --no-print-directory report-run
report-run: all
	bash mk/run.sh bash harness/report.sh $(REPORT_ARGS)

plots: all
	bash mk/run.sh bash harness/plots.sh $(call flag,--results,RESULTS)

report-test: all
	bats tests/report

# (make test runs tests/report beside tests/harness: mk/harness.mk's bats-test)

golden: $(BUILD)/coldload-summarize
	bash tests/report/golden.sh update

# --- fuzzing: the readers and every stage after them, under ASan+UBSan -------
FUZZ_SECONDS ?= 60
FUZZ_SRC := tests/fuzz/fuzz_summary.c $(wildcard src/model/*.c src/verdict/*.c src/results/*.c src/doc/*.c src/export/*.c src/common/*.c)
$(BUILD)/fuzz/fuzz_summary: $(FUZZ_SRC) $(wildcard src/model/*.h src/verdict/*.h src/results/*.h src/doc/*.h src/export/*.h src/common/*.h)
	mkdir -p $(@D)
	clang -std=c11 -D_GNU_SOURCE -g -O1 -Isrc -fsanitize=fuzzer,address,undefined \
	  -fno-sanitize-recover=all $(FUZZ_SRC) -o $@ -lm $(JSON_LD)

fuzz:
	@bash tests/deps.sh build fuzz
	@$(MAKE) --no-print-directory fuzz-run
fuzz-run: $(BUILD)/fuzz/fuzz_summary
	mkdir -p $(BUILD)/fuzz/corpus
	$(BUILD)/fuzz/fuzz_summary -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -timeout=10 \
	  -rss_limit_mb=2048 -print_final_stats=1 \
	  -artifact_prefix=$(BUILD)/fuzz/ $(BUILD)/fuzz/corpus tests/fuzz/corpus

.PHONY: report report-run plots report-test golden fuzz fuzz-run

# What classifying every process's series costs on a results directory
# (tests/bench/bench_warmup.c): make bench-warmup DIR=results/latest
$(BUILD)/bench_warmup: tests/bench/bench_warmup.c $(call lib,results verdict model common)
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@ -lm

bench-warmup: $(BUILD)/bench_warmup
	$(if $(DIR),,$(error make bench-warmup needs DIR=RESULTS_DIR))
	$(BUILD)/bench_warmup '$(DIR)'

.PHONY: bench-warmup
