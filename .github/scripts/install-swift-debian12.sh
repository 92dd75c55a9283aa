#!/usr/bin/env bash
# Installs swift.org's Swift toolchain for Debian 12 into /opt/swift (checked against swift.org's
# PGP signature) with the packages it needs, on a bare debian:12 container, as root: the interop
# jobs run in Debian 12 for its packages' versions, and setup.sh builds the Swift examples there.
# Usage: install-swift-debian12.sh [VERSION]   (default 6.1.3); then add /opt/swift/usr/bin to PATH.
set -euo pipefail
version=${1:-6.1.3}
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends ca-certificates curl gnupg2 git binutils libc6-dev \
    libcurl4-openssl-dev libedit2 libgcc-12-dev libpython3-dev libsqlite3-0 libstdc++-12-dev libxml2-dev \
    libz3-dev pkg-config tzdata unzip zlib1g-dev python3
name="swift-${version}-RELEASE-debian12"
base="https://download.swift.org/swift-${version}-release/debian12/swift-${version}-RELEASE"
cd "$(mktemp -d)"
curl -fsSLO "${base}/${name}.tar.gz"
curl -fsSLO "${base}/${name}.tar.gz.sig"
curl -fsSL https://www.swift.org/keys/all-keys.asc | gpg --import -
gpg --verify "${name}.tar.gz.sig" "${name}.tar.gz"
mkdir -p /opt/swift
tar -xzf "${name}.tar.gz" -C /opt/swift --strip-components=1
/opt/swift/usr/bin/swift --version
