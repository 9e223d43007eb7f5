#!/usr/bin/env bats
# tests/deploy/k8s.bats -- deploy/k8s/coldload-job.yaml: an Indexed Job of
# the coldload image, one pod a node, results on a shared claim. Its shape
# is checked from the YAML itself (python3-yaml); `kubectl apply
# --dry-run=client` runs where kubectl can reach an API server (client-side
# dry runs still ask one for the kinds it knows), and is skipped, saying so,
# where it cannot.

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

@test "kubectl apply --dry-run=client accepts the manifest" {
    command -v kubectl >/dev/null || skip "no kubectl (Debian: kubernetes-client)"
    run kubectl apply --dry-run=client -f "$JOB"
    if [ "$status" -ne 0 ] && [[ $output == *"connection refused"* || $output == *"unable to recognize"* || $output == *"failed to download openapi"* ]]; then
        skip "kubectl reaches no API server here (a client-side dry run still needs one for the kinds)"
    fi
    [ "$status" -eq 0 ]
    [[ $output == "job.batch/coldload created (dry run)" ]]
}
