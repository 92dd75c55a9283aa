#!/usr/bin/env python3
"""Hostile clients against a running `multipart-check serve` (release build, Linux, for /proc).

Starts the server, sends each attack on a connection of its own, and prints a markdown table: what
was sent, what the server answered (status line, or how the connection ended), the line the server
printed, and the server's RSS after the attack; then checks a polite upload is still answered.

Usage: .tools/bench/serve-hostile.py [path/to/multipart-check]   (default .build/release/multipart-check)
"""
import os
import socket
import subprocess
import sys
import threading
import time

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/release/multipart-check"
TYPE = b"multipart/form-data; boundary=AaB03x"
BODY = (b'--AaB03x\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--AaB03x--\r\n')


def request(body=BODY, extra=b"", content_type=TYPE):
    return (b"POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: " + content_type + b"\r\nContent-Length: "
            + str(len(body)).encode() + b"\r\n" + extra + b"\r\n" + body)


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1])
    return 0


def answer(sock, seconds=10.0):
    """The first line the server answered, or how the connection ended."""
    sock.settimeout(seconds)
    data = b""
    try:
        while b"\r\n" not in data:
            more = sock.recv(65536)
            if not more:
                return "closed without an answer" if not data else data.decode("latin-1")
            data += more
    except socket.timeout:
        return "no answer"
    except ConnectionResetError:
        return "connection reset"
    return data.split(b"\r\n", 1)[0].decode("latin-1")


def connect(port):
    sock = socket.create_connection(("127.0.0.1", port))
    return sock


def send_all(sock, data):
    try:
        sock.sendall(data)
    except (BrokenPipeError, ConnectionResetError):
        pass


def attacks(port):
    """Each yields (description, answer)."""
    # Garbage: a TLS ClientHello sent to a plain-HTTP port.
    s = connect(port); send_all(s, bytes.fromhex("16030100c4010000c00303") + os.urandom(200)); yield "TLS ClientHello (garbage)", answer(s); s.close()
    s = connect(port); send_all(s, b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\n"); yield "request line of 100 KB", answer(s); s.close()
    s = connect(port); send_all(s, b"POST / HTTP/1.1\r\n" + b"X-Pad: " + b"p" * 8000 + b"\r\n" * 1 + b"X: y\r\n" * 10_000); yield "head of 10,000 fields (68 KB)", answer(s); s.close()
    s = connect(port); send_all(s, b"POST / HTTP/1.1\r\nContent-Type: " + TYPE + b"\r\nContent-Length: 99999999999\r\nExpect: 100-continue\r\n\r\n"); yield "Content-Length 99,999,999,999 past --max-body 64M", answer(s); s.close()
    s = connect(port)
    send_all(s, b"POST / HTTP/1.1\r\nContent-Type: " + TYPE + b"\r\nTransfer-Encoding: chunked\r\n\r\n")
    chunk = b"100000\r\n" + b"x" * 0x100000 + b"\r\n"
    for _ in range(80):
        send_all(s, chunk)
    yield "chunked body of 80 MiB past --max-body 64M", answer(s); s.close()
    s = connect(port); send_all(s, b"POST / HTTP/1.1\r\nContent-Type: " + TYPE + b"\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"); yield "chunk size 'zz'", answer(s); s.close()
    s = connect(port); send_all(s, b"POST / HTTP/1.1\r\nContent-Type: " + TYPE + b"\r\nTransfer-Encoding: gzip\r\n\r\n"); yield "Transfer-Encoding: gzip", answer(s); s.close()
    s = connect(port); send_all(s, b"POST / HTTP/1.1\r\nContent-Length: 1, 2\r\n\r\n"); yield "Content-Length: 1, 2", answer(s); s.close()
    s = connect(port); send_all(s, b"POST / HTTP/1.1\r\nHost: x\r\n"); yield "half a head, then silence (--idle-timeout 2)", answer(s); s.close()
    s = connect(port); send_all(s, request()[:-10]); yield "all but 10 body bytes, then silence", answer(s); s.close()
    s = connect(port)
    send_all(s, request(body=BODY + b"x" * 5_000_000)[:3_000_000])
    s.close()
    time.sleep(0.3)
    yield "3 MB of a 5 MB body, then disconnect", "(nothing to answer)"
    # Slow sender: one byte every 0.5 s for 3 s, within the idle timeout, then disconnect.
    s = connect(port)
    for byte in request()[:6]:
        send_all(s, bytes([byte])); time.sleep(0.5)
    s.close()
    yield "one byte every 0.5 s, then disconnect", "(nothing to answer)"
    # 300 connections at once (--max-connections 256), each holding half a head.
    held = []
    for _ in range(300):
        c = connect(port); send_all(c, b"POST / HTTP/1.1\r\n"); held.append(c)
    time.sleep(0.5)
    statuses = []
    for c in held:
        c.setblocking(False)
        try:
            data = c.recv(200)
            statuses.append(data.split(b"\r\n", 1)[0].decode("latin-1") if data else "closed")
        except BlockingIOError:
            statuses.append("open")
    for c in held:
        c.close()
    summary = ", ".join(f"{statuses.count(v)} {v}" for v in sorted(set(statuses)))
    yield "300 connections at once (--max-connections 256)", summary
    # Pipelined requests whose answers are never read (a small receive buffer, so they back up).
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    s.settimeout(2)
    sent = 0
    try:
        while sent < 20_000:
            s.sendall(request()); sent += 1
    except (socket.timeout, BrokenPipeError, ConnectionResetError):
        pass
    time.sleep(6)
    yield f"{sent} pipelined requests (of 20,000 tried), answers never read", "(answers not read)"
    s.close()


def main():
    server = subprocess.Popen(
        [BINARY, "serve", "--port", "0", "--max-body", "64M", "--idle-timeout", "2", "--max-connections", "256"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    banner = server.stderr.readline().decode()
    port = int(banner.split("http://127.0.0.1:")[1].split("/")[0])
    printed = []

    def read_output():  # the server's output is read all the time, as a terminal would
        for line in server.stdout:
            printed.append(line.decode("utf-8", "replace").rstrip("\n"))

    threading.Thread(target=read_output, daemon=True).start()
    seen = [0]

    def take_output():
        time.sleep(0.3)
        lines = [line for line in printed[seen[0]:] if line]
        seen[0] = len(printed)
        return lines[-1] if lines else ""

    print(f"server RSS before: {rss_kib(server.pid) / 1024:.1f} MiB\n")
    print("| sent | answer | server's line (last) | server RSS after |")
    print("|---|---|---|---|")
    for description, reply in attacks(port):
        line = take_output()
        if len(line) > 110:
            line = line[:107] + "..."
        print(f"| {description} | {reply} | `{line}` | {rss_kib(server.pid) / 1024:.1f} MiB |")
    s = connect(port); send_all(s, request()); polite = answer(s); s.close()
    print(f"\nafter all of them, a polite upload: {polite}; peak RSS {peak(server.pid)}")
    server.send_signal(2)
    server.wait(timeout=30)
    time.sleep(0.2)
    print([line for line in printed if line][-1])


def peak(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM"):
                return f"{int(line.split()[1]) / 1024:.1f} MiB"
    return "?"


if __name__ == "__main__":
    main()
