#!/usr/bin/env bash
# Snapshots the validator's reports (issue 21's no-behaviour-change check): every corpus vector and
# ROUNDS (default 27) seeded mutations of each vector under 16 KiB, each validated whole and in
# chunks of 1, 3 and 64 bytes; one line per body and chunking, every report field included.
#
# Usage: .tools/engine-snapshot/run.sh OUTPUT [ROUNDS]
# Compare two snapshots (before and after an engine change) with: cmp BEFORE AFTER
# Nothing here is committed output: the snapshot is written where OUTPUT says.
set -euo pipefail
cd "$(dirname "$0")/../.."
output=${1:?usage: run.sh OUTPUT [ROUNDS]}
rounds=${2:-27}
build=.build-snapshot
.tools/engine-snapshot/build.sh "$build" MultipartFormSystem MultipartForm MultipartFormConformanceCore
swiftc -O -swift-version 5 -package-name multipart_form_conformance -I "$build" -L "$build" \
    .tools/engine-snapshot/snapshot.swift -lMultipartFormConformanceCore -lMultipartForm -lMultipartFormSystem -o "$build/snapshot"
"$build/snapshot" Vectors "$rounds" >"$output"
echo "wrote $output ($(wc -l <"$output") reports)"
