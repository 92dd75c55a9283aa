#!/bin/sh
# Installs every real parser and encoder Interop/run.sh certifies, and the browsers of
# browsers/capture.sh, on a fresh Debian 12 machine, as root.
# Only Debian's packages and PyPI are used; everything built lands in Interop/.venv and
# Interop/.build (both ignored by git). It installs:
#   Debian: golang-go, php-cgi, php-cli, ruby, ruby-rack, libcommons-fileupload-java,
#           libcommons-io-java, libservlet-api-java, default-jdk-headless, nodejs, node-busboy,
#           libcgi-pm-perl, python3-venv, curl, php-curl, libhttpmime-java, chromium, firefox-esr,
#           apache2, libapache2-mod-security2, modsecurity-crs (the firewall), libjetty9-java,
#           libtomcat10-java, node-formidable, node-multiparty, libhttp-body-perl,
#           libhttp-entity-parser-perl, libmojolicious-perl, erlang-base, erlang-cowlib,
#           libmicrohttpd-dev, libgmime-3.0-dev, libsoup-3.0-dev, libcgicc-dev, gcc, g++, pkg-config,
#           mono-devel, libokhttp-java, libhttpclient5-java, ruby-multipart-post, libwww-perl,
#           node-form-data, php-guzzlehttp-psr7, nginx, libnginx-mod-http-modsecurity (ModSecurity 3
#           for the bypass atlas; nginx is only started by tools/firewalls.py, on its own port)
#   PyPI (pinned, into Interop/.venv): starlette, python-multipart, werkzeug, django, aiohttp, multipart,
#           requests, urllib3, httpx, tornado, falcon, sanic, blacksheep, webob, pymulter, litestar,
#           requests-toolbelt
#   Built here: the Go drivers (Interop/.build/gomultipart, gowriter), the Java drivers
#           (Interop/.build/java, java-encoders), the C and C++ drivers (Interop/.build/c), the Erlang
#           driver (Interop/.build/erlang), the C# drivers (Interop/.build/dotnet),
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
    curl php-curl libhttpmime-java chromium firefox-esr \
    apache2 libapache2-mod-security2 modsecurity-crs libjetty9-java libtomcat10-java node-formidable \
    node-multiparty libhttp-body-perl libhttp-entity-parser-perl libmojolicious-perl erlang-base \
    erlang-cowlib libmicrohttpd-dev libgmime-3.0-dev libsoup-3.0-dev libcgicc-dev gcc g++ pkg-config \
    mono-devel libokhttp-java libhttpclient5-java ruby-multipart-post libwww-perl node-form-data \
    php-guzzlehttp-psr7 nginx libnginx-mod-http-modsecurity

python3 -m venv .venv
.venv/bin/pip install -q \
    starlette==0.50.0 python-multipart==0.0.34 werkzeug==3.1.9 django==5.2.19 aiohttp==3.14.5 multipart==2.0.1 \
    requests==2.34.2 urllib3==2.8.0 httpx==0.28.1 \
    tornado==6.6.1 falcon==4.4.0 sanic==25.12.1 blacksheep==2.6.4 webob==1.8.11 pymulter==0.2.0 \
    litestar==2.25.0 requests-toolbelt==1.0.0

mkdir -p .build/java .build/java-encoders .build/c .build/erlang .build/dotnet
# -trimpath: a Go panic then names source files without this checkout's path, so results do not depend on it.
(cd drivers/go && GOFLAGS=-mod=mod go build -trimpath -o ../../.build/gomultipart .)
(cd encoders/go && GOFLAGS=-mod=mod go build -trimpath -o ../../.build/gowriter .)
j=/usr/share/java
javac -nowarn -d .build/java -cp $j/jetty9-http.jar:$j/jetty9-util.jar:$j/servlet-api.jar \
    drivers/java/InteropContract.java drivers/java/JettyMultipartDriver.java
javac -nowarn -d .build/java \
    -cp .build/java:$j/commons-fileupload.jar:$j/commons-io.jar:$j/servlet-api.jar \
    drivers/java/CommonsFileUploadDriver.java
javac -nowarn -d .build/java \
    -cp .build/java:$j/tomcat10-catalina.jar:$j/tomcat10-servlet-api.jar:$j/tomcat10-coyote.jar:$j/tomcat10-util.jar:$j/tomcat10-juli.jar:$j/tomcat10-api.jar \
    drivers/java/TomcatPartsDriver.java
cc -O2 -o .build/c/mhd-post drivers/c/mhd_post.c $(pkg-config --cflags --libs libmicrohttpd)
cc -O2 -o .build/c/gmime-form drivers/c/gmime_form.c $(pkg-config --cflags --libs gmime-3.0)
cc -O2 -o .build/c/soup-multipart drivers/c/soup_multipart.c $(pkg-config --cflags --libs libsoup-3.0)
c++ -O2 -o .build/c/cgicc-form drivers/c/cgicc_form.cpp -lcgicc
erlc -o .build/erlang drivers/erlang/cowlib_multipart.erl
mcs -nologo -out:.build/dotnet/SystemWebForm.exe -r:System.Web.dll drivers/dotnet/SystemWebForm.cs drivers/dotnet/Contract.cs
javac -nowarn -d .build/java-encoders \
    -cp /usr/share/java/httpmime.jar:/usr/share/java/httpcore.jar:/usr/share/java/httpclient.jar \
    encoders/java/HttpMimeEncoder.java encoders/java/EncoderContract.java
javac -nowarn -d .build/java-encoders -cp .build/java-encoders:$j/okhttp.jar:$j/okio.jar encoders/java/OkHttpEncoder.java
javac -nowarn -d .build/java-encoders -cp .build/java-encoders:$j/httpclient5.jar:$j/httpcore5.jar \
    encoders/java/HttpClient5Encoder.java
cc -O2 -o .build/c/soup-encoder encoders/c/soup_encoder.c $(pkg-config --cflags --libs libsoup-3.0)
mcs -nologo -out:.build/dotnet/MultipartFormDataEncoder.exe -r:System.Net.Http.dll \
    encoders/dotnet/MultipartFormDataEncoder.cs drivers/dotnet/Contract.cs
(cd ../Examples/MultipartKitCertification && swift build -c release --product multipart-kit-decoder \
    && swift build -c release --product multipart-kit-encoder)
(cd ../Examples/HandRolledCertification && swift build -c release --product encoder-process)
echo "setup.sh: every parser in parsers.tsv and encoder in encoders.tsv is installed; run Interop/run.sh"
