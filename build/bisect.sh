#!/usr/bin/env bash
# Which commit of Net.Zmq moved these cases' counts: over good..bad of a checkout, the first commit whose cases matching
# a glob count (instructions per message by thread, native calls per message) beyond the count gates' bounds from the
# good end's, by counting only: each probe packs one commit (build/netzmq-checkout.sh) and runs the suite's counting
# passes on the matching cases, nothing timed (PERF_TIMING=off). A commit that does not build is skipped and named.
#
#   build/bisect.sh <Net.Zmq checkout> <good>..<bad> <case glob> [--improved]
#
# --improved: the first commit whose counts dropped beyond the bounds (the good end's judged against the commit's).
# Counts are kept beside each pack, by glob: a second bisect over the same commits reuses them.
# Exit: 0 the commit found; 1 nothing moved between good and bad; 2 bad input; 3 the good or bad end does not build,
# or the suite could not count a probe.
set -euo pipefail
tool=bisect
source "$(dirname "$0")/netzmq-checkout.sh"

[ $# -ge 3 ] || fail "usage: build/bisect.sh <Net.Zmq checkout> <good>..<bad> <case glob> [--improved]"
open_checkout "$1"
range=$2 glob=$3 improved=false
[ "${4:-}" = "--improved" ] && improved=true
[ $# -le 3 ] || $improved || fail "unknown argument '$4'"
[[ "$range" == *..* && "$range" != *...* ]] || fail "'$range' is not a range good..bad"
good=$(commit_of "${range%%..*}")
bad=$(commit_of "${range##*..}")
require_netzmq "$good"
require_netzmq "$bad"
git merge-base --is-ancestor "$good" "$bad" \
  || fail "${range%%..*} is not an ancestor of ${range##*..}: a range runs from an older commit to one that contains it"
mapfile -t commits < <(git rev-list --reverse --first-parent "$good..$bad")
[ ${#commits[@]} -gt 0 ] || fail "'$range' holds no commit"

# The judge: the count gates' rules over two runs' measured.json (build/CompareRuns --counts), built once. Or
# PERF_BISECT_PROBE, a command given each commit that exits 0 where it moved, 125 where it cannot say (as git bisect run).
judge_dir=$(mktemp -d)
trap 'rm -rf "$judge_dir"' EXIT
if [ -z "${PERF_BISECT_PROBE:-}" ]; then
  dotnet build "$suite/build/CompareRuns" -c Release -nologo -v:q -o "$judge_dir" > "$judge_dir/build.log" 2>&1 \
    || { tail -n 15 "$judge_dir/build.log" >&2; fail "build/CompareRuns did not build" 3; }
fi
glob_key=$(printf '%s' "$glob" | sha1sum | cut -c1-12)
probes=0

# count <commit>: prints the path of its counts of the matching cases, or nothing where it does not build.
count() {
  local key folder counts started
  key=$(tree_key "$1")
  counts="$packs/$key/counts-$glob_key.json"
  if [ -f "$counts" ]; then echo "$counts"; return; fi
  read -r folder _ < <(pack "$1" "$key" "$(subject_of "$1")") || true
  [ -n "${folder:-}" ] || return 0
  head_arguments "$folder"
  started=$(date +%s)
  # The gate test alone, the head alone (the probe judges nothing: the comparison below does).
  (cd "$suite" && PERF_TIMING=off PERF_DRIVERS=NetZmq PERF_FILTER="$glob" dotnet test tests/Net.Zmq.PerfTests \
      --filter "FullyQualifiedName~NetZmqTests.PerfTests.GateTests" "${head_args[@]}") > "$folder/counts-$glob_key.log" 2>&1 \
    || { tail -n 15 "$folder/counts-$glob_key.log" >&2; fail "the suite did not count $(subject_of "$1")" 3; }
  cp "$suite/artifacts/perf/measured.json" "$counts" || fail "the suite wrote no counts for $(subject_of "$1")" 3
  echo "$tool: counted $(subject_of "$1") in $(( $(date +%s) - started )) s" >&2
  echo "$counts"
}

# moved <index>: 0 when commits[index]'s counts moved beyond the bounds from the good end's, 1 when not, 2 skipped.
declare -A verdicts
moved() {
  local commit=${commits[$1]} counts result
  probes=$((probes + 1))
  if [ -n "${PERF_BISECT_PROBE:-}" ]; then
    set +e; (cd "$top" && $PERF_BISECT_PROBE "$commit") > "$judge_dir/moved-$1.txt" 2>&1; result=$?; set -e
    case $result in 0) result=0 ;; 125) result=2 ;; *) result=1 ;; esac
  else
    counts=$(count "$commit") || exit 3   # the suite could not count it (said above): no verdict to guess
    if [ -z "$counts" ]; then result=2
    else
      local earlier=$good_counts later=$counts
      $improved && { earlier=$counts; later=$good_counts; }
      set +e; dotnet "$judge_dir/CompareRuns.dll" --counts "$earlier" "$later" > "$judge_dir/moved-$1.txt" 2>&1; result=$?; set -e
      [ $result -le 1 ] || { cat "$judge_dir/moved-$1.txt" >&2; fail "the counts of $(subject_of "$commit") could not be compared" 3; }
      result=$((1 - result))   # the judge exits 1 where a gate fails: moved
    fi
  fi
  verdicts[$1]=$(case $result in 0) echo moved ;; 1) echo unmoved ;; *) echo skipped ;; esac)
  echo "$tool: probe $probes: $(subject_of "$commit"): ${verdicts[$1]}$([ $result -eq 2 ] && echo ' (it does not build)')" >&2
  return $result
}

