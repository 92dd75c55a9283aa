#!/usr/bin/env bash
# Times two or more builds of multipart-check against each other on one bench case, alternating
# between them in every round, so that a shared machine's slow and fast spells fall on all of them
# alike. On a noisy machine, compare builds with this rather than with separate `bench` runs.
#
# Usage: .tools/bench/alternate.sh [-r ROUNDS] [-n RUNS] [-c CASE] [-o OPERATION] [-s FILE] NAME=EXECUTABLE...
#   e.g. alternate.sh -r 100 before=/tmp/before/multipart-check after=.build/release/multipart-check
#
# The first build writes the case's files (`bench --keep-bodies`), removed at the end. Each round
# runs every build's operation RUNS times (each round starting with the next build in turn), each
# in a process of its own as `bench` runs it (the hidden `__bench-worker` mode), then the
# operation's floor RUNS times with the first build, and keeps the medians. At the end it prints,
# for each build: the median time; the median over rounds of the floor's time over the build's (the
# ratio `bench` prints, with the floor of the same round); and against the first build, the median
# over rounds of its time over the first build's, and the number of rounds in which it was faster.
# Defaults: 30 rounds, 5 runs, many-fields, validate.
# Each median comes with its quartiles over the rounds: on a machine with slow and fast spells, a
# window that straddles them shows as wide quartiles. `-s FILE` keeps each round's median
# nanoseconds (one line a round, `NAME=NS ... floor=NS`).
# Give a multiple of the number of builds as ROUNDS, so that each has each place equally often.
# Needs python3 for the summary.
set -euo pipefail

rounds=30 runs=5 case=many-fields operation=validate keep=""
while getopts "r:n:c:o:s:" flag; do
    case "$flag" in
    r) rounds=$OPTARG ;;
    n) runs=$OPTARG ;;
    c) case=$OPTARG ;;
    o) operation=$OPTARG ;;
    s) keep=$OPTARG ;;
    *) sed -n '6p' "$0" >&2; exit 64 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { sed -n '6p' "$0" >&2; exit 64; }
command -v python3 >/dev/null || { echo "alternate.sh needs python3 for its summary" >&2; exit 69; }

names=() executables=()
for spec in "$@"; do
    case "$spec" in
    *=*) names+=("${spec%%=*}"); executables+=("${spec#*=}") ;;
    *) echo "expected NAME=EXECUTABLE, got '$spec'" >&2; exit 64 ;;
    esac
    [ -x "${spec#*=}" ] || { echo "not an executable: '${spec#*=}'" >&2; exit 66; }
done

notes=$(mktemp) report=$(mktemp)
"${executables[0]}" bench --case "$case" --runs 1 --keep-bodies --format json >"$report" 2>"$notes"
directory=$(sed -n "s/^note: the bodies are in '\(.*\)'$/\1/p" "$notes")
# The floor this operation is divided by, as bench's own report names it (the operation itself for a floor).
floor=$(python3 -c 'import json, sys
result = [r for r in json.load(open(sys.argv[1]))["cases"][0]["results"] if r["operation"] == sys.argv[2]]
print(result[0]["floor"] or sys.argv[2] if result else "")' "$report" "$operation")
rm -f "$notes" "$report"
[ -n "$directory" ] && [ -d "$directory/$case" ] || { echo "bench did not keep the bodies of '$case'" >&2; exit 70; }
[ -n "$floor" ] || { rm -rf "$directory"; echo "bench has no operation '$operation'" >&2; exit 64; }
samples=$(mktemp)
trap 'rm -rf "$directory" "$samples"' EXIT

# The median nanoseconds of RUNS runs of OPERATION by EXECUTABLE.
median_ns() {
    local executable=$1 op=$2
    for ((run = 0; run < runs; run++)); do
        "$executable" __bench-worker "$op" "$case" 1 "$directory/$case" | sed -E 's/.*ns=([0-9]+).*/\1/'
    done | sort -n |
        awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

# The builds take turns at each place in the round (round r starts with build r - 1, modulo their
# number): a build's place in the round is worth a few per cent on some machines, and would
# otherwise fall on one build every time.
count=${#names[@]}
for ((round = 1; round <= rounds; round++)); do
    line=""
    for ((place = 0; place < count; place++)); do
        index=$(((round - 1 + place) % count))
        line+="${names[$index]}=$(median_ns "${executables[$index]}" "$operation") "
    done
    echo "${line}floor=$(median_ns "${executables[0]}" "$floor")" >>"$samples"
    printf '\rround %d of %d' "$round" "$rounds" >&2
done
printf '\n' >&2
[ -z "$keep" ] || cp "$samples" "$keep"

python3 - "$samples" "$case" "$operation" "$floor" <<'PYTHON'
import re, statistics, sys
path, case, operation, floor = sys.argv[1:]
rows = [dict((k, int(v)) for k, v in re.findall(r"(\S+)=(\d+)", line)) for line in open(path)]
names = [k for k in rows[0] if k != "floor"]
first = names[0]
print(f"{case} {operation}: {len(rows)} rounds; ratio = {floor} time / build time, same round")


def spread(values, digits, unit=""):
    """The median and, from four rounds on, the quartiles (`statistics.quantiles`, exclusive method)."""
    median = f"{statistics.median(values):.{digits}f}{unit}"
    if len(values) < 4:
        return median
    low, _, high = statistics.quantiles(values, n=4)
    return f"{median} (quartiles {low:.{digits}f} to {high:.{digits}f})"


for name in names:
    times = [row[name] / 1e6 for row in rows]
    ratios = [row["floor"] / row[name] for row in rows]
    text = f"  {name}: median {spread(times, 2, ' ms')}, ratio {spread(ratios, 3)}"
    if name != first:
        relative = [row[name] / row[first] for row in rows]
        faster = sum(1 for value in relative if value < 1)
        text += f"; time / {first}: median {spread(relative, 3)}, faster in {faster} of {len(rows)} rounds"
    print(text)
PYTHON
