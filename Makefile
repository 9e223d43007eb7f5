# coldload -- top-level build. The core (engine, workloads, tests) is here;
# each later stage adds its targets in mk/<stage>.mk so stages stay apart.
#
#   make            build every binary into build/
#   make deps       install the missing Debian packages (prints what it installs)
#   make test       every test (unit + harness + report) and shellcheck, after deps
#   make check      unit tests under ASan+UBSan, engine tests under TSan
#   make bench      benchmarks (figures on stdout)
#   make clean

CC       ?= gcc
ifeq ($(origin CC),default)
CC       := gcc
endif
PKGS     := openblas lapacke
BLAS_CF  := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
BLAS_LD  := $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lopenblas -llapacke)
WARN     := -Wall -Wextra -Werror
CFLAGS   ?= -O2 -g
ALL_CF   := -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) $(BLAS_CF) -Isrc
LDLIBS   := $(BLAS_LD) -lpthread -lm
B        := build

# src/<main>.c holds a main(); every other src/*.c is a library module (a
# .c/.h pair) linked into every binary. Stages add their mains in mk/*.mk.
MAINS    := p28_timing ising_trg summarize evict
CORE     := $(filter-out $(MAINS),$(patsubst src/%.c,%,$(wildcard src/*.c)))
BINS     := $(filter p28_timing ising_trg,$(patsubst src/%.c,%,$(wildcard src/*.c)))

# Debian packages the build, the tests and the main job need (see mk/*.mk for more).
DEPS_PKGS := gcc make pkg-config libopenblas-dev liblapacke-dev libcmocka-dev shellcheck

all: $(addprefix $(B)/,$(BINS))

# --- objects, one directory per flavour (plain, asan, tsan) -----------------
define flavour
$(B)/$(1)/%.o: src/%.c $(wildcard src/*.h) | $(B)/$(1)
	$$(CC) $$(ALL_CF) $(2) -c $$< -o $$@
$(B)/$(1):
	mkdir -p $$@
endef
$(eval $(call flavour,obj,))
$(eval $(call flavour,asan,-O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all))
$(eval $(call flavour,tsan,-O1 -fsanitize=thread))

CORE_OBJ = $(addprefix $(B)/obj/,$(addsuffix .o,$(CORE)))

$(B)/%: $(B)/obj/%.o $(CORE_OBJ)
	$(CC) $(ALL_CF) $^ -o $@ $(LDLIBS)

# --- unit tests (cmocka) ----------------------------------------------------
UNIT     := $(patsubst tests/unit/%.c,%,$(wildcard tests/unit/test_*.c))
TSAN_UNIT := test_pool test_program test_autowidth
$(B)/unit/%.o: tests/unit/%.c $(wildcard src/*.h) | $(B)/unit
	$(CC) $(ALL_CF) -c $< -o $@
$(B)/unit:
	mkdir -p $@
$(B)/unit/%: $(B)/unit/%.o $(CORE_OBJ)
	$(CC) $(ALL_CF) $^ -o $@ $(LDLIBS) -lcmocka

$(B)/unit-asan/%: tests/unit/%.c $(addprefix $(B)/asan/,$(addsuffix .o,$(CORE)))
	mkdir -p $(@D)
	$(CC) $(ALL_CF) -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all $^ -o $@ $(LDLIBS) -lcmocka
$(B)/unit-tsan/%: tests/unit/%.c $(addprefix $(B)/tsan/,$(addsuffix .o,$(CORE)))
	mkdir -p $(@D)
	$(CC) $(ALL_CF) -O1 -fsanitize=thread $^ -o $@ $(LDLIBS) -lcmocka

unit: all $(addprefix $(B)/unit/,$(UNIT))
	@set -e; for t in $(UNIT); do echo "== $$t"; $(B)/unit/$$t; done

# tests/unit/cli.sh checks the binaries' option errors and output formats.
cli: all
	bash tests/unit/cli.sh

# deps first, then a fresh make: the pkg-config flags above must be read
# after the packages are installed.
test: deps
	@$(MAKE) --no-print-directory test-all
test-all: unit cli lint

# Static checks of every shell script (harness, tests, container, CI).
SHELL_SCRIPTS = $(wildcard harness/*.sh tests/*.sh tests/*/*.sh docker/*.sh) .ci/run
lint:
	shellcheck -x $(SHELL_SCRIPTS)

check: deps
	@$(MAKE) --no-print-directory check-all
check-all: $(addprefix $(B)/unit-asan/,$(UNIT)) $(addprefix $(B)/unit-tsan/,$(TSAN_UNIT))
	@set -e; for t in $(UNIT); do echo "== asan+ubsan $$t"; \
	  ASAN_OPTIONS=detect_leaks=1 $(B)/unit-asan/$$t; done
	@set -e; for t in $(TSAN_UNIT); do echo "== tsan $$t"; \
	  TSAN_OPTIONS=halt_on_error=1 $(B)/unit-tsan/$$t; done

bench: all $(B)/bench_direct
	bash tests/bench/bench.sh

$(B)/bench_direct: tests/bench/bench_direct.c $(CORE_OBJ)
	$(CC) $(ALL_CF) $^ -o $@ $(LDLIBS)

deps:
	@bash tests/deps.sh $(DEPS_PKGS)

clean:
	rm -rf $(B)

.PHONY: all unit cli lint test test-all check check-all bench deps clean
.SECONDARY:

-include mk/*.mk
