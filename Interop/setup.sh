#!/bin/sh
# Installs every real parser Interop/run.sh certifies, on a fresh Debian 12 machine, as root.
# Only Debian's packages and PyPI are used; everything built lands in Interop/.venv and
# Interop/.build (both ignored by git). It installs:
#   Debian: golang-go, php-cgi, php-cli, ruby, ruby-rack, libcommons-fileupload-java,
#           libcommons-io-java, libservlet-api-java, default-jdk-headless, nodejs, node-busboy,
#           libcgi-pm-perl, python3-venv, curl, php-curl, libhttpmime-java; chromium and firefox-esr for browsers/capture.sh
#   PyPI (pinned, into Interop/.venv): starlette, python-multipart, werkzeug, django, aiohttp, multipart,
#           requests, urllib3, httpx
#   Built here: the Go driver (Interop/.build/gomultipart), the Java driver (Interop/.build/java),
#           Examples/MultipartKitCertification's multipart-kit-decoder and multipart-kit-encoder, and
#           Examples/HandRolledCertification's encoder-process (swift build -c release)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"

export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends \
    golang-go php-cgi php-cli ruby ruby-rack libcommons-fileupload-java libcommons-io-java \
    libservlet-api-java default-jdk-headless nodejs node-busboy libcgi-pm-perl python3-venv \
    curl php-curl libhttpmime-java chromium firefox-esr

python3 -m venv .venv
.venv/bin/pip install -q \
    starlette==0.50.0 python-multipart==0.0.34 werkzeug==3.1.9 django==5.2.19 aiohttp==3.14.5 multipart==2.0.1 \
    requests==2.34.2 urllib3==2.8.0 httpx==0.28.1

mkdir -p .build/java
(cd drivers/go && GOFLAGS=-mod=mod go build -o ../../.build/gomultipart .)
javac -nowarn -d .build/java \
    -cp /usr/share/java/commons-fileupload.jar:/usr/share/java/commons-io.jar:/usr/share/java/servlet-api.jar \
    drivers/java/CommonsFileUploadDriver.java
(cd ../Examples/MultipartKitCertification && swift build -c release --product multipart-kit-decoder \
    && swift build -c release --product multipart-kit-encoder)
(cd ../Examples/HandRolledCertification && swift build -c release --product encoder-process)
echo "setup.sh: every parser in parsers.tsv is installed; run Interop/run.sh"
