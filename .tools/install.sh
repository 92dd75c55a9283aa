#!/usr/bin/env bash
# Installs multipart-check and its corpus so the tool works from any directory, with no source tree:
#   PREFIX/bin/multipart-check
#   PREFIX/share/multipart-check/Vectors   (read by the binary: ../share/multipart-check/Vectors)
#   PREFIX/share/multipart-check/Interop/results/evidence.json   (what real parsers made of it, for rules and explain)
#
# Usage: .tools/install.sh [PREFIX]        (default /usr/local; a relative PREFIX is taken from the
#                                           current directory)
#
# Everything is staged under PREFIX and checked there before it replaces anything: a check that
# fails leaves PREFIX as it was. The last check runs the installed binary from outside this clone
# and fails unless it reads the installed corpus. MULTIPART_CHECK_BINARY=PATH installs that binary
# instead of building one (the tests use it).
set -euo pipefail

usage() { echo "usage: .tools/install.sh [PREFIX]   (default /usr/local)"; }
case "${1:-}" in
-h | --help)
    usage
    exit 0
    ;;
-*)
    echo "error: unknown option '$1'" >&2
    usage >&2
    exit 64
    ;;
esac
if [ $# -gt 1 ]; then
    echo "error: one PREFIX at most" >&2
    usage >&2
    exit 64
fi
prefix=${1:-/usr/local}
case "$prefix" in
/*) ;;
*) prefix="$PWD/$prefix" ;;
esac

cd "$(dirname "$0")/.."
if [ -n "${MULTIPART_CHECK_BINARY:-}" ]; then
    binary=$MULTIPART_CHECK_BINARY
else
    swift build -c release --product multipart-check
    binary=$(swift build -c release --show-bin-path)/multipart-check
fi

share="$prefix/share/multipart-check"
mkdir -p "$prefix/share"
stage=$(mktemp -d "$prefix/share/.multipart-check-install.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/share/multipart-check/Interop/results"
install -m 0755 "$binary" "$stage/bin/multipart-check"
# The corpus is bytes no tool may rewrite: copied as a tree, then checked against its manifest.
cp -R Vectors "$stage/share/multipart-check/Vectors"
install -m 0644 Interop/results/evidence.json "$stage/share/multipart-check/Interop/results/evidence.json"

# Run outside the clone (whose own Vectors a binary would read first) and without the override.
outside() { (cd / && env -u MULTIPART_VECTORS_DIR "$@"); }
outside "$stage/bin/multipart-check" vectors check --corpus "$stage/share/multipart-check/Vectors" >/dev/null

# Into place: the corpus, then the binary (each a rename on the same file system).
mkdir -p "$prefix/bin"
rm -rf "$share.previous"
if [ -e "$share" ]; then mv "$share" "$share.previous"; fi
mv "$stage/share/multipart-check" "$share"
mv "$stage/bin/multipart-check" "$prefix/bin/multipart-check"
rm -rf "$share.previous"

version=$(outside "$prefix/bin/multipart-check" --version)
if ! grep -qF "($prefix/bin/../share/multipart-check/Vectors)" <<<"$version"; then
    echo "error: the installed binary does not read the installed corpus:" >&2
    echo "$version" >&2
    exit 1
fi
echo "installed $prefix/bin/multipart-check"
echo "$version"
