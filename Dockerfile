# Dockerfile -- coldload as a container: `docker run` gives the full report.
#
#   make docker                                   # builds the image `coldload`
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD/out:/out" coldload [--quick] ...
#
# Two stages on debian:bookworm-slim (tests/docker/base-image.sh makes it
# locally when no registry is reachable): `build` compiles with the same
# Makefile as a host build and runs the unit tests, so an image only exists
# when they pass; the runtime stage gets the runtime packages and the built
# binaries, harness and plot scripts, nothing of the toolchain.
# Written for the classic builder as well as BuildKit (no heredocs, no cache
# mounts): Debian's docker.io has no buildx.

# --- build: compile, run the unit tests ---------------------------------------
FROM debian:bookworm-slim AS build
# The host's build dependencies (job build in mk/deps.txt), libcmocka-dev
# for `make unit`, and libc6-dev, which slim images lack and a host with gcc
# already has; libgfortran-12-dev for the static builds
# (mk/static.mk: the first run's dynamic-linking part).
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      gcc libc6-dev make pkg-config libopenblas-dev liblapacke-dev libjansson-dev libcmocka-dev \
      libgfortran-12-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Sources before tests: editing a test does not recompile the image's sources.
COPY Makefile ./
COPY mk/ mk/
COPY src/ src/
RUN make -j"$(nproc)" all static
COPY tests/ tests/
# test_num holds the option table's ranges to src/common/ranges.h
COPY harness/lib/opttable.sh harness/lib/opttable.sh
RUN make unit
# Every top-level binary of build/ (the stages add theirs to `all` in mk/*.mk),
# plus build/buildinfo.txt: what the harness would ask gcc, make and git for
# (meta.txt keys), since the runtime stage has no compiler and no .git.
RUN mkdir -p /dist/build \
 && find build -maxdepth 1 -type f -perm -u+x -exec cp -p {} /dist/build/ \;
ARG VERSION=dev
ARG REVISION=unknown
RUN { echo "compiler=$(gcc --version | head -n 1)"; \
      echo "build_flags=$(make -s --no-print-directory harness-print-cflags || echo unknown)"; \
      echo "git_rev=${REVISION}"; \
      echo "git_describe=${VERSION}"; } >/dist/build/buildinfo.txt

# --- runtime: what the harness and the report run -----------------------------
FROM debian:bookworm-slim
# libopenblas0-pthread first so it provides libblas.so.3/liblapack.so.3 to
# liblapacke (the host's pthread OpenBLAS, not the reference BLAS); the
# DejaVu fonts the charts are drawn with on the host; tini is PID 1 so Ctrl-C
# and `docker stop` reach the harness, which stops its stress-ng before it
# exits; make answers the harness's `make harness-print-cflags`.
# strace and binutils (readelf) find the files a cold start reads (cold.sh).
# The threading runtimes a program built on a Debian host commonly links, so
# that `threads --binary /mnt/prog` runs it mounted as it is: GCC's OpenMP
# (libgomp1: gcc/g++/gfortran -fopenmp), LLVM's (libomp5-14: clang
# -fopenmp), oneTBB (libtbb12), and the C++ and Fortran runtimes (named,
# not left to come with the packages above). Without libgomp1 an OpenMP
# program failed every run with "libgomp.so.1: cannot open shared object file".
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libopenblas0-pthread liblapacke libjansson4 stress-ng gnuplot-nox fonts-dejavu-core \
      hyperfine jq procps time make tini strace binutils \
      libgomp1 libomp5-14 libtbb12 libstdc++6 libgfortran5 \
 && rm -rf /var/lib/apt/lists/*

# Non-root by default; `--user "$(id -u):$(id -g)"` works as well (any uid:
# HOME is world-writable scratch, /out is the only place results go).
RUN useradd --uid 10001 --user-group --home-dir /home/coldload --create-home \
      --shell /bin/bash coldload \
 && mkdir -p /out && chown coldload:coldload /out \
 && chmod 1777 /home/coldload

WORKDIR /opt/coldload
COPY --from=build /dist/build/ build/
COPY Makefile ./
COPY mk/ mk/
COPY harness/ harness/
COPY plots/ plots/
COPY docker/entrypoint.sh docker/entrypoint.sh

ENV COLDLOAD_ROOT=/opt/coldload \
    COLDLOAD_IN_CONTAINER=1 \
    HOME=/home/coldload
USER coldload
ENTRYPOINT ["/usr/bin/tini", "-g", "--", "/opt/coldload/docker/entrypoint.sh"]

# Last, so a new revision re-labels the image without rebuilding any layer.
ARG VERSION=dev
ARG REVISION=unknown
ARG CREATED=unknown
ENV COLDLOAD_REVISION=${REVISION}
LABEL org.opencontainers.image.title="coldload" \
      org.opencontainers.image.description="Reproducible-measurement suite: cold starts, warm runs and loaded runs of a fixed-width engine, summarised into a report with verdicts and charts" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.base.name="debian:bookworm-slim" \
      org.opencontainers.image.usage="docker run --rm --user \"$(id -u):$(id -g)\" -v \"$PWD/out:/out\" coldload [--quick] [--widths \"1 2\"] [--stressors S] [--budget SECONDS]"
