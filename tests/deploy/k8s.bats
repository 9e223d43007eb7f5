#!/usr/bin/env bats
# tests/deploy/k8s.bats -- deploy/k8s/coldload-job.yaml: an Indexed Job of
# the coldload image, one pod a node, results on a shared claim. Its shape
# is checked from the YAML itself (python3-yaml), and kubectl reads it as its
# own objects without an API server (`kubectl annotate --local`) where kubectl
# is installed.

ROOT=$(cd "$(dirname "$BATS_TEST_FILENAME")/../.." && pwd)
JOB=$ROOT/deploy/k8s/coldload-job.yaml

@test "the manifest is an Indexed Job of the coldload image, one pod a node, results on the claim" {
    python3 -c 'import yaml' 2>/dev/null || { echo "python3-yaml missing: make deps installs it" >&2; false; }
    run python3 - "$JOB" <<'PY'
import sys, yaml
docs = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d]
assert len(docs) == 1, f"{len(docs)} documents"
job = docs[0]
assert (job["apiVersion"], job["kind"]) == ("batch/v1", "Job"), (job["apiVersion"], job["kind"])
spec = job["spec"]
assert spec["completionMode"] == "Indexed", spec.get("completionMode")
assert spec["completions"] == spec["parallelism"] >= 1, "completions and parallelism: the nodes"
pod = spec["template"]["spec"]
assert pod["restartPolicy"] == "Never"
# one pod a node: required anti-affinity on the hostname against its own pods
term = pod["affinity"]["podAntiAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"][0]
assert term["topologyKey"] == "kubernetes.io/hostname"
assert term["labelSelector"]["matchLabels"] == spec["template"]["metadata"]["labels"]
(c,) = pod["containers"]
assert c["image"].split(":")[0] == "coldload", c["image"]
assert "/opt/coldload/docker/entrypoint.sh" in " ".join(c["args"]), "the image's entrypoint"
assert "${JOB_COMPLETION_INDEX}" in " ".join(c["args"]), "a directory per index"
# Guaranteed QoS: requests equal limits, whole CPUs
r = c["resources"]
assert r["requests"] == r["limits"], (r["requests"], r["limits"])
assert str(r["limits"]["cpu"]).isdigit(), r["limits"]["cpu"]
(m,) = c["volumeMounts"]
assert m["mountPath"] == "/out"
vols = {v["name"]: v for v in pod["volumes"]}
assert vols[m["name"]]["persistentVolumeClaim"]["claimName"] == "coldload-results"
# the image's user (Dockerfile: uid 10001) can write the volume
assert pod["securityContext"]["runAsUser"] == 10001 and pod["securityContext"]["fsGroup"] == 10001
print("ok")
PY
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$output" = ok ]
    grep -q 'useradd --uid 10001' "$ROOT/Dockerfile"
}

@test "kubectl reads the manifest as one batch Job (--local: no API server asked)" {
    command -v kubectl >/dev/null || skip "no kubectl (Debian: kubernetes-client)"
    # apply --dry-run=client still asks an API server for the kinds; an
    # edit --local reads the file alone, as kubectl's own objects
    run kubectl annotate --local --dry-run=client -o name -f "$JOB" coldload.test/read=1
    [ "$status" -eq 0 ]
    [ "$output" = job.batch/coldload ]
}
