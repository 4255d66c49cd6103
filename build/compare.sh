#!/usr/bin/env bash
# What a change to Net.Zmq costs, from its checkout: packs the base (a ref) and the head (a ref, or the working tree
# with its uncommitted changes) outside the checkout (build/netzmq-checkout.sh), runs the pull-request command on the
# two and prints the verdict and the report's path. The checkout is left as it was.
#
#   build/compare.sh <Net.Zmq checkout> [--base <ref>] [--head <ref>] [--pack-only] [-- <more dotnet test arguments>]
#
# --base: default the merge base of the checkout's HEAD with its default branch. --head: default the working tree.
# --pack-only: pack (or find) both builds and print their folders and versions; measure nothing.
# Packs are kept by tree under PERF_PACKS (default ~/.cache/net-zmq-tests/packs): a second run reuses them.
# Bad input: one line on stderr and exit 2; a pack that does not build: exit 3, its build's last lines shown.
set -euo pipefail
tool=compare
source "$(dirname "$0")/netzmq-checkout.sh"

[ $# -gt 0 ] || fail "usage: build/compare.sh <Net.Zmq checkout> [--base <ref>] [--head <ref>] [--pack-only] [-- <dotnet test arguments>]"
open_checkout "$1"; shift
base_ref='' head_ref='' pack_only=false
while [ $# -gt 0 ]; do
  case "$1" in
    --base) base_ref=${2:?--base needs a ref}; shift 2 ;;
    --head) head_ref=${2:?--head needs a ref}; shift 2 ;;
    --pack-only) pack_only=true; shift ;;
    --) shift; break ;;
    *) fail "unknown argument '$1' (arguments for dotnet test go after --)" ;;
  esac
done

default_base() {
  local branch
  for branch in "$(git rev-parse --abbrev-ref origin/HEAD 2>/dev/null || true)" main master; do
    if [ -n "$branch" ] && git rev-parse --verify --quiet "$branch^{commit}" >/dev/null; then
      git merge-base HEAD "$branch" && return
    fi
  done
  fail "$top has no default branch (origin/HEAD, main or master) to take the merge base with: give --base <ref>"
}
base_ref=${base_ref:-$(default_base)}
base_commit=$(commit_of "$base_ref")
head_commit=$(commit_of "${head_ref:-HEAD}")
require_netzmq "$base_commit"
require_netzmq "$head_commit"

base_key=$(tree_key "$base_commit")
head_key=$(tree_key "$head_ref")
[ "$base_key" != "$head_key" ] || fail "head and base are the same tree ($head_key): nothing to measure"
read -r base_folder base_version < <(pack "$base_commit" "$base_key" "base $(git rev-parse --short "$base_commit")") || true
[ -n "${base_folder:-}" ] || exit 3
read -r head_folder head_version < <(pack "$head_ref" "$head_key" "head ${head_ref:-(working tree)}") || true
[ -n "${head_folder:-}" ] || exit 3
echo "head: $head_folder (Net.Zmq $head_version)"
echo "base: $base_folder (Net.Zmq $base_version)"
$pack_only && exit 0

head_arguments "$head_folder"
status=0
(cd "$suite" && dotnet test --filter Category=Perf "${head_args[@]}" \
  -p:NetZmqBase=required -p:NetZmqBaseSource="$base_folder" -p:NetZmqBaseVersion="$base_version" "$@") || status=$?
report="$suite/artifacts/perf/report.md"
if [ -f "$report" ]; then
  echo "verdict: $(grep -m1 -v -e '^#' -e '^$' "$report")"
  echo "report: $report"
fi
exit "$status"
