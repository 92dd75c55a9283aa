"""The firewalls of the bypass atlas, each a real server answering HTTP, started and stopped here.

- `modsec2-plN`: ModSecurity 2 (Debian's libapache2-mod-security2) in Apache, with ModSecurity's
  recommended configuration (`SecRuleEngine On`) and the OWASP Core Rule Set (Debian's
  modsecurity-crs) at paranoia level N; the same configuration as the `modsecurity` parser row
  (`drivers/modsecurity_apache.py`, whose configuration this reuses), plus the paranoia level.
- `modsec3-plN`: ModSecurity 3 (Debian's libmodsecurity3) through its nginx connector (Debian's
  libnginx-mod-http-modsecurity), with the recommended configuration libmodsecurity's package
  ships (`/etc/nginx/modsecurity.conf`, `SecRuleEngine On`) and the same Core Rule Set at level N.
  nginx proxies an allowed request to a second server block that answers 200.

A firewall's answer is its real HTTP status: 200 lets the request through; anything else stops it,
and the rules it logged as matching say why.
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "drivers"))
import modsecurity_apache as apache  # noqa: E402  (the driver's configuration, reused)

PARANOIA_LEVELS = [1, 2, 3, 4]
CRS_SETUP = "/etc/modsecurity/crs/crs-setup.conf"
CRS_RULES = "/usr/share/modsecurity-crs/rules/*.conf"
NGINX = "/usr/sbin/nginx"
NGINX_MODULE = "/usr/lib/nginx/modules/ngx_http_modsecurity_module.so"
NGINX_RECOMMENDED = "/etc/nginx/modsecurity.conf"


def paranoia_action(level):
    """The Core Rule Set's own setting (crs-setup.conf rule 900000) for a paranoia level."""
    return ('SecAction "id:900000,phase:1,nolog,pass,t:none,setvar:tx.paranoia_level=%d,'
            'setvar:tx.executing_paranoia_level=%d"' % (level, level))


def version_of(*packages):
    output = subprocess.run(["dpkg-query", "-W", "-f=${Package} ${Version}\n"] + list(packages),
                            capture_output=True, text=True).stdout
    return ", ".join(line for line in output.splitlines() if line)


def wait_for(port, process, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.05)
    return False


def matched_rules(errors):
    """(rule id, message) pairs a ModSecurity error log names, in order; 949110/980130 (the anomaly
    score totals) left out: they only say that other rules matched."""
    return [rule for rule in apache.matched_rules(errors) if rule[0] not in ("949110", "980130")]


class Firewall:
    """One firewall configuration: `start()`, `send(content_type, body)` -> (status, rules), `stop()`."""
    LOG = "error.log"

    @staticmethod
    def rules_of(text):
        return matched_rules(text)

    def __init__(self, family, level):
        self.family, self.level = family, level
        self.id = "%s-pl%d" % (family, level)
        self.folder = None
        self.process = None
        self.port = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *_):
        self.stop()

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def send(self, content_type, body):
        """Sends one request (one at a time); returns (status or None, the rules that matched)."""
        log = os.path.join(self.folder, self.LOG)
        offset = os.path.getsize(log) if os.path.exists(log) else 0
        token = os.urandom(12).hex()
        try:
            status = apache.send(self.port, token, content_type, body)
        except OSError:
            status = None
        return status, self.rules_since(log, offset, token)

    def rules_since(self, log, offset, token):
        """Apache writes a request's error log lines before it answers: they are all there."""
        with open(log, "rb") as lines:
            lines.seek(offset)
            text = lines.read().decode("utf-8", errors="replace")
        marker = "[token %s]" % token
        return self.rules_of("".join(line + "\n" for line in text.splitlines() if marker in line))


