# mk/docker.mk -- the container.
#
#   make docker          build the image (tag $(DOCKER_IMAGE)); makes the
#                        debian:bookworm-slim base locally when it cannot be pulled
#   make docker-report   the report in the container into $(OUT) (default out/),
#                        as the calling user; QUICK=1 WIDTHS= STRESSORS= BUDGET= SCAN= as for
#                        `make report`; DOCKER_ARGS="--cpus 1" (any `docker run` options) limits
#                        the container, e.g. to compare a CPU-limited run with the host's
#   make docker-test     the docker part of CI (tests/docker/ci.sh): image, quick report, checks

DOCKER       ?= docker
DOCKER_IMAGE ?= coldload
DOCKER_OUT   := $(if $(OUT),$(OUT),out)

# Labels: which source the image holds. Empty outside a git checkout.
DOCKER_LABELS = --build-arg VERSION="$$(git describe --always --dirty 2>/dev/null || echo dev)" \
                --build-arg REVISION="$$(git rev-parse HEAD 2>/dev/null || echo unknown)" \
                --build-arg CREATED="$$(date -u +%Y-%m-%dT%H:%M:%SZ)"

docker:
	@bash tests/docker/base-image.sh
	$(DOCKER) build --force-rm -t $(DOCKER_IMAGE) $(DOCKER_LABELS) .

# Same flags as the host harness targets (HARNESS_FLAGS in mk/harness.mk) but
# no --out: the entrypoint writes to /out, mounted from $(DOCKER_OUT) (taken
# above, before this override empties OUT). The host's name, marked, instead
# of a random container id in the CSVs and chart titles.
docker-report: override OUT =
docker-report: docker
	mkdir -p '$(DOCKER_OUT)'
	bash mk/run.sh $(DOCKER) run --rm --user "$$(id -u):$$(id -g)" -v "$$(cd '$(DOCKER_OUT)' && pwd):/out" \
	  --hostname "$$(hostname | cut -c1-50)-docker" $(DOCKER_ARGS) \
	  $(DOCKER_IMAGE) $(REPORT_ARGS)

docker-test:
	bash tests/docker/ci.sh

.PHONY: docker docker-report docker-test
