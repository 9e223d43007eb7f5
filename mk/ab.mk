# mk/ab.mk -- is B faster than A? Two commands interleaved, with an A/A arm
# (harness/ab.sh, docs/ab.md).
#
#   make ab A="CMD ARGS" B="CMD ARGS" [WIDTHS="1 2"] [LOAD=none|pinned|free] [QUICK=1]
#           [COLD=1] [OUT=DIR] [SEED=N] [TOTAL=SECONDS] [BUDGET=SECONDS] [STRESSORS=S]
#           [EXPORT_HYPERFINE=FILE] [HARNESS_ARGS="..."]
#                         A, B and A again in shuffled blocks until B/A's 99%
#                         interval is within --precision (HARNESS_ARGS="--precision
#                         0.02") or the job's time budget (TOTAL, 120 s) holds no
#                         more, and the report: results/latest/report.html;
#                         WIDTHS: ask it at each width (OMP_NUM_THREADS ... and
#                         {width} set as make threads sets them), an answer each;
#                         COLD=1: each run the first of a fresh copy, its pages dropped
#   make ab-test          its bats tests (usage errors, a short two-width job and SIGINT are part of
#                         `make test`, the jobs run to their answer of `make test-long`)

# A and B reach ab.sh as they are: exported, named in the recipe, never
# read by a shell (mk/harness.mk, mk/run.sh)
ab: all
	$(if $(value A),,$(error make ab needs A="CMD ARGS" and B="CMD ARGS"))
	$(if $(value B),,$(error make ab needs A="CMD ARGS" and B="CMD ARGS"))
	bash mk/run.sh bash harness/ab.sh --a "$$COLDLOAD_MAKE_A" --b "$$COLDLOAD_MAKE_B" $(HARNESS_FLAGS) $(call flag,--total,TOTAL) $(if $(filter 1 yes true,$(COLD)),--cold)

ab-test: all
	bats tests/harness/ab.bats tests/long/ab.bats

.PHONY: ab ab-test
