#!/bin/sh
# Installs every real parser and encoder Interop/run.sh certifies, and the browsers of
# browsers/capture.sh, on a fresh Debian 12 machine, as root.
# Only Debian's packages and PyPI are used; everything built lands in Interop/.venv and
# Interop/.build (both ignored by git). It installs:
#   Debian: golang-go, php-cgi, php-cli, ruby, ruby-rack, libcommons-fileupload-java,
#           libcommons-io-java, libservlet-api-java, default-jdk-headless, nodejs, node-busboy,
#           libcgi-pm-perl, python3-venv, curl, php-curl, libhttpmime-java, chromium, firefox-esr
#   PyPI (pinned, into Interop/.venv): starlette, python-multipart, werkzeug, django, aiohttp, multipart,
#           requests, urllib3, httpx
#   Built here: the Go drivers (Interop/.build/gomultipart, gowriter), the Java drivers
#           (Interop/.build/java, java-encoders),
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

mkdir -p .build/java .build/java-encoders
# -trimpath: a Go panic then names source files without this checkout's path, so results do not depend on it.
(cd drivers/go && GOFLAGS=-mod=mod go build -trimpath -o ../../.build/gomultipart .)
(cd encoders/go && GOFLAGS=-mod=mod go build -trimpath -o ../../.build/gowriter .)
javac -nowarn -d .build/java \
    -cp /usr/share/java/commons-fileupload.jar:/usr/share/java/commons-io.jar:/usr/share/java/servlet-api.jar \
    drivers/java/CommonsFileUploadDriver.java
javac -nowarn -d .build/java-encoders \
    -cp /usr/share/java/httpmime.jar:/usr/share/java/httpcore.jar:/usr/share/java/httpclient.jar \
    encoders/java/HttpMimeEncoder.java
(cd ../Examples/MultipartKitCertification && swift build -c release --product multipart-kit-decoder \
    && swift build -c release --product multipart-kit-encoder)
(cd ../Examples/HandRolledCertification && swift build -c release --product encoder-process)
echo "setup.sh: every parser in parsers.tsv and encoder in encoders.tsv is installed; run Interop/run.sh"
