#!/usr/bin/env bash
# Installs swift.org's Static Linux SDK (Musl) for the toolchain in use, checked against swift.org's
# PGP signature, so `swift build --swift-sdk x86_64-swift-linux-musl` can build a static binary.
# Needs curl and gpg (the official swift:*-noble images have both).
set -euo pipefail
version=$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -1)
file="swift-${version}-RELEASE_static-linux-0.0.1.artifactbundle.tar.gz"
base="https://download.swift.org/swift-${version}-release/static-sdk/swift-${version}-RELEASE"
cd "$(mktemp -d)"
curl -fsSLO "${base}/${file}"
curl -fsSLO "${base}/${file}.sig"
curl -fsSL https://www.swift.org/keys/all-keys.asc | gpg --import -
gpg --verify "${file}.sig" "${file}"
swift sdk install "$PWD/${file}"
