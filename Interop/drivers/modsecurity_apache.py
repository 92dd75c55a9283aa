"""ModSecurity 2 (Debian's libapache2-mod-security2) in Apache, with the OWASP Core Rule Set
(Debian's modsecurity-crs) and ModSecurity's recommended configuration, as a web application
firewall reads a multipart/form-data request, speaking the decoder process contract (version 1).

The driver sends each request to an Apache (`apache2 -X`, one process, on a free port of
127.0.0.1) with mod_security2 and this configuration, in this order:

1. a recorder: a Lua rule (`SecRuleScript`, phase 2, before any other phase-2 rule) that writes
   down what ModSecurity's multipart parser made of the body: every text part (`ARGS_POST_NAMES`,
   `ARGS_POST`), every file part (`FILES_NAMES`, `FILES`, `FILES_TMPNAMES` and the file's bytes),
   the part headers it kept (`MULTIPART_PART_HEADERS`), and each of the parser's flags (`REQBODY_ERROR`,
   `MULTIPART_STRICT_ERROR`, `MULTIPART_UNMATCHED_BOUNDARY` and the flags behind them);
2. /etc/modsecurity/modsecurity.conf-recommended as Debian ships it, with `SecRuleEngine On`
   instead of `DetectionOnly` (its rules 200002, 200003 and 200004 deny a body the parser failed
   on, one with any strictness flag, and one with an unmatched boundary);
3. the Core Rule Set as Debian loads it (crs-setup.conf and every rule file, paranoia level 1,
   anomaly scoring, blocking at an inbound score of 5).

The request is sent with the vector's Content-Type and the headers a browser sends (Host,
User-Agent, Accept). The firewall's answer is the reading: a request it denies (status 400 or
403, with ModSecurity's "Access denied" in the error log) is a rejection naming the rules that
matched, and so is one its parser fails on before phase 2 (Apache answers 500 and ModSecurity
logs the parsing error); a request it lets through (status 200) is reported as the parts its parser
saw. ModSecurity keeps text
parts and file parts in two collections, so the order between names is not reported, nor a text
part's Content-Type (a file part's comes from the part headers ModSecurity kept). The driver adds no
rule of its own. `--record` prints the recorder's findings (flags and matched rules) instead of
the contract's answer, for the firewall differential.

Starting Apache with the Core Rule Set takes about a second, so the Apache is shared: the first
request starts a keeper (`--keep FOLDER`, in its own session, under a lock) that runs Apache and
stops it, and itself, once no request has come for 20 seconds; later requests find it through the
folder's `state.json`. Each request carries a random `X-Interop-Token` header, which names its
recorder file and marks its lines of the error log (ErrorLogFormat), so concurrent requests never
read each other's findings. ModSecurity keeps nothing between requests that the Core Rule Set's
defaults read (anomaly scores are per transaction).
"""
import base64
import hashlib
import glob
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

from interop_contract import Rejected, part, serve

APACHE = "/usr/sbin/apache2"
MODULES = "/usr/lib/apache2/modules"
RECOMMENDED = "/etc/modsecurity/modsecurity.conf-recommended"

FLAGS = [
    "REQBODY_PROCESSOR", "REQBODY_ERROR", "REQBODY_ERROR_MSG", "REQBODY_PROCESSOR_ERROR", "MULTIPART_STRICT_ERROR",
    "MULTIPART_UNMATCHED_BOUNDARY", "MULTIPART_BOUNDARY_QUOTED", "MULTIPART_BOUNDARY_WHITESPACE",
    "MULTIPART_DATA_BEFORE", "MULTIPART_DATA_AFTER", "MULTIPART_HEADER_FOLDING", "MULTIPART_LF_LINE",
    "MULTIPART_CRLF_LF_LINES", "MULTIPART_MISSING_SEMICOLON", "MULTIPART_INVALID_QUOTING", "MULTIPART_INVALID_PART",
    "MULTIPART_INVALID_HEADER_FOLDING", "MULTIPART_FILE_LIMIT_EXCEEDED",
]

