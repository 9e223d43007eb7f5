# mk/scan.mk -- the scans: wait policy x width x load, and
# load workers x width with auto; coldload-scan turns them into heatmap and
# wait-policy data and a verdict, plots/scan_*.gp into charts.
#
#   make scan [QUICK=1] [OUT=DIR] [PROCS=K] [SEED=N] [WIDTHS="1 2"] [STRESSORS="1 2"]
#             [BUDGET=SECONDS] [SCAN=wait|load|both] [TOTAL=SECONDS]
#   make scan-test    the scan's bats tests alone (`make test` runs them with the
#                     report and harness suites: tests/report/scan.bats,
#                     tests/harness/scan.bats; `make test-long` the real scans:
#                     tests/long/scan.bats)


# No engine, no BLAS: its tables (export/scanout), the loader's scan part
# (results/resultsscan), its verdict (verdict/scanverdict), model and common.
$(BUILD)/coldload-scan: $(BUILD)/obj/tools/coldload-scan.o $(call lib,export doc results verdict model common)
	$(CC) $(ALL_CF) $(LDFLAGS) $^ -o $@ -lm

PROGRAMS += $(BUILD)/coldload-scan

scan: all
	bash mk/run.sh bash harness/scan.sh $(HARNESS_FLAGS) $(call flag,--scan,SCAN) $(call flag,--total,TOTAL)

scan-test: all
	bats tests/report/scan.bats tests/harness/scan.bats tests/long/scan.bats

.PHONY: scan scan-test
