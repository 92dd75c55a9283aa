#!/usr/bin/env bash
# Runs the test suites that start processes, servers or sockets again and again, with every core
# kept busy, to show they do not flake: a race with a child or a peer (a write to a pipe whose
# reader is gone, a fixed sleep, a port chosen before binding) shows up under load, not on a quiet
# machine. Stops at the first failing run and keeps its log.
#
#   .tools/flake/repeat.sh [RUNS] [--no-load]     (default 10 runs, loaded)
#
# The suites are found in the test sources (any that runs a process or a server), so a new one is
# included without editing this script. Builds the tests once (debug), then runs with --skip-build.
set -euo pipefail
cd "$(dirname "$0")/../.."

runs=10
load=1
for argument in "$@"; do
    case "${argument}" in
        --no-load) load=0 ;;
        ''|*[!0-9]*) echo "usage: .tools/flake/repeat.sh [RUNS] [--no-load]" >&2; exit 64 ;;
        *) runs="${argument}" ;;
    esac
done

# Suites whose file starts a process (TestProcess, Foundation's Process, ChildProcess, posix_spawn)
# or talks to a server (RunningServer, RawClient, the built binary).
files=$(grep -lE 'TestProcess\.|Process\(\)|ChildProcess\.|posix_spawn|RunningServer|RawClient|EndToEndTests(\(\)\.run|\.executable)' \
    -r Tests --include='*.swift' | grep -v -e '^Tests/Fuzz/' -e '^Tests/MultipartFormTestSupport/' || true)
suites=$(grep -ohE '(struct|class) [A-Za-z0-9]+Tests\b' ${files} | awk '{print $2}' | sort -u)
[ -n "${suites}" ] || { echo "no process-spawning suites found" >&2; exit 1; }
filter=$(echo "${suites}" | paste -sd'|' -)
echo "suites ($(echo "${suites}" | wc -l)): $(echo "${suites}" | paste -sd' ' -)"

swift build --build-tests >/dev/null

load_pids=()
stop_load() { for pid in "${load_pids[@]}"; do kill "${pid}" 2>/dev/null || true; done; }
trap stop_load EXIT
if [ "${load}" -eq 1 ]; then
    cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
    for _ in $(seq 1 "${cores}"); do (while :; do :; done) & load_pids+=($!); done
    echo "load: ${cores} busy loops"
fi

log="$(mktemp -t flake-XXXXXX.log)"
passed=0
failed=0
for run in $(seq 1 "${runs}"); do
    start=$(date +%s)
    if swift test --skip-build --filter "${filter}" >"${log}" 2>&1; then
        passed=$((passed + 1))
        echo "run ${run}: passed ($(( $(date +%s) - start )) s): $(grep -E 'Test run with' "${log}" | tail -1 | sed 's/^[^T]*//')"
    else
        failed=$((failed + 1))
        echo "run ${run}: FAILED ($(( $(date +%s) - start )) s); log kept at ${log}"
        grep -E '✘|error:|signal code|Fatal' "${log}" | head -40
        break
    fi
done
[ "${failed}" -eq 0 ] && rm -f "${log}"
echo "flake: ${passed} passed, ${failed} failed"
[ "${failed}" -eq 0 ]
