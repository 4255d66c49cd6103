#!/usr/bin/env bash
# What a change to Net.Zmq costs, from its checkout: packs the base (a ref) and the head (a ref, or the working tree
# with its uncommitted changes) outside the checkout, then runs the pull-request command on the two and prints the
# verdict and the report's path. The checkout is only read (git archive, ls-files, hash-object without -w).
#
#   build/compare.sh <Net.Zmq checkout> [--base <ref>] [--head <ref>] [--pack-only] [-- <more dotnet test arguments>]
#
# --base: default the merge base of the checkout's HEAD with its default branch. --head: default the working tree.
# --pack-only: pack (or find) both builds and print their folders and versions, measure nothing.
# Packs are kept by the tree they came from under PERF_PACKS (default ~/.cache/net-zmq-tests/packs), at a version
# that names that tree, so NuGet's cache can never serve one tree's package for another's and a second run reuses them.
# Bad input ends with one line on stderr and exit 2; a pack that does not build, exit 3 with its build's last lines.
set -euo pipefail
export GIT_OPTIONAL_LOCKS=0   # git status must not even refresh the checkout's index
suite=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "compare: $1" >&2; exit "${2:-2}"; }

checkout=${1:-}
[ -n "$checkout" ] && shift || fail "usage: build/compare.sh <Net.Zmq checkout> [--base <ref>] [--head <ref>] [--pack-only]"
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
[ -d "$checkout" ] || fail "$checkout is not a folder"
checkout=$(cd "$checkout" && pwd)
top=$(git -C "$checkout" rev-parse --show-toplevel 2>/dev/null) || fail "$checkout is not a git checkout"
git() { command git -C "$top" "$@"; }

commit_of() {
  git rev-parse --verify --quiet "$1^{commit}" || fail "unknown ref '$1' in $top"
}
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
for commit in "$base_commit" "$head_commit"; do
  git cat-file -e "$commit:src/Net.Zmq/Net.Zmq.csproj" 2>/dev/null \
    || fail "$top is not Net.Zmq's checkout: $(git rev-parse --short "$commit") has no src/Net.Zmq/Net.Zmq.csproj"
done

# A tree's identity: a committed tree's git id; the working tree's, when it differs from HEAD, a hash of each file's
# path, mode and blob id (computed, not written: the checkout's object store is left alone).
working_tree_files() { git ls-files -z --cached --others --exclude-standard | (cd "$top" && while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done); }
tree_key() {
  if [ -n "$1" ]; then git rev-parse "$1^{tree}"; return; fi
  if [ -z "$(git status --porcelain --untracked-files=normal)" ]; then git rev-parse 'HEAD^{tree}'; return; fi
  working_tree_files | (cd "$top" && while IFS= read -r -d '' f; do
    printf '%s %s %s\n' "$([ -x "$f" ] && echo 755 || echo 644)" "$(command git hash-object --no-filters -- "$f")" "$f"
  done) | sha1sum | cut -c1-40 | sed 's/^/w/'
}
# The release a tree descends from (its nearest v-tag) names the package; the tree names the pre-release part.
release_of() { git describe --tags --abbrev=0 --match 'v[0-9]*' "${1:-HEAD}" 2>/dev/null | sed 's/^v//' || echo 0.0.0; }

packs=${PERF_PACKS:-${XDG_CACHE_HOME:-$HOME/.cache}/net-zmq-tests/packs}
mkdir -p "$packs"
# pack <ref, or empty for the working tree> <its key> <label>: prints "<folder> <version>".
pack() {
  local ref=$1 key=$2 label=$3 version folder staging
  version="$(release_of "$ref")-tree${key:0:12}"
  folder="$packs/$key"
  if [ -f "$folder/version" ]; then
    echo "compare: $label reused from $folder (version $(cat "$folder/version"))" >&2
    echo "$folder $(cat "$folder/version")"; return
  fi
  staging=$(mktemp -d "$packs/.staging-XXXXXX")
  trap 'rm -rf "$staging"' RETURN
  mkdir -p "$staging/src"
  if [ -n "$ref" ]; then git archive "$ref" | tar -x -C "$staging/src"
  else working_tree_files | (cd "$top" && tar --null -T - -cf -) | tar -x -C "$staging/src"; fi
  echo "compare: packing $label as Net.Zmq $version ($staging/src)" >&2
  # NU1603 (a pinned dependency this package source lacks, the next version taken) stays a warning and is said.
  if ! (cd "$staging/src" && dotnet build -c Release src/Net.Zmq/Net.Zmq.csproj -nologo \
          -p:ContinuousIntegrationBuild=true -p:WarningsNotAsErrors=NU1603 \
        && for p in Net.Zmq.Native Net.Zmq.Core Net.Zmq; do
             dotnet pack "src/$p/$p.csproj" -c Release --no-build -nologo -o "$staging/packages" \
               -p:PackageVersion="$version" -p:ContinuousIntegrationBuild=true || exit 1
           done) > "$staging/build.log" 2>&1; then
    tail -n 15 "$staging/build.log" >&2
    fail "the $label ($version) did not build or pack; the last lines of its build are above" 3
  fi
  grep -ho 'warning NU1603: [^[]*' "$staging/build.log" | sed 's/^warning NU1603: //' | sort -u | sed "s/^/compare: $label: NuGet substituted: /" >&2 || true
  grep -qrs 'class MessagePool\b' "$staging/src/src/Net.Zmq" && echo true > "$staging/packages/message-pool" \
    || echo false > "$staging/packages/message-pool"
  echo "$version" > "$staging/packages/version"
  mv "$staging/packages" "$folder"
  echo "$folder $version"
}

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

# The head is compiled against; whether its build has MessagePool is read from its source, not guessed from a version.
status=0
(cd "$suite" && dotnet test --filter Category=Perf -p:NetZmq=required -p:NetZmqSource="$head_folder" \
  -p:NetZmqVersion="$head_version" -p:NetZmqHasMessagePool="$(cat "$head_folder/message-pool")" \
  -p:NetZmqBase=required -p:NetZmqBaseSource="$base_folder" -p:NetZmqBaseVersion="$base_version" "$@") || status=$?
report="$suite/artifacts/perf/report.md"
if [ -f "$report" ]; then
  echo "verdict: $(grep -m1 -v -e '^#' -e '^$' "$report")"
  echo "report: $report"
fi
exit "$status"
