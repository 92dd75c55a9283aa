"""A one-shot HTTP listener on 127.0.0.1 for drivers whose library can only send a form, not hand
back its bytes (curl, PHP's curl extension): `capture(send)` starts the listener on a free port, calls
`send(url)`, and returns the Content-Type and body of the request that arrived (read by
Content-Length or chunked transfer coding; `Expect: 100-continue` is answered by http.server).
"""
import http.server
import threading


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_POST(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            body = bytearray()
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    break
                body += self.rfile.read(size)
                self.rfile.readline()
        else:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.server.captured = (self.headers.get("Content-Type"), bytes(body))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.send_header("Connection", "close")
        self.end_headers()


def capture(send):
    """Runs send(url) against a fresh listener; returns (content_type, body) of what it posted."""
    server = http.server.HTTPServer(("127.0.0.1", 0), _Handler)
    server.captured = None
    thread = threading.Thread(target=server.handle_request, daemon=True)
    thread.start()
    try:
        send("http://127.0.0.1:%d/" % server.server_address[1])
        thread.join(timeout=30)
    finally:
        server.server_close()
    if server.captured is None:
        raise RuntimeError("the client sent no request to the listener")
    return server.captured
