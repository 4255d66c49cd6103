#!/usr/bin/env bash
# The perf gate's one command, as .github/workflows/perf-gate.yml runs it in every job: measure (all cells, or
# PERF_SHARD=k/N's share) or merge (PERF_MERGE=<folder of shard files>). Net.Zmq is required; its packages come from
# nuget.org or from the folders the workflow downloaded; a base asked for and absent is an error, never a run that
# silently gates the head alone. The same environment runs it locally (see README, "Sharding").
set -euo pipefail
cd "$(dirname "$0")/.."
args=(--filter Category=Perf -p:NetZmq=required "-p:NetZmqVersion=${NETZMQ_VERSION:-0.4.1}" --logger trx)
temp="${RUNNER_TEMP:-${TMPDIR:-/tmp}}"
if [ -d "$temp/netzmq-packages" ]; then args+=("-p:NetZmqSource=$temp/netzmq-packages"); fi
if [ -n "${NETZMQ_BASE_VERSION:-}" ]; then args+=("-p:NetZmqBaseVersion=$NETZMQ_BASE_VERSION"); fi
if [ -d "$temp/netzmq-base-packages" ]; then args+=("-p:NetZmqBaseSource=$temp/netzmq-base-packages"); fi
if [ -n "${NETZMQ_BASE_VERSION:-}" ] || [ -d "$temp/netzmq-base-packages" ]; then args+=(-p:NetZmqBase=required); fi
# A fresh package folder: a repacked version must not be served from an older cache.
export NUGET_PACKAGES="${NUGET_PACKAGES:-$temp/nuget-packages}"
exec bash .ci/run "${args[@]}"
