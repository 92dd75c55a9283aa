#!/usr/bin/env bash
# Builds a libFuzzer target and runs it.
#
# Usage: Tests/Fuzz/run.sh [SECONDS] [validator|command-line|har|http|serve|corpus] [extra libFuzzer flags...]
#
# The targets are the .swift files beside this script; they are not SwiftPM targets, because
# libFuzzer brings its own main. The package's modules are compiled here, in dependency order, with
# `-sanitize=fuzzer,address` (coverage-guided, AddressSanitizer on) into .build-fuzz/. The seed
# corpus is every vector in Vectors/: a control byte, the sidecar's content_type, LF, the body.
# Findings (crash-*, timeout-*, oom-*) and the growing corpus go to fuzz-<target>/ at the package
# root, which git ignores. Reproduce a finding with:  .build-fuzz/<target> fuzz-<target>/crash-...
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-60}
target=${2:-validator}
shift $(( $# > 2 ? 2 : $# ))

sanitizers=${FUZZ_SANITIZERS:-fuzzer,address}
build=.build-fuzz
[ "$sanitizers" = "fuzzer,address" ] || build=.build-fuzz-fast
mkdir -p "$build"
flags=(-sanitize="$sanitizers" -parse-as-library -O -g -swift-version 6 -package-name multipart_form_conformance
    -I "$build" -L "$build")

module() { # name, source directory, extra flags
    local name=$1 dir=$2
    shift 2
    if [ ! -f "$build/lib$name.a" ] || [ -n "$(find "$dir" -name '*.swift' -newer "$build/lib$name.a" | head -1)" ]; then
        echo "building $name" >&2
        # A fresh archive: members of files since renamed or removed must not linger in it.
        rm -f "$build/lib$name.a"
        find "$dir" -name '*.swift' -print0 | sort -z | xargs -0 swiftc "${flags[@]}" "$@" \
            -module-name "$name" -emit-module -emit-module-path "$build/$name.swiftmodule" \
            -emit-library -static -o "$build/lib$name.a"
    fi
}

module MultipartForm Sources/MultipartForm
module MultipartFormConformanceCore Sources/MultipartFormConformanceCore -lMultipartForm
case "$target" in
validator)
    swiftc "${flags[@]}" Tests/Fuzz/ValidatorFuzzTarget.swift Tests/Fuzz/FuzzInvariants.swift \
        -lMultipartForm -o "$build/validator"
    ;;
command-line)
    module MultipartFormCLI Sources/MultipartFormCLI -lMultipartForm -lMultipartFormConformanceCore
    swiftc "${flags[@]}" Tests/Fuzz/CommandLineFuzzTarget.swift \
        -lMultipartFormCLI -lMultipartFormConformanceCore -lMultipartForm -o "$build/command-line"
    ;;
har|http)
    module MultipartFormCLI Sources/MultipartFormCLI -lMultipartForm -lMultipartFormConformanceCore
    define=()
    [ "$target" = har ] && define=(-D FUZZ_HAR)
    swiftc "${flags[@]}" "${define[@]}" Tests/Fuzz/CaptureFuzzTarget.swift \
        -lMultipartFormCLI -lMultipartFormConformanceCore -lMultipartForm -o "$build/$target"
    ;;
serve)
    module MultipartFormCLI Sources/MultipartFormCLI -lMultipartForm -lMultipartFormConformanceCore
    swiftc "${flags[@]}" Tests/Fuzz/ServeFuzzTarget.swift \
        -lMultipartFormCLI -lMultipartFormConformanceCore -lMultipartForm -o "$build/serve"
    ;;
corpus)
    swiftc "${flags[@]}" Tests/Fuzz/CorpusFuzzTarget.swift \
        -lMultipartFormConformanceCore -lMultipartForm -o "$build/corpus"
    ;;
*)
    echo "unknown target '$target' (validator, command-line, har, http, serve or corpus)" >&2
    exit 64
    ;;
esac

corpus="fuzz-$target"
seeds="$build/seeds-$target"
mkdir -p "$corpus" "$seeds"
python3 - "$seeds" "$target" <<'PY'
import glob, hashlib, json, os, sys
out = sys.argv[1]
target = sys.argv[2]
for body_path in sorted(glob.glob("Vectors/*/*.body")):
    with open(body_path, "rb") as f:
        body = f.read()
    with open(body_path[:-5] + ".json", encoding="utf-8") as f:
        content_type = (json.load(f).get("content_type") or "").encode()
    with open(body_path[:-5] + ".json", "rb") as f:
        sidecar = f.read()
    # The validator and command-line targets read a control byte, the Content-Type and the body;
    # the command line also gets the body as an HTTP capture (control 0x02) and in a HAR file (0x03);
    # the har and http targets read the capture alone; the corpus target reads a control byte and a
    # sidecar, a manifest line or a HAR document.
    har = json.dumps({"log": {"entries": [{"request": {"method": "POST", "url": "https://e/u",
        "headers": [{"name": "Content-Type", "value": content_type.decode("latin-1")}],
        "postData": {"mimeType": content_type.decode("latin-1"), "text": body.decode("latin-1")}}}]}}).encode()
    http = b"POST /u HTTP/1.1\r\nContent-Type: " + content_type + b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
    seeds = {"validator": [bytes([c]) + content_type + b"\n" + body for c in (0x00, 0x86)],
             "command-line": [bytes([c]) + content_type + b"\n" + body for c in (0x00, 0x86)] + [b"\x02" + http, b"\x03" + har],
             "har": [har], "http": [http],
             # serve: one connection's bytes; the body also chunked (in two chunks) and pipelined twice.
             "serve": [http, http + http, b"POST /u HTTP/1.1\r\nContent-Type: " + content_type
                       + b"\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n"
                       + b"".join(b"%x\r\n" % len(piece) + piece + b"\r\n" for piece in (body[:len(body) // 2], body[len(body) // 2:]) if piece)
                       + b"0\r\n\r\n"],
             "corpus": [b"\x00" + sidecar, b"\x01" + hashlib.sha256(body).hexdigest().encode() + b"  " + body_path[8:].encode() + b"\n", b"\x02" + har]}
    for data in seeds[target]:
        with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
PY
# No allocation stack traces: they cost more than a finding's reproduction needs (rerun to get them).
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=0}
"$build/$target" "$corpus" "$seeds" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$corpus/" -print_final_stats=1 "$@"
