#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh here, without Docker, in the environment ClusterFuzzLite and
# OSS-Fuzz give it: $SRC holding a copy of this checkout, $OUT, $WORK, $SANITIZER=address,
# $FUZZING_ENGINE=libfuzzer, $LIB_FUZZING_ENGINE=-fsanitize=fuzzer, $CFLAGS and $CXXFLAGS as the
# base-clang image and `compile` set them, and $SWIFTFLAGS as the Swift base image's
# `precompile_swift` derives it from them.
#
# Usage: Tests/Fuzz/cflite-local.sh [DIRECTORY]   (default /tmp/cflite; $OUT is DIRECTORY/out)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
base=${1:-/tmp/cflite}

export SRC="$base/src" OUT="$base/out" WORK="$base/work"
mkdir -p "$SRC" "$OUT" "$WORK"
# The image holds a copy of the checkout (COPY . $SRC/...), not the checkout itself.
rm -rf "$SRC/multipart-form-conformance"
mkdir -p "$SRC/multipart-form-conformance"
git -C "$root" ls-files -z --cached --others --exclude-standard | (cd "$root" && xargs -0 cp --parents -t "$SRC/multipart-form-conformance")
cp "$root/.clusterfuzzlite/build.sh" "$SRC/"

export SANITIZER=address FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64 FUZZING_LANGUAGE=swift
export LIB_FUZZING_ENGINE="-fsanitize=fuzzer"
# base-clang's CFLAGS, then compile's sanitizer and coverage flags for address + libfuzzer.
CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -Wno-error=incompatible-function-pointer-types"
CFLAGS+=" -Wno-error=int-conversion -Wno-error=deprecated-declarations -Wno-error=implicit-function-declaration"
CFLAGS+=" -Wno-error=implicit-int -Wno-error=unknown-warning-option -Wno-error=vla-cxx-extension"
CFLAGS+=" -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
CFLAGS+=" -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
export CFLAGS
export CXXFLAGS="$CFLAGS -stdlib=libc++"
# precompile_swift (infra/base-images/base-builder-swift), for a sanitizer other than coverage.
SWIFTFLAGS="-Xswiftc -parse-as-library -Xswiftc -static-stdlib --static-swift-stdlib"
SWIFTFLAGS+=" -Xswiftc -sanitize=fuzzer,$SANITIZER --sanitize=$SANITIZER"
for flag in $CFLAGS; do SWIFTFLAGS+=" -Xcc=$flag"; done
for flag in $CXXFLAGS; do SWIFTFLAGS+=" -Xcxx=$flag"; done
export SWIFTFLAGS

cd "$SRC/multipart-form-conformance"
bash -eu "$SRC/build.sh"
ls -l "$OUT"
