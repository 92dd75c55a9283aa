#!/usr/bin/env bash
# Measures the reference encoder's memory beyond the form and its speed on 100,000 small text fields.
# Usage: .tools/encode-memory/run.sh [FIELDS]   (release flags, whole-module optimization)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=.build-encode-memory
.tools/engine-snapshot/build.sh "$build" MultipartFormSystem MultipartForm
swiftc -O -swift-version 6 -I "$build" -L "$build" .tools/encode-memory/measure.swift -lMultipartForm -lMultipartFormSystem -o "$build/measure"
"$build/measure" "$@"
