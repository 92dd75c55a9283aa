#!/usr/bin/env bash
# Counts the reference encoder's instructions on the bench's many-fields form, stage by stage
# (issue 21's encode measure): making the strings, building the form, preparing the body, writing
# it. Each stage runs the ones before it, so its own cost is the difference; needs valgrind.
#
# Usage: .tools/engine-snapshot/count-encode.sh [FIELDS]   (default 100000)
set -euo pipefail
cd "$(dirname "$0")/../.."
fields=${1:-100000}
command -v valgrind >/dev/null || { echo "count-encode.sh needs valgrind (apt-get install valgrind)" >&2; exit 69; }
build=.build-count
.tools/engine-snapshot/build.sh "$build" MultipartFormSystem MultipartForm
swiftc -O -swift-version 5 -package-name multipart_form_conformance -I "$build" -L "$build" \
    .tools/engine-snapshot/encode.swift -lMultipartForm -lMultipartFormSystem -o "$build/encode"
previous=0
for stage in strings form prepare write; do
    count=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$build/encode" "$fields" "$stage" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    printf '%s\t%s instructions in all\t%s for the stage, %s a field\n' "$stage" "$count" "$((count - previous))" "$(((count - previous) / fields))"
    previous=$count
done
