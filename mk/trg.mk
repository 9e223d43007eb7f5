# mk/trg.mk -- the ising_trg workload's extra targets. The binary
# and its unit tests (tests/unit/test_trg.c, test_onsager.c) are built by the
# top Makefile's rules.
#
#   make cli-trg      ising_trg's option errors and output formats (in `make test`)
#   make bench-trg    AD overhead, dgesdd share, peak RSS (in `make bench`)

cli-trg: all
	bats tests/cli/ising_trg.bats

bench-trg: all
	bash tests/bench/bench_trg.sh

test-all: cli-trg
bench: bench-trg

.PHONY: cli-trg bench-trg
