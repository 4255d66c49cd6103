#!/usr/bin/env bash
# Posts the run's artifacts/perf/comment.md (or PERF_COMMENT) on the pull request (PR, in REPO, with GH_TOKEN), or
# updates in place the one an earlier run posted, found by the marker on its first line. A token that may not comment
# (a pull request from a fork gets a read-only one) is said in the log, and the verdict stays in the job summary: never
# a failed job.
set -uo pipefail
cd "$(dirname "$0")/.."
body=${PERF_COMMENT:-artifacts/perf/comment.md}
if [ ! -f "$body" ]; then
  echo "::notice::no $body: the run ended before writing one, so there is nothing to post"
  exit 0
fi
cat "$body" >> "${GITHUB_STEP_SUMMARY:-/dev/null}"
marker=$(head -n 1 "$body")
if ! existing=$(gh api "repos/$REPO/issues/$PR/comments" --paginate --jq ".[] | select(.body | startswith(\"$marker\")) | .id" 2>&1); then
  echo "::notice::the comments of #$PR could not be read ($existing): the verdict is in the job summary only"
  exit 0
fi
id=$(printf '%s\n' "$existing" | tail -n 1)
if [ -n "$id" ]; then
  out=$(gh api -X PATCH "repos/$REPO/issues/comments/$id" -F "body=@$body" 2>&1) && echo "updated the comment $id on #$PR"
else
  out=$(gh api "repos/$REPO/issues/$PR/comments" -F "body=@$body" 2>&1) && echo "commented on #$PR"
fi || echo "::notice::the comment was not posted ($out): a pull request from a fork, or a caller that did not grant pull-requests: write, gets a token that may not comment; the verdict is in the job summary only"
