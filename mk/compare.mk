# mk/compare.mk -- coldload-compare: many results directories, one comparison.
#
#   make compare RESULTS="DIR1 DIR2 ..." [OUT=DIR] [LABELS="a b"] [SEED=N]
#                [EXPORT_HYPERFINE=FILE]   (every input's cells in hyperfine's JSON format)
#                       compare.csv, compare.md, compare.html and the chart
#                       (default OUT: results/compare-<UTC stamp>)
#   make compare-test   bats tests of the comparison (part of `make test`)
#   make fuzz-compare [FUZZ_SECONDS=60]   libFuzzer + ASan on two inputs compared

# The report's layers and common, as coldload-summarize: no engine, no BLAS;
# jansson for --export-hyperfine (export/hyperfine).
$(BUILD)/coldload-compare: $(BUILD)/obj/tools/coldload-compare.o $(call lib,export doc results verdict model common)
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@ -lm $(JSON_LD)

PROGRAMS += $(BUILD)/coldload-compare

compare: all
	@test -n '$(RESULTS)' || { echo 'make compare: RESULTS="DIR1 DIR2 ..." is required' >&2; exit 2; }
	bash harness/compare.sh $(if $(OUT),--out '$(OUT)') $(foreach l,$(LABELS),--label '$(l)') \
	  $(if $(SEED),--seed '$(SEED)') $(if $(EXPORT_HYPERFINE),--export-hyperfine '$(EXPORT_HYPERFINE)') \
	  $(RESULTS)

compare-test: all
	bats tests/compare

test-all: compare-test

# Two samples.csv files in one input, split at "\n--\n" (tests/fuzz/fuzz_compare.c);
# the corpus: the summary's, and pairs of its files.
FUZZ_CMP_SRC := tests/fuzz/fuzz_compare.c $(wildcard src/model/*.c src/verdict/*.c src/results/*.c src/doc/*.c src/export/*.c src/common/*.c)
$(BUILD)/fuzz/fuzz_compare: $(FUZZ_CMP_SRC) $(wildcard src/model/*.h src/verdict/*.h src/results/*.h src/doc/*.h src/export/*.h src/common/*.h)
	mkdir -p $(@D)
	clang -std=c11 -D_GNU_SOURCE -g -O1 -Isrc -fsanitize=fuzzer,address,undefined \
	  -fno-sanitize-recover=all $(FUZZ_CMP_SRC) -o $@ -lm $(JSON_LD)

# the build and fuzz jobs' packages (clang, libFuzzer), as make fuzz installs them
fuzz-compare:
	@bash tests/deps.sh build fuzz
	@$(MAKE) --no-print-directory fuzz-compare-run
fuzz-compare-run: $(BUILD)/fuzz/fuzz_compare
	mkdir -p $(BUILD)/fuzz/corpus-compare
	{ cat tests/fuzz/corpus/samples-fixture; printf -- '--\n'; cat tests/fuzz/corpus/samples-loaded; } \
	  >$(BUILD)/fuzz/corpus-compare/pair
	$(BUILD)/fuzz/fuzz_compare -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -timeout=10 \
	  -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz/compare- \
	  $(BUILD)/fuzz/corpus-compare tests/fuzz/corpus

.PHONY: compare compare-test fuzz-compare fuzz-compare-run
