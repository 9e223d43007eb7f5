# mk/auto.mk -- --width auto: its benchmark. The decision itself
# (src/engine/autowidth.c), its unit tests (tests/unit/test_autowidth.c) and the CLI
# checks against tests/fixtures/sysroot are built and run by the top
# Makefile's rules and tests/cli/*.bats.
#
#   make bench-auto [ROUNDS=5] [RUNS=20] [TRG_RUNS=3] [BUDGET=10] [OUT=DIR]
#       auto vs width 1 under pinned and free load, auto vs the best fixed
#       width idle, the decision's cost per call (figures on stdout)

bench-auto: all
	$(if $(ROUNDS),ROUNDS='$(ROUNDS)') $(if $(RUNS),RUNS='$(RUNS)') \
	$(if $(TRG_RUNS),TRG_RUNS='$(TRG_RUNS)') $(if $(BUDGET),BUDGET='$(BUDGET)') \
	$(if $(OUT),OUT='$(OUT)') bash tests/bench/bench_auto.sh

.PHONY: bench-auto
