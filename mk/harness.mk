# mk/harness.mk -- the harnesses' make targets (issue 4): the evict tool, the
# cold / warm / loaded runs and their bats tests.
#
#   make cold|warm|loaded [OUT=DIR] [WIDTHS="1 2"] [STRESSORS=S] [BUDGET=SECONDS] [QUICK=1]
#                         [LOAD=pinned|free|both] [PROCS=K] [SEED=N]
#   make cold BINARY=PROG [ARGS="..."] [OUT=DIR] [QUICK=1]
#                          the cold starts of any program, and their report (report.html...)
#   make harness-test      the bats suite (also part of `make test`)

DEPS_PKGS += stress-ng hyperfine jq bats shellcheck time strace binutils

# The evict tool uses no layer at all: linked alone.
$(B)/coldload-evict: $(B)/obj/tools/evict.o
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@

all: $(B)/coldload-evict

# Each make variable becomes the matching harness flag only when it is set,
# so the scripts' own defaults (and env overrides) apply otherwise.
HARNESS_ARGS = $(if $(OUT),--out '$(OUT)') $(if $(WIDTHS),--widths '$(WIDTHS)') \
               $(if $(STRESSORS),--stressors '$(STRESSORS)') \
               $(if $(BUDGET),--budget '$(BUDGET)') $(if $(filter 1 yes true,$(QUICK)),--quick) \
               $(if $(LOAD),--load '$(LOAD)') $(if $(PROCS),--procs '$(PROCS)') $(if $(SEED),--seed '$(SEED)')

warm loaded: all
	bash harness/$@.sh $(HARNESS_ARGS)

# BINARY=PROG [ARGS="..."]: anyone's program, with a report of its own
# (harness/coldreport.sh); ARGS is split as the shell splits it, quotes kept.
cold: all
	$(if $(BINARY),bash harness/coldreport.sh --binary '$(BINARY)' $(HARNESS_ARGS) -- $(ARGS),bash harness/cold.sh $(HARNESS_ARGS))

# Tells the harness the flags the binaries were built with (for meta.txt).
harness-print-cflags:
	@echo '$(CC) $(ALL_CF) $(LDLIBS)'

harness-test: all
	bats tests/harness

test-all: harness-test

.PHONY: cold warm loaded harness-print-cflags harness-test
