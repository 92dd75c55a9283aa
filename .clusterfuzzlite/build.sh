#!/bin/bash -eu
# Builds the libFuzzer targets of Tests/Fuzz for ClusterFuzzLite and OSS-Fuzz (Swift base image).
#
# The engine runs this with $SRC (this checkout is $SRC/multipart-form-conformance), $OUT (where
# fuzzers, seed corpora, dictionaries and options go), $WORK (scratch), $SANITIZER, $CFLAGS and
# $CXXFLAGS set; `precompile_swift` (from the base image) turns them into $SWIFTFLAGS. To run it
# elsewhere, set those variables and $SWIFTFLAGS yourself, as Tests/Fuzz/cflite-local.sh does.
#
# Each target becomes $OUT/fuzz-<name>, with fuzz-<name>_seed_corpus.zip (built from Vectors/),
# fuzz-<name>.dict (multipart, HTTP and JSON tokens) and fuzz-<name>.options.

if command -v precompile_swift > /dev/null; then
    . precompile_swift
fi
: "${SWIFTFLAGS:?SWIFTFLAGS is not set: run precompile_swift (the Swift base image does) or set it}"
: "${SRC:?}" "${OUT:?}" "${WORK:?}"

cd "$SRC/multipart-form-conformance"
fuzzers="validator command-line har http serve page corpus certify-answer"

# The fuzz targets are declared only when this is set (Package.swift): a plain build never links them.
export MULTIPART_CHECK_FUZZ=1
build="$WORK/swift-build"
for name in $fuzzers; do
    # shellcheck disable=SC2086 # SWIFTFLAGS is a list of flags.
    swift build -c release --build-path "$build" $SWIFTFLAGS --product "fuzz-$name"
done

bin=$(swift build -c release --build-path "$build" $SWIFTFLAGS --show-bin-path)
for name in $fuzzers; do
    cp "$bin/fuzz-$name" "$OUT/"
    seeds="$WORK/seeds-$name"
    rm -rf "$seeds"
    python3 Tests/Fuzz/seeds.py "$name" "$seeds"
    rm -f "$OUT/fuzz-${name}_seed_corpus.zip"
    (cd "$seeds" && zip -q -r "$OUT/fuzz-${name}_seed_corpus.zip" .)
    cp Tests/Fuzz/multipart.dict "$OUT/fuzz-$name.dict"
    # Inputs past 4 KiB add time, not paths: every limit the targets reach is hit by smaller ones.
    printf '[libfuzzer]\nmax_len = 4096\n' > "$OUT/fuzz-$name.options"
done
