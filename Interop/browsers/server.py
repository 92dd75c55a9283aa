"""The capture server for Interop/browsers/capture.sh: serves the page that submits every case and
records, byte for byte, each multipart request a browser sends back.

Usage: server.py OUTDIR BROWSER_VERSIONS_JSON
  Listens on 127.0.0.1 on a free port and prints the port on its first line of output.
  GET  /run/<browser>                       the page (page.html) that runs every case in turn
  POST /form/<browser>/<path>/<case>        the page's description of the form it built (JSON)
  POST /capture/<browser>/<path>/<case>     a submission: its Content-Type and body are recorded
  POST /done/<browser>                      the page has run every case (or reports what failed)
Each capture becomes OUTDIR/<browser>-<path>-<case>.json once both its form and its body arrived.
The server reads bodies by Content-Length or chunked transfer coding, and answers 100-continue.
"""
import base64
import http.server
import json
import os
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))


class State:
    def __init__(self, outdir, versions):
        self.outdir = outdir
        self.versions = versions
        self.forms = {}
        self.bodies = {}
        self.lock = threading.Lock()

    def complete(self, key):
        """Writes the capture for key once its form description and its body both arrived."""
        if key not in self.forms or key not in self.bodies:
            return
        browser, path, case = key
        description, form = self.forms[key]
        content_type, body = self.bodies[key]
        capture = {
            "browser": browser,
            "browser_version": self.versions.get(browser, "unknown"),
            "submit_path": path,
            "case": case,
            "description": description,
            "content_type": content_type,
            "body_base64": base64.b64encode(body).decode("ascii"),
            "form": form,
        }
        with open(os.path.join(self.outdir, "%s-%s-%s.json" % key), "w", encoding="utf-8") as output:
            json.dump(capture, output, sort_keys=True, indent=1, ensure_ascii=False)
            output.write("\n")
        print("captured %s-%s-%s (%d bytes)" % (browser, path, case, len(body)), file=sys.stderr, flush=True)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            data = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length", "0")))

    def answer(self, status, content_type, payload):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self):
        parts = self.path.strip("/").split("/")
        if len(parts) == 2 and parts[0] == "run":
            with open(os.path.join(HERE, "page.html"), "rb") as page:
                self.answer(200, "text/html; charset=utf-8", page.read().replace(b"{{BROWSER}}", parts[1].encode()))
        else:
            self.answer(404, "text/plain", b"not found\n")

    def do_POST(self):
        state = self.server.state
        body = self.body()
        parts = self.path.strip("/").split("/")
        if parts[0] == "form" and len(parts) == 4:
            description = json.loads(body)
            with state.lock:
                state.forms[tuple(parts[1:])] = (description["description"], description["fields"])
                state.complete(tuple(parts[1:]))
            self.answer(200, "text/plain", b"ok\n")
        elif parts[0] == "capture" and len(parts) == 4:
            with state.lock:
                state.bodies[tuple(parts[1:])] = (self.headers.get("Content-Type"), body)
                state.complete(tuple(parts[1:]))
            self.answer(200, "text/html", b"<!DOCTYPE html><title>captured</title>captured\n")
        elif parts[0] == "done" and len(parts) == 2:
            report = json.loads(body or b"{}")
            with open(os.path.join(state.outdir, ".done-" + parts[1]), "w", encoding="utf-8") as done:
                json.dump(report, done)
            print("%s finished: %s" % (parts[1], report), file=sys.stderr, flush=True)
            self.answer(200, "text/plain", b"ok\n")
        else:
            self.answer(404, "text/plain", b"not found\n")


def main():
    outdir, versions = sys.argv[1], json.loads(sys.argv[2])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.state = State(outdir, versions)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
