#!/usr/bin/env bash
# Builds a libFuzzer target and runs it.
#
# Usage: Tests/Fuzz/run.sh [SECONDS] [TARGET] [extra libFuzzer flags...]
#   TARGET: validator (default), command-line, har, http, serve, page, corpus or certify-answer
#
# The targets are SwiftPM executables declared only when MULTIPART_CHECK_FUZZ is set (Package.swift),
# built here in release with `-sanitize=fuzzer,address` (coverage-guided, AddressSanitizer on) into
# .build-fuzz/, as .clusterfuzzlite/build.sh builds them for ClusterFuzzLite and OSS-Fuzz. The seed
# corpus is built from Vectors/ by seeds.py; the dictionary is multipart.dict. Findings (crash-*,
# timeout-*, oom-*) and the growing corpus go to fuzz-<target>/ at the package root, which git
# ignores. Reproduce a finding with:  .build-fuzz/release/fuzz-<target> fuzz-<target>/crash-...
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-60}
target=${2:-validator}
shift $(( $# > 2 ? 2 : $# ))
case "$target" in
validator|command-line|har|http|serve|page|corpus|certify-answer) ;;
*)
    echo "unknown target '$target' (validator, command-line, har, http, serve, page, corpus or certify-answer)" >&2
    exit 64
    ;;
esac

sanitizers=${FUZZ_SANITIZERS:-fuzzer,address}
build=.build-fuzz
[ "$sanitizers" = "fuzzer,address" ] || build=.build-fuzz-fast
MULTIPART_CHECK_FUZZ=1 swift build -c release --build-path "$build" -Xswiftc -sanitize="$sanitizers" \
    -Xswiftc -parse-as-library --product "fuzz-$target"

corpus="fuzz-$target"
seeds="$build/seeds-$target"
mkdir -p "$corpus"
python3 Tests/Fuzz/seeds.py "$target" "$seeds"
# No allocation stack traces: they cost more than a finding's reproduction needs (rerun to get them).
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=0}
"$build/release/fuzz-$target" "$corpus" "$seeds" -dict=Tests/Fuzz/multipart.dict -max_total_time="$seconds" \
    -max_len=4096 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$corpus/" -print_final_stats=1 "$@"
