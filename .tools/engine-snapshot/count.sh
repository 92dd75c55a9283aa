#!/usr/bin/env bash
# Counts the instructions the validator spends on bodies (issue 21's measure: times are noisy on a
# shared machine, instruction counts are not). Builds the engine as run.sh does, then runs each
# body under callgrind at each chunk size; needs valgrind.
#
# Usage: .tools/engine-snapshot/count.sh BOUNDARY CHUNK-SIZES BODY...
#   e.g. count.sh ----WebKitFormBoundary7MA4YWxkTrZu0gW 65536,1 /tmp/bodies/*.body
# With COLLECT=1 in the environment, parts are collected, as decode reads a body.
# Bodies: `python3 .tools/bench/make-bodies.py DIR`, or `multipart-check bench --keep-bodies`.
# Compare two commits by running it in a worktree of each.
set -euo pipefail
cd "$(dirname "$0")/../.."
boundary=${1:?usage: count.sh BOUNDARY CHUNK-SIZES BODY...}
sizes=${2:?usage: count.sh BOUNDARY CHUNK-SIZES BODY...}
shift 2
command -v valgrind >/dev/null || { echo "count.sh needs valgrind (apt-get install valgrind)" >&2; exit 69; }
build=.build-count
.tools/engine-snapshot/build.sh "$build" MultipartFormSystem MultipartForm
swiftc -O -swift-version 5 -package-name multipart_form_conformance -I "$build" -L "$build" \
    .tools/engine-snapshot/feed.swift -lMultipartForm -lMultipartFormSystem -o "$build/feed"
# The engine's observer (which counts the paths) is left out of the counted build, as out of a release.
observed=.build-count-observed
DEFINES=MULTIPART_ENGINE_OBSERVER .tools/engine-snapshot/build.sh "$observed" MultipartFormSystem MultipartForm
swiftc -O -swift-version 5 -package-name multipart_form_conformance -I "$observed" -L "$observed" \
    .tools/engine-snapshot/feed.swift -lMultipartForm -lMultipartFormSystem -o "$observed/feed"
for body in "$@"; do
    for size in ${sizes//,/ }; do
        count=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$build/feed" "$body" "$boundary" "$size" ${COLLECT:+collect} 2>&1 |
            sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
        # Which path read the parts explains most of a change in the count (a run not counted).
        parts=$("$observed/feed" "$body" "$boundary" "$size" ${COLLECT:+collect} paths)
        printf '%s\tchunk %s\t%s instructions\t%s\n' "$body" "$size" "$count" "$parts"
    done
done
