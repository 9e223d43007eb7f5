# coldload -- top-level build. The core (engine, workloads, tests) is here;
# each later stage adds its targets in mk/<stage>.mk so stages stay apart.
#
#   make            build every binary into build/
#   make deps       install the missing Debian packages of `make` and `make report`
#                   (prints what it installs; mk/deps.txt lists them all, by job)
#   make test       every test (unit + harness + report), shellcheck and the bats lint
#                   (tests/lint-bats.sh), after deps-test;
#                   a table of each suite's seconds at the end (tests/run-suites.sh)
#   make test-long  the tests that need a long real load (soak, Slurm cluster ...)
#   make check      unit tests under ASan+UBSan, engine tests under TSan
#   make install    binaries into $(DESTDIR)$(PREFIX)/bin, harness and plots into
#                   $(DESTDIR)$(PREFIX)/share/coldload (mk/install.mk); make uninstall
#   make format     clang-format the C sources (.clang-format); make format-check lists
#                   the files it would change (mk/format.mk)
#   make bench      benchmarks (figures on stdout), the difference rule's simulated rates first
#   make clean

CC       ?= gcc
ifeq ($(origin CC),default)
CC       := gcc
endif
AR       ?= ar
PKGS     := openblas lapacke
BLAS_CF  := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
BLAS_LD  := $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lopenblas -llapacke)
# jansson writes results.json (export/json): only coldload-summarize links it.
JSON_CF  := $(shell pkg-config --cflags jansson 2>/dev/null)
JSON_LD  := $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson)
WARN     := -Wall -Wextra -Werror
CFLAGS   ?= -O2 -g
# CPPFLAGS and LDFLAGS are the user's (or the distribution's), added as given.
ALL_CF   := -std=c11 -D_GNU_SOURCE -Isrc $(CPPFLAGS) $(WARN) $(CFLAGS) $(BLAS_CF) $(JSON_CF)
# make bisect's BUILD="CMD" is a command (mk/bisect.mk), not this build
# directory: given on the command line it is kept as BISECT_BUILD, never
# expanded, and the directory stays build/ (a command there would be pasted
# into the rules and the $(shell find) below).
ifeq ($(origin BUILD),command line)
BISECT_BUILD := $(value BUILD)
override BUILD := build
endif
BUILD    := build

# The source tree is the architecture: one directory a layer, each a static
# library, each using only the layers below it:
#
#   src/tools/      mains of the tools (summarize, evict, compare, scan ...)
#   src/workloads/  the timed programs: TRG, Onsager, and the two workload mains
#   src/export/     the machine formats: results.json, hyperfine.json, chart
#                   data, the scan's tables (on doc/: they carry its sentences)
#   src/doc/        the documents: report, its sections, compare's page
#   src/results/    a results directory loaded and judged; the comparison's model
#   src/verdict/    the verdicts and the report's two answers
#   src/model/      a results directory's files read: CSVs, meta.txt, summary
#   src/launch/     the launcher of anyone's program: a run's rusage, cgroup,
#                   samples, runs.csv's columns, per-call times out of its output
#   src/bench/      timing loop, probes, placement, CSV writer, shared options
#   src/engine/     fork-join pool, grad program, OpenBLAS/LAPACKE, --width auto
#   src/common/     option values, statistics, checksums, CSV quoting
#
# export -> doc -> results -> verdict -> model sit beside bench/, not on it: the
# summarizer links no engine and no BLAS. launch/ sits on common/ alone, beside
# workloads/ (the launcher is not the timing loop; its tools write samples.csv's
# rows with bench/'s writer).
LAYERS   := common engine bench launch workloads model verdict results doc export
MAINS    := src/workloads/p28_timing.c src/workloads/ising_trg.c \
            src/tools/coldload-summarize.c src/tools/coldload-evict.c
