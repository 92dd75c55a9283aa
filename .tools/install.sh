#!/usr/bin/env bash
# Installs multipart-check and its corpus so the tool works from any directory, with no source tree:
#   PREFIX/bin/multipart-check
#   PREFIX/share/multipart-check/Vectors   (read by the binary: ../share/multipart-check/Vectors)
#   PREFIX/share/multipart-check/Interop/results/evidence.json   (what real parsers made of it, for rules and explain)
#
# Usage: .tools/install.sh [PREFIX]        (default /usr/local)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-/usr/local}

swift build -c release --product multipart-check
binary=$(swift build -c release --show-bin-path)/multipart-check

install -d "$prefix/bin" "$prefix/share/multipart-check"
install -m 0755 "$binary" "$prefix/bin/multipart-check"
# The corpus is bytes no tool may rewrite: copied as a tree, then checked against its manifest.
rm -rf "$prefix/share/multipart-check/Vectors"
cp -R Vectors "$prefix/share/multipart-check/Vectors"
"$prefix/bin/multipart-check" vectors check --corpus "$prefix/share/multipart-check/Vectors" >/dev/null
install -d "$prefix/share/multipart-check/Interop/results"
install -m 0644 Interop/results/evidence.json "$prefix/share/multipart-check/Interop/results/evidence.json"
echo "installed $prefix/bin/multipart-check"
"$prefix/bin/multipart-check" --version
