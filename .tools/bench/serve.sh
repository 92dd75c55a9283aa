#!/usr/bin/env bash
# Benchmarks `multipart-check serve` with curl over loopback (release build; Linux, for /proc):
#   1. one upload of SIZE_MIB (default 1024) MiB: MB/s, the server's peak RSS, the time to first finding;
#   2. CONCURRENT (default 64) simultaneous uploads of EACH_MIB (default 16) MiB: MB/s, peak RSS, and
#      that every one of the CONCURRENT reports is the expected one.
# Usage: .tools/bench/serve.sh [path/to/multipart-check]   (default .build/release/multipart-check)
# Targets (issue 20): upload >= 1 GB/s at <= 16 MiB RSS; concurrent run <= 64 MiB, every report correct.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary="${1:-.build/release/multipart-check}"
size_mib="${SIZE_MIB:-1024}"
concurrent="${CONCURRENT:-64}"
each_mib="${EACH_MIB:-16}"
command -v curl >/dev/null || { echo "curl is needed"; exit 1; }
[ -x "$binary" ] || { echo "build first: swift build -c release --product multipart-check"; exit 1; }

work="$(mktemp -d)"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

# A body whose first part has a header line ending in a bare LF (one finding, at offset 48), then
# one file part of the given size: bytes 0..255 repeated, so CR and LF occur in the content.
make_body() { # make_body MIB PATH
    python3 - "$1" "$2" <<'PY'
import sys
mib, path = int(sys.argv[1]), sys.argv[2]
block = bytes(range(256)) * 4096  # 1 MiB
with open(path, "wb") as out:
    out.write(b'--BENCHxBOUNDARY\r\nContent-Disposition: form-data; name="a"\n\r\nv\r\n')
    out.write(b'--BENCHxBOUNDARY\r\nContent-Disposition: form-data; name="f"; filename="f.bin"\r\n'
              b'Content-Type: application/octet-stream\r\n\r\n')
    for _ in range(mib):
        out.write(block)
    out.write(b'\r\n--BENCHxBOUNDARY--\r\n')
PY
}
content_type="multipart/form-data; boundary=BENCHxBOUNDARY"

start_server() {
    port_file="$work/port"
    "$binary" serve --port 0 --format json --respond report --max-body 8G --max-connections 256 \
        >"$work/server.jsonl" 2>"$work/server.err" &
    server=$!
    for _ in $(seq 100); do
        grep -q "listening on" "$work/server.err" 2>/dev/null && break
        sleep 0.05
    done
    port="$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/server.err")"
}
stop_server() {
    peak_kib="$(awk '/VmHWM/ {print $2}' "/proc/$server/status")"
    kill -INT "$server"
    wait "$server" || true
    server=""
}

echo "== one upload of ${size_mib} MiB"
make_body "$size_mib" "$work/big.body"
start_server
timing="$(curl -sS -o "$work/big.json" -X POST -T "$work/big.body" -H "Content-Type: $content_type" \
    -w '%{size_upload} %{time_total}' "http://127.0.0.1:$port/")"
stop_server
python3 - "$timing" "$peak_kib" "$work/server.jsonl" "$work/big.json" <<'PY'
import json, sys
size, seconds = sys.argv[1].split()
report = json.loads(open(sys.argv[3]).readline())
answer = json.load(open(sys.argv[4]))
file = answer["files"][0]
rules = [d["rule"] for d in file["diagnostics"]]
ok = rules == ["header-bare-lf"] and file["bytes"] == int(float(size)) and file["parts"] == 2
first = report["request"]["first_finding_microseconds"]
print(f"bytes {int(float(size))}  seconds {float(seconds):.3f}  MB/s {float(size) / float(seconds) / 1e6:.0f}  "
      f"peak RSS {int(sys.argv[2]) / 1024:.1f} MiB  first finding after {first / 1000:.3f} ms  report {'correct' if ok else 'WRONG: ' + str(rules)}")
PY

echo "== ${concurrent} concurrent uploads of ${each_mib} MiB"
make_body "$each_mib" "$work/each.body"
start_server
urls=()
for i in $(seq "$concurrent"); do urls+=(-o "$work/answer-$i.json" -X POST -T "$work/each.body" "http://127.0.0.1:$port/u$i"); done
begin="$(date +%s.%N)"
curl -sS --no-progress-meter --parallel --parallel-immediate --parallel-max "$concurrent" -H "Content-Type: $content_type" "${urls[@]}"
end="$(date +%s.%N)"
stop_server
python3 - "$begin" "$end" "$peak_kib" "$concurrent" "$each_mib" "$work" <<'PY'
import json, os, sys
begin, end, peak, n, mib, work = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
size = os.path.getsize(os.path.join(work, "each.body"))
correct = 0
for i in range(1, n + 1):
    file = json.load(open(os.path.join(work, f"answer-{i}.json")))["files"][0]
    if [d["rule"] for d in file["diagnostics"]] == ["header-bare-lf"] and file["bytes"] == size and file["parts"] == 2:
        correct += 1
lines = open(os.path.join(work, "server.jsonl")).read().splitlines()
print(f"uploads {n} x {size} bytes  seconds {end - begin:.3f}  MB/s {n * size / (end - begin) / 1e6:.0f}  "
      f"peak RSS {peak / 1024:.1f} MiB  reports correct {correct}/{n}  report lines {len(lines)}")
PY