layer_src = $(filter-out $(MAINS),$(wildcard src/$(1)/*.c))

# The programs `make` builds and `make install` installs; stages add theirs
# (PROGRAMS +=), so `all` takes them at the end of this file, after mk/*.mk.
PROGRAMS := $(BUILD)/p28_timing $(BUILD)/ising_trg

all:

# --- objects and layer libraries, one directory per flavour (plain, asan, tsan)
# Header dependencies come from the compiler (-MMD -MP): a changed header
# rebuilds exactly the objects that include it.
define flavour
$(BUILD)/$(1)/%.o: src/%.c
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CF) $(2) -MMD -MP -c $$< -o $$@
$(foreach l,$(LAYERS),
$(BUILD)/$(1)/lib$(l).a: $$(patsubst src/%.c,$(BUILD)/$(1)/%.o,$$(call layer_src,$(l)))
	@rm -f $$@
	$$(AR) rcs $$@ $$^
)
endef
# (The sanitizer flags go through variables: a comma in $(call)'s text would
# split them into two arguments.)
ASAN_CF  := -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
TSAN_CF  := -O1 -fsanitize=thread
$(eval $(call flavour,obj,))
$(eval $(call flavour,asan,$(ASAN_CF)))
$(eval $(call flavour,tsan,$(TSAN_CF)))
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# The link line of each binary: its main, then the layers it uses, top down.
lib       = $(addprefix $(BUILD)/obj/lib,$(addsuffix .a,$(1)))
LIB_BENCH := $(call lib,bench engine common)
LIB_TRG   := $(call lib,workloads bench engine common)
LIB_ALL   := $(call lib,export doc results verdict model workloads launch bench engine common)
LDLIBS    := $(BLAS_LD) -lpthread -lm
# What the binaries were built with, as meta.txt's build_flags records it.
BUILD_FLAGS = $(CC) $(ALL_CF) $(LDLIBS)

$(BUILD)/p28_timing: $(BUILD)/obj/workloads/p28_timing.o $(LIB_BENCH)
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@ $(LDLIBS)
$(BUILD)/ising_trg: $(BUILD)/obj/workloads/ising_trg.o $(LIB_TRG)
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# --- unit tests (cmocka) ----------------------------------------------------
# Each test links every layer: a test may reach into any of them. -MMD
# makes the headers the test includes prerequisites of its binary (a changed
# header rebuilds it); they are filtered out of the link line.
UNIT     := $(patsubst tests/unit/%.c,%,$(wildcard tests/unit/test_*.c))
TSAN_UNIT := test_pool test_program test_autowidth test_autotune
flib      = $(addprefix $(BUILD)/$(1)/lib,$(addsuffix .a,export doc results verdict model workloads launch bench engine common))
$(BUILD)/unit/%: tests/unit/%.c $(call flib,obj)
	@mkdir -p $(@D)
	$(CC) $(ALL_CF) -MMD -MP $(LDFLAGS) $(filter %.c %.a,$^) -o $@ $(LDLIBS) $(JSON_LD) -lcmocka
$(BUILD)/unit-asan/%: tests/unit/%.c $(call flib,asan)
	@mkdir -p $(@D)
	$(CC) $(ALL_CF) $(ASAN_CF) -MMD -MP $(LDFLAGS) $(filter %.c %.a,$^) -o $@ $(LDLIBS) $(JSON_LD) -lcmocka
$(BUILD)/unit-tsan/%: tests/unit/%.c $(call flib,tsan)
	@mkdir -p $(@D)
	$(CC) $(ALL_CF) $(TSAN_CF) -MMD -MP $(LDFLAGS) $(filter %.c %.a,$^) -o $@ $(LDLIBS) $(JSON_LD) -lcmocka

unit: all $(addprefix $(BUILD)/unit/,$(UNIT))
	@set -e; for t in $(UNIT); do echo "== $$t"; $(BUILD)/unit/$$t; done

# p28_timing's option errors, output lines and CSV rows (bats).
cli: all
	bats tests/cli/p28_timing.bats

# make install / uninstall into a temporary DESTDIR, and the deps list (bats).
setup-test: all
	bats tests/setup

# deps first, then a fresh make: the pkg-config flags above must be read
# after the packages are installed. The build takes both CPUs (test-build);
# the suites then run one after the other (tests/run-suites.sh: each
# prerequisite of test-all, mk/*.mk add theirs), which prints what each took
# and fails, naming them, when any failed. `make test-long` does the same for
# the suites that need a long real load (test-long-all: the soak, the Slurm
# cluster, long loaded runs, the full option-table parser check).
test: deps-test
	@bash tests/run-suites.sh -b test-build test-all
test-long: deps-test
	@bash tests/run-suites.sh -b test-build test-long-all
test-build: all $(addprefix $(BUILD)/unit/,$(UNIT))
test-all: unit cli setup-test lint lint-bats

# Static checks of every shell script (harness, tests, container, CI).
SHELL_SCRIPTS = $(wildcard harness/*.sh tests/*.sh tests/*/*.sh docker/*.sh) .ci/run
# Two passes. `lint` (make test, 4 s): each script on its own, without the
# four findings that need its sourced files read with it (not followed; a
# variable set in one file and used in the other). `lint-sourced` (make
# test-long, 35 s on 2 CPUs): each script with what it sources (-x), those
# findings included -- -x reads harness/lib/all.sh and its 3000 lines again for
# each harness script, so eight scripts a shellcheck, two at a time.
LINT_ALONE_SKIP := SC1091,SC2034,SC2153,SC2154
lint: format-check
	printf '%s\n' $(SHELL_SCRIPTS) | xargs -P2 -n16 shellcheck -e $(LINT_ALONE_SKIP)
# The checks of the bats tests bats itself cannot fail on (a bare `!`, an
# `&&` chain before a test's last line, a skip naming nothing to install) and
# shellcheck over the .bats files (tests/lint-bats.sh), then its own test.
lint-bats:
	bash tests/lint-bats.sh
	bats tests/lint
lint-sourced:
	printf '%s\n' $(SHELL_SCRIPTS) | xargs -P2 -n8 shellcheck -x
test-long-all: lint-sourced

check: deps-check
	@$(MAKE) --no-print-directory check-all
check-all: $(addprefix $(BUILD)/unit-asan/,$(UNIT)) $(addprefix $(BUILD)/unit-tsan/,$(TSAN_UNIT))
	@set -e; for t in $(UNIT); do echo "== asan+ubsan $$t"; \
	  ASAN_OPTIONS=detect_leaks=1 $(BUILD)/unit-asan/$$t; done
	@set -e; for t in $(TSAN_UNIT); do echo "== tsan $$t"; \
	  TSAN_OPTIONS=halt_on_error=1 $(BUILD)/unit-tsan/$$t; done

bench: all $(BUILD)/bench_direct $(BUILD)/bench_differ $(BUILD)/bench_series
	$(BUILD)/bench_differ
	$(BUILD)/bench_series
	bash tests/bench/bench.sh

$(BUILD)/bench_direct: tests/bench/bench_direct.c $(LIB_ALL)
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@ $(LDLIBS)
# How soon matching a program's output gives up (launch/series).
$(BUILD)/bench_series: tests/bench/bench_series.c $(LIB_ALL)
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@ $(LDLIBS)
# The difference rule's simulated false-positive rate and power (common/differ).
$(BUILD)/bench_differ: tests/bench/bench_differ.c tests/unit/differsim.h $(call lib,common)
	$(CC) $(ALL_CF) $(LDFLAGS) $(filter %.c %.a,$^) -o $@ -lm

# The Debian packages, each listed once with the jobs that need it, are in
# mk/deps.txt. `make deps` is the main job's (build, report): no browser.
deps:
	@bash tests/deps.sh build report
deps-test deps-check: deps-%:
	@bash tests/deps.sh build $*

clean:
	rm -rf $(BUILD)

.PHONY: all unit cli setup-test lint lint-bats lint-sourced test test-all test-long test-long-all test-build check check-all bench deps deps-test deps-check clean
.SECONDARY:

-include mk/*.mk

# After the stages: their PROGRAMS += are in by now.
all: $(PROGRAMS)
