#!/usr/bin/env bash
# Measures the reference encoder's memory beyond the form and its speed on 100,000 small text fields.
# Usage: .tools/encode-memory/run.sh [FIELDS]   (release flags, whole-module optimization)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=.build-encode-memory
rm -rf "$build"
mkdir -p "$build"
find Sources/MultipartForm -name '*.swift' -print0 | sort -z | xargs -0 swiftc -O -wmo -parse-as-library \
    -swift-version 6 -package-name multipart_form_conformance -module-name MultipartForm \
    -emit-module -emit-module-path "$build/MultipartForm.swiftmodule" -emit-library -static -o "$build/libMultipartForm.a"
swiftc -O -swift-version 6 -I "$build" -L "$build" .tools/encode-memory/measure.swift -lMultipartForm -o "$build/measure"
"$build/measure" "$@"
