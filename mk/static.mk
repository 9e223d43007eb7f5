# mk/static.mk -- statically linked workload binaries: the "dynamic linking"
# part of a first run is the dynamic binary's first-run time minus this one's.
#
#   make static     build/p28_timing-static and build/ising_trg-static
#
# From Debian's archives: liblapacke.a (liblapacke-dev) and the pthread
# OpenBLAS's libopenblas.a (libopenblas-pthread-dev, through libopenblas-dev),
# which holds LAPACK too; its Fortran LAPACK needs libgfortran.a and
# libquadmath.a (libgfortran-12-dev, gfortran's). The same objects as the
# dynamic binaries, the same OpenBLAS version and DYNAMIC_ARCH kernel choice,
# so the results are the same bits (tests/harness/firstrun.bats checks the
# checksums). glibc's static libc (libc6-dev) is the one part that differs.
# Not in `all`: the link takes seconds and 27 MB a binary, and only the
# first-run harness needs it.



# The archives' directory as pkg-config knows it (-L of the pthread OpenBLAS),
# else Debian's multiarch directory.
STATIC_LIBDIR := $(or $(patsubst -L%,%,$(filter -L%,$(BLAS_LD))),/usr/lib/$(shell $(CC) -dumpmachine 2>/dev/null))
STATIC_LAPACKE := $(firstword $(wildcard $(STATIC_LIBDIR)/liblapacke.a /usr/lib/$(shell $(CC) -dumpmachine 2>/dev/null)/liblapacke.a))
STATIC_OPENBLAS := $(firstword $(wildcard $(STATIC_LIBDIR)/libopenblas.a /usr/lib/$(shell $(CC) -dumpmachine 2>/dev/null)/libopenblas.a))
STATIC_LIBS = $(STATIC_LAPACKE) $(STATIC_OPENBLAS) -lgfortran -lquadmath -lpthread -lm

static: $(BUILD)/p28_timing-static $(BUILD)/ising_trg-static

static-check-archives:
	@test -n "$(STATIC_LAPACKE)" || { echo "static: liblapacke.a not found (Debian package liblapacke-dev)" >&2; exit 2; }
	@test -n "$(STATIC_OPENBLAS)" || { echo "static: libopenblas.a not found (Debian package libopenblas-pthread-dev)" >&2; exit 2; }

$(BUILD)/p28_timing-static: $(BUILD)/obj/workloads/p28_timing.o $(LIB_BENCH) | static-check-archives
	$(CC) $(ALL_CF) $(LDFLAGS) -static $^ -o $@ $(STATIC_LIBS)
$(BUILD)/ising_trg-static: $(BUILD)/obj/workloads/ising_trg.o $(LIB_TRG) | static-check-archives
	$(CC) $(ALL_CF) $(LDFLAGS) -static $^ -o $@ $(STATIC_LIBS)

.PHONY: static static-check-archives
