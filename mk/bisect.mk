# mk/bisect.mk -- which commit changed the time? Every change between two
# commits, each step an interleaved A/B job with its A/A arm (harness/bisect.sh,
# docs/bisect.md).
#
#   make bisect REPO=DIR GOOD=REV BAD=REV BUILD="CMD" RUN="CMD" [LOAD=none|pinned|free]
#               [WIDTHS="1 2"] [COLD=1] [QUICK=1] [OUT=DIR] [SEED=N] [BUDGET=SECONDS]
#               [HARNESS_ARGS="..."]
#                         {src} in BUILD and RUN is the commit's own worktree (under
#                         the results directory; REPO is never written); each commit
#                         built once; the report: OUT/report.md, results.json (id bisect)
#   make bisect-test      its bats tests (the whole searches: tests/long/bisect.bats, in make test-long)

# REPO, GOOD, BAD, BUILD and RUN reach bisect.sh as they are: exported,
# named in the recipe, never read by a shell (mk/harness.mk, mk/run.sh).
# BUILD is also the build directory's name: the Makefile keeps the command
# as BISECT_BUILD and the directory as build/.
BISECT_VALUES := REPO GOOD BAD RUN
$(foreach v,$(BISECT_VALUES),$(eval export COLDLOAD_MAKE_$(v) = $$(value $(v))))
export COLDLOAD_MAKE_BUILD = $(value BISECT_BUILD)

BISECT_FLAGS = $(call flag,--out,OUT) $(call flag,--widths,WIDTHS) $(call flag,--budget,BUDGET) \
               $(call flag,--load,LOAD) $(call flag,--seed,SEED) \
               $(if $(filter 1 yes true,$(QUICK)),--quick) $(if $(filter 1 yes true,$(COLD)),--cold)

bisect: all
	$(if $(and $(value REPO),$(value GOOD),$(value BAD),$(value BISECT_BUILD),$(value RUN)),,$(error make bisect needs REPO=DIR GOOD=REV BAD=REV BUILD="CMD" RUN="CMD"))
	bash mk/run.sh bash harness/bisect.sh --repo "$$COLDLOAD_MAKE_REPO" --good "$$COLDLOAD_MAKE_GOOD" --bad "$$COLDLOAD_MAKE_BAD" --build "$$COLDLOAD_MAKE_BUILD" --run "$$COLDLOAD_MAKE_RUN" $(BISECT_FLAGS)

bisect-test: all
	bats tests/harness/bisect.bats tests/long/bisect.bats

SHELL_SCRIPTS += tests/harness/progs/bisect_history.sh

.PHONY: bisect bisect-test