# Each value is written as hex, so names and bytes of any kind survive.
RECORDER = r"""
local function hex(text)
  return (string.gsub(text or "", ".", function(c) return string.format("%02x", string.byte(c)) end))
end
function main()
  local token = m.getvar("REQUEST_HEADERS.X-Interop-Token", "none") or "none"
  if not string.match(token, "^%x+$") then return nil end
  local out = assert(io.open("@RECORD@/" .. token .. ".txt", "w"))
  for _, flag in ipairs({@FLAGS@}) do
    local value = m.getvar(flag, "none")
    if value ~= nil then out:write("flag\t", flag, "\t", hex(value), "\n") end
  end
  -- Collection members' names come escaped for logs; the *_NAMES collections hold them raw.
  for _, collection in ipairs({"ARGS_POST_NAMES", "ARGS_POST", "FILES_NAMES", "FILES", "FILES_TMPNAMES", "MULTIPART_PART_HEADERS"}) do
    for _, entry in ipairs(m.getvars(collection, "none") or {}) do
      out:write(collection, "\t", hex(entry.value), "\t", hex(entry.name), "\n")
      if collection == "FILES_TMPNAMES" then
        local file = io.open(entry.value, "rb")
        local content = file and file:read("*a") or ""
        if file then file:close() end
        out:write("FILE_CONTENT\t", hex(content), "\n")
      end
    end
  end
  out:close()
  return nil
end
"""