class ModSecurity2(Firewall):
    """ModSecurity 2 in Apache (`apache2 -X`), configured as drivers/modsecurity_apache.py does."""

    def __init__(self, level):
        super().__init__("modsec2", level)

    @staticmethod
    def version():
        return version_of("libapache2-mod-security2", "modsecurity-crs", "apache2")

    def start(self):
        self.folder = tempfile.mkdtemp(prefix="bypass-%s-" % self.id)
        for _ in range(5):
            self.port = apache.free_port()
            apache.configure(self.folder, self.port)
            path = os.path.join(self.folder, "apache.conf")
            with open(path) as config:
                text = config.read()
            # No recorder: this pass wants the firewall's answer only.
            text = text.replace('SecRuleScript "%s/recorder.lua" "id:9450002,phase:2,pass,nolog"\n' % self.folder, "")
            text = text.replace("Include %s\n" % CRS_SETUP, "Include %s\n%s\n" % (CRS_SETUP, paranoia_action(self.level)))
            with open(path, "w") as config:
                config.write(text)
            self.process = subprocess.Popen([apache.APACHE, "-X", "-f", path], stdout=subprocess.DEVNULL,
                                            stderr=open(os.path.join(self.folder, "apache.stderr"), "ab"))
            if wait_for(self.port, self.process):
                return self
            self.process.kill()
            self.process.wait()
        raise RuntimeError("Apache with ModSecurity 2 did not start: " + open(os.path.join(self.folder, "apache.stderr")).read()[-2000:])



NGINX_CONFIG = """
daemon off;
master_process off;
worker_processes 1;
pid @DIR@/nginx.pid;
error_log @DIR@/error.log notice;
load_module @MODULE@;
events { worker_connections 64; }
http {
    access_log off;
    client_body_temp_path @DIR@/body;
    proxy_temp_path @DIR@/proxy;
    fastcgi_temp_path @DIR@/fastcgi;
    uwsgi_temp_path @DIR@/uwsgi;
    scgi_temp_path @DIR@/scgi;
    client_max_body_size 20m;
    server {
        listen 127.0.0.1:@PORT@;
        modsecurity on;
        modsecurity_rules_file @DIR@/modsecurity.conf;
        location / { proxy_pass http://127.0.0.1:@BACKEND@; }
    }
    server {
        listen 127.0.0.1:@BACKEND@;
        location / { return 200 "ok\\n"; }
    }
}
"""


class ModSecurity3(Firewall):
    LOG = "audit.log"

    def rules_since(self, log, offset, token):
        """libmodsecurity writes a transaction's audit log entry (one JSON line, every transaction,
        with its request headers) after nginx has answered: wait for the one with this token."""
        deadline = time.monotonic() + 10
        while True:
            with open(log, "rb") as lines:
                lines.seek(offset)
                text = lines.read().decode("utf-8", errors="replace")
            for line in text.splitlines():
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                headers = {key.lower(): value for key, value in entry.get("transaction", {}).get("request", {}).get("headers", {}).items()}
                if headers.get("x-interop-token") == token:
                    rules = []
                    for message in entry["transaction"].get("messages", []):
                        rule = (message.get("details", {}).get("ruleId", "-"), message.get("message", ""))
                        if rule[0] not in ("949110", "980130") and rule not in rules:
                            rules.append(rule)
                    return rules
            if time.monotonic() > deadline:
                raise RuntimeError("libmodsecurity wrote no audit log entry for request %s" % token)
            time.sleep(0.01)

    def __init__(self, level):
        super().__init__("modsec3", level)

    @staticmethod
    def version():
        return version_of("libmodsecurity3", "libnginx-mod-http-modsecurity", "modsecurity-crs", "nginx")

    def start(self):
        self.folder = tempfile.mkdtemp(prefix="bypass-%s-" % self.id)
        for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi", "tmp"):
            os.makedirs(os.path.join(self.folder, sub))
        with open(NGINX_RECOMMENDED) as source:
            recommended = source.read().replace("SecRuleEngine DetectionOnly", "SecRuleEngine On")
        recommended = "\n".join(line for line in recommended.splitlines()
                                if not line.startswith(("SecAuditLog ", "SecTmpDir", "SecDataDir", "SecAuditEngine")))
        recommended = recommended.replace("SecUnicodeMapFile unicode.mapping", "SecUnicodeMapFile /etc/nginx/unicode.mapping")
        with open(os.path.join(self.folder, "modsecurity.conf"), "w") as target:
            # nginx's error log names only the rule that denied; the audit log (JSON, part H) names every match.
            target.write(recommended + "\nSecAuditEngine On\nSecAuditLogFormat JSON\nSecAuditLogType Serial\nSecAuditLogParts ABH\n"
                         "SecAuditLog %s/audit.log\nSecTmpDir %s/tmp\nSecDataDir %s/tmp\n" % (self.folder, self.folder, self.folder)
                         + "Include %s\n%s\n" % (CRS_SETUP, paranoia_action(self.level))
                         + "Include %s\n" % CRS_RULES)
        for _ in range(5):
            self.port, backend = apache.free_port(), apache.free_port()
            with open(os.path.join(self.folder, "nginx.conf"), "w") as config:
                config.write(NGINX_CONFIG.replace("@DIR@", self.folder).replace("@PORT@", str(self.port))
                             .replace("@BACKEND@", str(backend)).replace("@MODULE@", NGINX_MODULE))
            open(os.path.join(self.folder, "error.log"), "w").close()
            self.process = subprocess.Popen([NGINX, "-p", self.folder, "-c", os.path.join(self.folder, "nginx.conf"),
                                             "-e", os.path.join(self.folder, "error.log")],
                                            stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.folder, "nginx.stderr"), "ab"))
            if wait_for(self.port, self.process, seconds=90):
                return self
            self.process.kill()
            self.process.wait()
        raise RuntimeError("nginx with ModSecurity 3 did not start: " + open(os.path.join(self.folder, "nginx.stderr")).read()[-2000:]
                           + open(os.path.join(self.folder, "error.log")).read()[-2000:])



