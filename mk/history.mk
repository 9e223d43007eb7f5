# mk/history.mk -- what did each commit cost? Every commit of a range (every
# K-th) against the range's first in the same shuffled blocks of one ab job
# (harness/history.sh, docs/history.md).
#
#   make history REPO=DIR REVS="A..B" BUILD="CMD" RUN="CMD" [EVERY=K] [LOAD=none|pinned|free]
#                [WIDTHS="1 2"] [QUICK=1] [OUT=DIR] [AGAIN=1] [SEED=N] [TOTAL=SECONDS]
#                [BUDGET=SECONDS] [HARNESS_ARGS="..."]
#                         {src} in BUILD and RUN is the commit's own worktree (under
#                         the results directory; REPO is never written); each commit
#                         built once; OUT a history a later job adds to (the commits
#                         measured kept; AGAIN=1 measures them again); the report:
#                         OUT/report.html, report.md, results.json (id history)
#   make history-test     its bats tests

# REPO, REVS, EVERY, BUILD and RUN reach history.sh as they are: exported,
# named in the recipe, never read by a shell (mk/harness.mk, mk/run.sh).
# BUILD is the command (the Makefile keeps it as BISECT_BUILD, exported by
# mk/bisect.mk as COLDLOAD_MAKE_BUILD); REPO and RUN are mk/bisect.mk's too.
HISTORY_VALUES := REVS EVERY
$(foreach v,$(HISTORY_VALUES),$(eval export COLDLOAD_MAKE_$(v) = $$(value $(v))))

HISTORY_FLAGS = $(call flag,--out,OUT) $(call flag,--widths,WIDTHS) $(call flag,--budget,BUDGET) \
                $(call flag,--load,LOAD) $(call flag,--seed,SEED) $(call flag,--every,EVERY) \
                $(call flag,--total,TOTAL) \
                $(if $(filter 1 yes true,$(QUICK)),--quick) $(if $(filter 1 yes true,$(AGAIN)),--again)

history: all
	$(if $(and $(value REPO),$(value REVS),$(value BISECT_BUILD),$(value RUN)),,$(error make history needs REPO=DIR REVS="A..B" BUILD="CMD" RUN="CMD"))
	bash mk/run.sh bash harness/history.sh --repo "$$COLDLOAD_MAKE_REPO" --revs "$$COLDLOAD_MAKE_REVS" --build "$$COLDLOAD_MAKE_BUILD" --run "$$COLDLOAD_MAKE_RUN" $(HISTORY_FLAGS)

history-test: all
	bats tests/harness/history.bats tests/long/history.bats

.PHONY: history history-test