CONFIG = """
ServerRoot "@DIR@"
ServerName 127.0.0.1
Listen 127.0.0.1:@PORT@
PidFile "@DIR@/apache.pid"
ErrorLog "@DIR@/error.log"
ErrorLogFormat "[%{u}t] [%-m:%l] [token %{X-Interop-Token}i] %M"
LogLevel warn
DefaultRuntimeDir "@DIR@"
Mutex file:@DIR@ default
User @USER@
Group @GROUP@
LoadModule mpm_prefork_module @MODULES@/mod_mpm_prefork.so
LoadModule authz_core_module @MODULES@/mod_authz_core.so
LoadModule unique_id_module @MODULES@/mod_unique_id.so
LoadModule security2_module @MODULES@/mod_security2.so
DocumentRoot "@DIR@/www"
<Directory "@DIR@/www">
    Require all granted
</Directory>
SecRequestBodyAccess On
SecRule REQUEST_METHOD "@unconditionalMatch" "id:9450001,phase:2,pass,nolog,t:none"
SecRuleScript "@DIR@/recorder.lua" "id:9450002,phase:2,pass,nolog"
Include "@DIR@/modsecurity.conf"
SecTmpSaveUploadedFiles On
SecUploadDir "@DIR@/uploads"
SecTmpDir "@DIR@/tmp"
SecDataDir "@DIR@/tmp"
SecAuditEngine Off
Include /etc/modsecurity/crs/crs-setup.conf
IncludeOptional /etc/modsecurity/crs/REQUEST-900-EXCLUSION-RULES-BEFORE-CRS.conf
Include /usr/share/modsecurity-crs/rules/*.conf
IncludeOptional /etc/modsecurity/crs/RESPONSE-999-EXCLUSION-RULES-AFTER-CRS.conf
"""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def configure(folder, port):
    for sub in ("www", "uploads", "tmp", "record"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    with open(os.path.join(folder, "www", "upload"), "w") as page:
        page.write("ok\n")
    with open(RECOMMENDED) as source:
        recommended = source.read().replace("SecRuleEngine DetectionOnly", "SecRuleEngine On")
    # The recommended file's logs and temporary folders point at system paths; this run keeps its own.
    recommended = "\n".join(line for line in recommended.splitlines()
                            if not line.startswith(("SecAuditLog ", "SecTmpDir", "SecDataDir", "SecAuditEngine")))
    with open(os.path.join(folder, "modsecurity.conf"), "w") as target:
        target.write(recommended.replace("SecUnicodeMapFile unicode.mapping", "SecUnicodeMapFile /etc/modsecurity/unicode.mapping"))
    with open(os.path.join(folder, "recorder.lua"), "w") as script:
        script.write(RECORDER.replace("@RECORD@", os.path.join(folder, "record"))
                     .replace("@FLAGS@", ", ".join('"%s"' % flag for flag in FLAGS)))
    user, group = ("www-data", "www-data") if os.geteuid() == 0 else ("#%d" % os.geteuid(), "#%d" % os.getegid())
    with open(os.path.join(folder, "apache.conf"), "w") as config:
        config.write(CONFIG.replace("@DIR@", folder).replace("@PORT@", str(port)).replace("@MODULES@", MODULES)
                     .replace("@USER@", user).replace("@GROUP@", group))
    if os.geteuid() == 0:
        for root, folders, _ in os.walk(folder):
            for name in folders:
                os.chmod(os.path.join(root, name), 0o777)
        os.chmod(folder, 0o777)


def send(port, token, content_type, body):
    """Sends the request; returns the status code, or None when nothing answered."""
    head = ("POST /upload HTTP/1.1\r\nHost: localhost\r\nX-Interop-Token: " + token + "\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0\r\n"
            "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\r\nContent-Type: %s\r\n"
            "Content-Length: %d\r\nConnection: close\r\n\r\n" % (content_type, len(body)))
    with socket.create_connection(("127.0.0.1", port), timeout=20) as connection:
        connection.sendall(head.encode("latin-1", errors="replace") + body)
        reply = b""
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            reply += chunk
    line = reply.split(b"\r\n", 1)[0].split()
    return int(line[1]) if len(line) >= 2 and line[1].isdigit() else None


IDLE_SECONDS = 20
FOLDER = os.path.join(tempfile.gettempdir(), "modsecurity-interop-%d" % os.geteuid())


def script_digest():
    """This file's digest: a keeper started by another version of the driver is replaced."""
    with open(os.path.abspath(__file__), "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()[:16]


def keep(folder):
    """The keeper: runs Apache until no request has come for IDLE_SECONDS (or SIGTERM), then stops it."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    server = None
    open(os.path.join(folder, "error.log"), "w").close()  # a new keeper starts a new log
    for attempt in range(5):
        port = free_port()
        configure(folder, port)
        server = subprocess.Popen([APACHE, "-X", "-f", os.path.join(folder, "apache.conf")],
                                  stdout=subprocess.DEVNULL, stderr=open(os.path.join(folder, "apache.stderr"), "ab"))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and server.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        else:
            server.kill()
            server.wait()
            continue
        break
    else:
        return
    used = os.path.join(folder, "used")
    open(used, "w").close()
    with open(os.path.join(folder, "state.json.new"), "w") as state:
        json.dump({"keeper": os.getpid(), "port": port, "script": script_digest()}, state)
    os.replace(os.path.join(folder, "state.json.new"), os.path.join(folder, "state.json"))
    try:
        while server.poll() is None and time.time() - os.path.getmtime(used) < IDLE_SECONDS:
            time.sleep(1)
    finally:
        try:
            os.remove(os.path.join(folder, "state.json"))
        except OSError:
            pass
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def server_port():
    """The port of the shared Apache, starting a keeper when none is running."""
    import fcntl
    os.makedirs(FOLDER, exist_ok=True)
    with open(os.path.join(FOLDER, "lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        state_path = os.path.join(FOLDER, "state.json")
        for _ in range(3):
            if os.path.exists(state_path):
                with open(state_path) as state:
                    known = json.load(state)
                port = known["port"]
                if known.get("script") != script_digest():
                    try:
                        os.kill(known["keeper"], signal.SIGTERM)
                    except OSError:
                        pass
                    deadline = time.monotonic() + 15
                    while os.path.exists(state_path) and time.monotonic() < deadline:
                        time.sleep(0.1)
                    if os.path.exists(state_path):
                        os.remove(state_path)
                    continue
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=2).close()
                    os.utime(os.path.join(FOLDER, "used"))
                    return port
                except OSError:
                    os.remove(state_path)
            subprocess.Popen([sys.executable, os.path.abspath(__file__), "--keep", FOLDER], start_new_session=True,
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 90
            while not os.path.exists(state_path) and time.monotonic() < deadline:
                time.sleep(0.1)
        raise RuntimeError("the ModSecurity keeper did not start Apache")


def run(content_type, body):
    """Runs one request through the firewall; returns (status, record lines, its error log lines)."""
    port = server_port()
    token = os.urandom(12).hex()
    status = send(port, token, content_type, body)
    record = []
    path = os.path.join(FOLDER, "record", token + ".txt")
    if os.path.exists(path):
        with open(path) as lines:
            record = [line.rstrip("\n").split("\t") for line in lines if line.strip()]
        os.remove(path)
    marker = "[token %s]" % token
    with open(os.path.join(FOLDER, "error.log"), errors="replace") as log:
        errors = "".join(line for line in log if marker in line)
    return status, record, errors


def matched_rules(errors):
    """The ids and messages of the rules ModSecurity logged as matching, in log order, and its
    errors that no rule reports (such as a multipart parsing error, which ends the request before
    phase 2), with the id `-`."""
    rules = []
    for line in errors.splitlines():
        if "ModSecurity: " not in line or "[security2:notice]" in line:
            continue
        if '[id "' in line:
            rule = line.split('[id "', 1)[1].split('"', 1)[0]
            message = line.split('[msg "', 1)[1].split('"]', 1)[0] if '[msg "' in line else ""
        else:
            rule, message = "-", line.split("ModSecurity: ", 1)[1].split(" [hostname", 1)[0]
        if (rule, message) not in rules:
            rules.append((rule, message))
    return rules


def reading(record):
    """The parts ModSecurity's parser saw, as contract parts: text parts, then file parts, each in
    body order. ModSecurity gives text parts as ARGS_POST_NAMES and ARGS_POST, file parts as
    FILES_NAMES, FILES (filenames) and FILES_TMPNAMES, index by index; a file part's Content-Type
    comes from MULTIPART_PART_HEADERS, which lists every part's header lines in body order."""
    def values(kind):
        return [bytes.fromhex(entry[1]) for entry in record if entry[0] == kind]

    parts = [part(name, None, None, value) for name, value in zip(values("ARGS_POST_NAMES"), values("ARGS_POST"))]
    types = file_content_types([(bytes.fromhex(entry[2]), bytes.fromhex(entry[1]))
                                for entry in record if entry[0] == "MULTIPART_PART_HEADERS"])
    contents = values("FILE_CONTENT")
    for index, (name, filename) in enumerate(zip(values("FILES_NAMES"), values("FILES"))):
        parts.append(part(name, filename, types[index] if index < len(types) else None,
                          contents[index] if index < len(contents) else b""))
    return parts


FILENAME_PARAMETER = re.compile(rb";\s*filename\s*=", re.IGNORECASE)


def file_content_types(lines):
    """The Content-Type of each file part, in order, from (part name, header line) pairs in body
    order: a part's lines are those with its name, and a second Content-Disposition starts a new
    part of the same name; a file part's Content-Disposition has a filename parameter."""
    types = []
    current = None
    for name, line in lines + [(None, b"content-disposition: end")]:
        disposition = line.lower().startswith(b"content-disposition")
        if current is None or name != current["name"] or (disposition and current["disposition"]):
            if current is not None and current["file"]:
                types.append(current["type"])
            current = {"name": name, "file": False, "type": None, "disposition": False}
        if disposition:
            current["disposition"] = True
            current["file"] = FILENAME_PARAMETER.search(line) is not None
        elif line.lower().startswith(b"content-type"):
            current["type"] = line.split(b":", 1)[1].strip(b" \t")
    return types


def flags(record):
    return {entry[1]: bytes.fromhex(entry[2]).decode("latin-1") for entry in record if entry[0] == "flag"}


def decode(content_type, body):
    status, record, errors = run(content_type, body)
    if status is None:
        raise RuntimeError("Apache gave no answer:\n" + errors[-2000:])
    if status == 200:
        return reading(record)
    rules = matched_rules(errors)
    if not rules:
        raise RuntimeError("Apache answered %d without a word from ModSecurity:\n%s" % (status, errors[-2000:]))
    raise Rejected("ModSecurity stopped the request (%d): %s" % (status, "; ".join("%s %s" % rule for rule in rules)))


if __name__ == "__main__" and sys.argv[1:2] == ["--keep"]:
    keep(sys.argv[2])
elif __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    request = json.load(sys.stdin)
    status, record, errors = run(request["content_type"], base64.b64decode(request["body_base64"]))
    json.dump({"status": status, "flags": flags(record), "rules": [list(rule) for rule in matched_rules(errors)],
               "parts": reading(record)}, sys.stdout)
    sys.stdout.write("\n")
elif __name__ == "__main__":
    serve(decode)
