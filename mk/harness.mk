# mk/harness.mk -- the harnesses' make targets: the evict tool, the
# cold / warm / loaded runs and their bats tests.
#
#   make cold|warm|loaded [OUT=DIR] [WIDTHS="1 2"] [STRESSORS=S] [BUDGET=SECONDS] [QUICK=1]
#                         [LOAD=pinned|free|both] [PROCS=K] [SEED=N]
#   make harness-test      the bats suite (also part of `make test`)

# The evict tool uses no layer at all: linked alone.
$(B)/coldload-evict: $(B)/obj/tools/evict.o
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@

PROGRAMS += $(B)/coldload-evict

# Each make variable becomes the matching harness flag only when it is set,
# so the scripts' own defaults (and env overrides) apply otherwise.
HARNESS_ARGS = $(if $(OUT),--out '$(OUT)') $(if $(WIDTHS),--widths '$(WIDTHS)') \
               $(if $(STRESSORS),--stressors '$(STRESSORS)') \
               $(if $(BUDGET),--budget '$(BUDGET)') $(if $(filter 1 yes true,$(QUICK)),--quick) \
               $(if $(LOAD),--load '$(LOAD)') $(if $(PROCS),--procs '$(PROCS)') $(if $(SEED),--seed '$(SEED)')

cold warm loaded: all
	bash harness/$@.sh $(HARNESS_ARGS)

# Tells the harness the flags the binaries were built with (for meta.txt).
harness-print-cflags:
	@echo '$(BUILD_FLAGS)'

harness-test: all
	bats tests/harness

test-all: harness-test

.PHONY: cold warm loaded harness-print-cflags harness-test
