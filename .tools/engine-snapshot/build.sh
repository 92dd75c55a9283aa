#!/usr/bin/env bash
# Builds the package's library modules as the engine tools link them (optimised, whole module,
# static archives) into the directory given, from scratch: the engine changes between runs.
#
# Usage: .tools/engine-snapshot/build.sh DIRECTORY MODULE...   (in dependency order)
# DEFINES in the environment adds compilation conditions, e.g. DEFINES=MULTIPART_ENGINE_OBSERVER.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:?usage: build.sh DIRECTORY MODULE...}
shift
rm -rf "$build"
mkdir -p "$build"
flags=(-O -wmo -parse-as-library -swift-version 6 -package-name multipart_form_conformance -I "$build" -L "$build")
for define in ${DEFINES:-}; do flags+=(-D "$define"); done
linked=()
for name in "$@"; do
    find "Sources/$name" -name '*.swift' -print0 | sort -z | xargs -0 swiftc "${flags[@]}" "${linked[@]}" \
        -module-name "$name" -emit-module -emit-module-path "$build/$name.swiftmodule" \
        -emit-library -static -o "$build/lib$name.a"
    linked+=("-l$name")
done