def configurations():
    """Every firewall configuration, in the atlas's order."""
    return [ModSecurity2(level) for level in PARANOIA_LEVELS] + [ModSecurity3(level) for level in PARANOIA_LEVELS]


def installed(firewall):
    """None when the configuration can run here, else why it cannot."""
    if isinstance(firewall, ModSecurity2):
        needed = [apache.APACHE, os.path.join(apache.MODULES, "mod_security2.so"), "/usr/share/modsecurity-crs/rules"]
    else:
        needed = [NGINX, NGINX_MODULE, NGINX_RECOMMENDED, "/usr/share/modsecurity-crs/rules"]
    missing = [path for path in needed if not os.path.exists(path)]
    return ("%s is missing (run Interop/setup.sh)" % ", ".join(missing)) if missing else None


def main(arguments):
    """`firewalls.py list` prints every configuration as JSON lines ({"id", "title", "version",
    "missing"}); `firewalls.py answer ID CONTENT-TYPE` starts configuration ID, sends it the body read
    from standard input under that Content-Type, stops it, and prints {"id", "version", "status",
    "rules": [{"id", "message"}]}: what `multipart-check compare --firewall` shows."""
    every = {firewall.id: firewall for firewall in configurations()}
    if arguments[:1] == ["list"] and len(arguments) == 1:
        for firewall in every.values():
            family = "ModSecurity 2 (Apache)" if isinstance(firewall, ModSecurity2) else "ModSecurity 3 (nginx)"
            missing = installed(firewall)
            print(json.dumps({"id": firewall.id, "title": "%s, Core Rule Set paranoia level %d" % (family, firewall.level),
                              "version": None if missing else firewall.version(), "missing": missing}))
        return 0
    if arguments[:1] == ["answer"] and len(arguments) == 3 and arguments[1] in every:
        firewall = every[arguments[1]]
        missing = installed(firewall)
        if missing:
            print("firewall %s cannot run here: %s" % (firewall.id, missing), file=sys.stderr)
            return 69
        content_type = os.fsencode(arguments[2]).decode("latin-1")
        body = sys.stdin.buffer.read()
        with firewall:
            status, rules = firewall.send(content_type, body)
        print(json.dumps({"id": firewall.id, "version": firewall.version(), "status": status,
                          "rules": [{"id": rule, "message": message} for rule, message in rules]}))
        return 0
    print("usage: firewalls.py list | firewalls.py answer {%s} CONTENT-TYPE < BODY" % ",".join(every), file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
