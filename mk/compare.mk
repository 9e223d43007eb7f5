# mk/compare.mk -- coldload-compare: many results directories, one comparison.
#
#   make compare RESULTS="DIR1 DIR2 ..." [OUT=DIR] [LABELS="a b"] [SEED=N]
#                       compare.csv, compare.md, compare.html and the chart
#                       (default OUT: results/compare-<UTC stamp>)
#   make compare-test   bats tests of the comparison (part of `make test`)

# The report layer and common only, as coldload-summarize: no engine, no BLAS.
$(B)/coldload-compare: $(B)/obj/tools/compare.o $(call lib,report common)
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@ -lm

all: $(B)/coldload-compare

compare: all
	@test -n '$(RESULTS)' || { echo 'make compare: RESULTS="DIR1 DIR2 ..." is required' >&2; exit 2; }
	bash harness/compare.sh $(if $(OUT),--out '$(OUT)') $(foreach l,$(LABELS),--label '$(l)') \
	  $(if $(SEED),--seed '$(SEED)') $(RESULTS)

compare-test: all
	bats tests/compare

test-all: compare-test

.PHONY: compare compare-test
