#!/bin/sh
# Captures what real browsers send for the cases of page.html and rewrites Interop/browsers/captures/.
# Headless Chromium (Debian's chromium) and Firefox ESR (Debian's firefox-esr), no webdriver, nothing
# downloaded: each browser opens http://127.0.0.1:PORT/run/BROWSER from server.py, whose page submits
# every case by navigation and by fetch(); the browser is stopped once the page reports it is done.
# Interop/setup.sh installs both browsers. Afterwards python3 .tools/vectorgen/generate.py turns the
# captures into Vectors/browsers/ (CI needs no browser: the vectors are committed).
#
#   Interop/browsers/capture.sh              both browsers
#   Interop/browsers/capture.sh chromium     one of them (the other's captures are kept)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
browsers=${*:-chromium firefox}
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT INT TERM

version() { "$1" --version 2>/dev/null | head -1 | sed 's/ built on.*//'; }
versions=$(printf '{"chromium": "%s", "firefox": "%s"}' "$(version chromium)" "$(version firefox-esr)")
mkdir -p "$work/out"
python3 "$here/server.py" "$work/out" "$versions" > "$work/port" 2> "$work/server.log" &
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -1 "$work/port")

wait_done() { # browser, pid: waits up to 120 s for the page's report, then stops the browser
    for _ in $(seq 240); do
        [ -f "$work/out/.done-$1" ] && break
        kill -0 "$2" 2>/dev/null || break
        sleep 0.5
    done
    kill -TERM "$2" 2>/dev/null || true
    sleep 1
    kill -KILL "$2" 2>/dev/null || true
    if [ ! -f "$work/out/.done-$1" ]; then
        echo "capture.sh: $1 did not finish the page; the server log:" >&2
        cat "$work/server.log" >&2
        exit 1
    fi
}

for browser in $browsers; do
    case $browser in
    chromium)
        setsid chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$work/chromium" \
            "http://127.0.0.1:$port/run/chromium" > "$work/chromium.log" 2>&1 &
        ;;
    firefox)
        mkdir -p "$work/firefox"
        cp "$here/firefox-user.js" "$work/firefox/user.js"
        setsid firefox-esr --headless --no-remote --profile "$work/firefox" \
            "http://127.0.0.1:$port/run/firefox" > "$work/firefox.log" 2>&1 &
        ;;
    *)
        echo "capture.sh: unknown browser '$browser' (chromium or firefox)" >&2
        exit 64
        ;;
    esac
    pid=$!
    wait_done "$browser" "$pid"
    kill -KILL -- "-$pid" 2>/dev/null || true
    failures=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["failures"]))' "$work/out/.done-$browser")
    if [ "$failures" != 0 ]; then
        echo "capture.sh: $browser reported failures: $(cat "$work/out/.done-$browser")" >&2
        exit 1
    fi
    mkdir -p "$here/captures"
    rm -f "$here/captures/$browser"-*.json
    cp "$work/out/$browser"-*.json "$here/captures/"
    for path in form fetch; do
        echo "$browser ($(version "$( [ "$browser" = firefox ] && echo firefox-esr || echo chromium)")), $path: $(ls "$work/out/$browser-$path-"*.json | wc -l) captures"
    done
done
