# Sourced by build/compare.sh and build/bisect.sh: a Net.Zmq checkout read without being changed (git archive,
# ls-files, hash-object without -w; no index refresh), and its trees packed outside it, kept by tree.
# The caller sets `tool` (its name in messages) and calls open_checkout first.
export GIT_OPTIONAL_LOCKS=0
shopt -s inherit_errexit   # a failure inside $(…) fails there, not later on what it did not print
suite=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
packs=${PERF_PACKS:-${XDG_CACHE_HOME:-$HOME/.cache}/net-zmq-tests/packs}

# Bad input: one line and exit 2 (a pack that does not build: 3).
fail() { echo "$tool: $1" >&2; exit "${2:-2}"; }

open_checkout() {
  [ -d "$1" ] || fail "$1 is not a folder"
  top=$(command git -C "$1" rev-parse --show-toplevel 2>/dev/null) || fail "$1 is not a git checkout"
}
git() { command git -C "$top" "$@"; }

commit_of() { git rev-parse --verify --quiet "$1^{commit}" || fail "unknown ref '$1' in $top"; }
require_netzmq() {
  git cat-file -e "$1:src/Net.Zmq/Net.Zmq.csproj" 2>/dev/null \
    || fail "$top is not Net.Zmq's checkout: $(git rev-parse --short "$1") has no src/Net.Zmq/Net.Zmq.csproj"
}
subject_of() { git log -1 --format='%h %s' "$1"; }

# A tree's identity: a committed tree's git id; the working tree's, when it differs from HEAD, a hash of each file's
# path, mode and blob id (computed, not written: the checkout's object store is left alone).
working_tree_files() {   # tracked and untracked, not ignored, not deleted
  git ls-files -z --cached --others --exclude-standard \
    | (cd "$top" && while IFS= read -r -d '' f; do if [ -f "$f" ]; then printf '%s\0' "$f"; fi; done)
}
tree_key() {
  if [ -n "$1" ]; then git rev-parse "$1^{tree}"; return; fi
  if [ -z "$(git status --porcelain --untracked-files=normal)" ]; then git rev-parse 'HEAD^{tree}'; return; fi
  working_tree_files | (cd "$top" && while IFS= read -r -d '' f; do
    printf '%s %s %s\n' "$([ -x "$f" ] && echo 755 || echo 644)" "$(command git hash-object --no-filters -- "$f")" "$f"
  done) | sha1sum | cut -c1-40 | sed 's/^/w/'
}
# The release a tree descends from (its nearest v-tag) names the package; the tree names the pre-release part, so
# NuGet's cache can never serve one tree's package for another's.
release_of() { git describe --tags --abbrev=0 --match 'v[0-9]*' "${1:-HEAD}" 2>/dev/null | sed 's/^v//' || echo 0.0.0; }

# pack <ref, or empty for the working tree> <its key> <label>: prints "<folder> <version>", packing the tree into
# $packs/<key> unless it is there. Run it in a subshell of its own: a failure exits.
pack() {
  local ref=$1 key=$2 label=$3 version folder staging
  version="$(release_of "$ref")-tree${key:0:12}"
  folder="$packs/$key"
  if [ -f "$folder/version" ]; then
    echo "$tool: $label reused from $folder (version $(cat "$folder/version"))" >&2
    echo "$folder $(cat "$folder/version")"; return
  fi
  mkdir -p "$packs"
  staging=$(mktemp -d "$packs/.staging-XXXXXX")
  trap "rm -rf '$staging'" EXIT   # the value now: the variable is local to this function
  mkdir -p "$staging/src"
  if [ -n "$ref" ]; then git archive "$ref" | tar -x -C "$staging/src"
  else working_tree_files | (cd "$top" && tar --null -T - -cf -) | tar -x -C "$staging/src"; fi
  echo "$tool: packing $label as Net.Zmq $version" >&2
  # As Net.Zmq's release workflow packs (a Release build, then three packs at one version), with the commit the copy
  # lacks the .git of given as its source revision, so the assemblies are the bits a build in the checkout makes. NU1603,
  # a pinned dependency this package source lacks and the next version taken, stays a warning and is said.
  if ! (cd "$staging/src" && dotnet build -c Release src/Net.Zmq/Net.Zmq.csproj -nologo \
          -p:ContinuousIntegrationBuild=true -p:WarningsNotAsErrors=NU1603 -p:SourceRevisionId="$(git rev-parse "${ref:-HEAD}")" \
        && for p in Net.Zmq.Native Net.Zmq.Core Net.Zmq; do
             dotnet pack "src/$p/$p.csproj" -c Release --no-build -nologo -o "$staging/packages" \
               -p:PackageVersion="$version" -p:ContinuousIntegrationBuild=true || exit 1
           done) > "$staging/build.log" 2>&1; then
    tail -n 15 "$staging/build.log" >&2
    fail "the $label ($version) did not build or pack; the last lines of its build are above" 3
  fi
  grep -ho 'warning NU1603: [^[]*' "$staging/build.log" | sed 's/^warning NU1603: //' | sort -u \
    | sed "s/^/$tool: $label: NuGet substituted: /" >&2 || true
  # Whether the build has MessagePool is read from its source (the suite compiles those cases only against one that
  # has it), not guessed from a version.
  if grep -qrs 'class MessagePool\b' "$staging/src/src/Net.Zmq"; then echo true; else echo false; fi > "$staging/packages/message-pool"
  echo "$version" > "$staging/packages/version"
  mv "$staging/packages" "$folder"
  echo "$folder $version"
}

# head_arguments <pack folder>: sets head_args, the properties that point the suite at that pack as Net.Zmq (required).
head_arguments() {
  head_args=(-p:NetZmq=required "-p:NetZmqSource=$1" "-p:NetZmqVersion=$(cat "$1/version")"
    "-p:NetZmqHasMessagePool=$(cat "$1/message-pool")")
}
