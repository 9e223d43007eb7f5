# mk/deploy.mk -- the report on a Slurm cluster (deploy/slurm/) or as a
# Kubernetes Indexed Job (deploy/k8s/), and their tests.
#
#   make slurm-report NODES=N [QUICK=1] [WIDTHS="1 2"] [BUDGET=S] [PROCS=K] [LOAD=...]
#                     [STRESSORS=S] [SEED=N] [SLURM_RESULTS=DIR] [SBATCH_FLAGS="--partition=x"]
#                       submits one exclusive array task per node and the
#                       dependent comparison; prints the job ids and where
#                       the comparison will be
#   make slurm-test     a one-machine cluster on localhost (munge, slurmctld,
#                       slurmd), the array and the compare job run for real;
#                       part of `make test` when slurm-wlm and munge are installed
#   make slurm-deps     installs them (.ci/run does, before `make test`)
#   make deploy-test    submit.sh against a stub sbatch, the k8s manifest's shape
#                       (and kubectl's client-side dry run where an API server
#                       answers); part of `make test`

# Not in everyone's deps: only the Slurm test needs a cluster's daemons.
SLURM_PKGS := $(shell bash tests/deps.sh --list slurm)
slurm_installed := $(shell dpkg-query -W -f='$${Status}\n' $(SLURM_PKGS) 2>/dev/null | \
                     grep -c '^install ok installed$$')

comma := ,
space := $(subst ,, )
# Flags that survive COLDLOAD_ARGS's word splitting: --flag=VALUE, lists with commas.
SLURM_ARGS = $(if $(filter 1 yes true,$(QUICK)),--quick) \
             $(if $(WIDTHS),--widths=$(subst $(space),$(comma),$(strip $(WIDTHS)))) \
             $(if $(STRESSORS),--stressors=$(subst $(space),$(comma),$(strip $(STRESSORS)))) \
             $(if $(BUDGET),--budget=$(BUDGET)) $(if $(PROCS),--procs=$(PROCS)) \
             $(if $(LOAD),--load=$(LOAD)) $(if $(SEED),--seed=$(SEED))

slurm-report: all
	@test -n '$(NODES)' || { echo 'make slurm-report: NODES=N is required' >&2; exit 2; }
	bash deploy/slurm/submit.sh --nodes '$(NODES)' $(if $(SLURM_RESULTS),--results '$(SLURM_RESULTS)') \
	  --args '$(strip $(SLURM_ARGS))' $(if $(SBATCH_FLAGS),-- $(SBATCH_FLAGS))

SHELL_SCRIPTS += $(wildcard deploy/slurm/*.sh deploy/slurm/*.sbatch)

slurm-deps:
	@bash tests/deps.sh slurm

slurm-test: all
	bats tests/slurm

deploy-test:
	bats tests/deploy

test-all: deploy-test
ifeq ($(slurm_installed),2)
test-long-all: slurm-test
endif

.PHONY: slurm-report slurm-deps slurm-test deploy-test