if [ -z "${PERF_BISECT_PROBE:-}" ]; then
  good_counts=$(count "$good") || exit 3
  [ -n "$good_counts" ] || fail "the good end $(subject_of "$good") does not build: nothing to compare with" 3
  probes=1
fi
# Binary search for the first moved commit in (lo, hi], hi taken as moved until the end shows otherwise; a skipped
# commit gives way to the nearest untried one between lo and hi.
lo=-1 hi=$(( ${#commits[@]} - 1 )) hi_known=false
while [ $((hi - lo)) -gt 1 ]; do
  mid=$(( (lo + hi) / 2 )) tried=''
  for ((d = 0; d < hi - lo; d++)); do
    for i in $((mid + d)) $((mid - d)); do
      if [ $i -gt $lo ] && [ $i -lt $hi ] && [ -z "${verdicts[$i]:-}" ]; then tried=$i; break; fi
    done
    [ -z "$tried" ] || break
  done
  [ -n "$tried" ] || break
  result=0; moved "$tried" || result=$?
  case $result in 0) hi=$tried; hi_known=true ;; 1) lo=$tried ;; esac
done
if ! $hi_known; then
  result=0; moved "$hi" || result=$?
  [ $result -ne 2 ] || fail "the bad end $(subject_of "$bad") does not build: nothing is known to have moved by it" 3
  if [ $result -eq 1 ]; then
    echo "nothing moved: $glob counts the same from $(subject_of "$good") to $(subject_of "$bad") within the bounds ($probes probes)"
    exit 1
  fi
fi

skipped=()
for i in "${!verdicts[@]}"; do [ "${verdicts[$i]}" = skipped ] && skipped+=("$(subject_of "${commits[$i]}")"); done
candidates=()
for ((i = lo + 1; i <= hi; i++)); do candidates+=("$(subject_of "${commits[$i]}")"); done
if [ ${#candidates[@]} -gt 1 ]; then
  echo "the first commit that $($improved && echo improved || echo moved) $glob is one of (the others between do not build):"
  printf '  %s\n' "${candidates[@]}"
else
  echo "first $($improved && echo improved || echo moved): $(subject_of "${commits[$hi]}") ($(git rev-parse "${commits[$hi]}"))"
  if $improved; then echo "  (each gate below judges the good end's counts against this commit's: its figures read this commit → the good end)"; fi
  sed 's/^/  /' "$judge_dir/moved-$hi.txt"
fi
[ ${#skipped[@]} -eq 0 ] || printf 'skipped (does not build): %s\n' "${skipped[@]}"
echo "probes: $probes (${#verdicts[@]} of the ${#commits[@]} commits$([ -z "${PERF_BISECT_PROBE:-}" ] && echo ', and the good end'))"
