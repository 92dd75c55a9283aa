#!/usr/bin/env python3
"""Writes a fuzz target's seed corpus, built from the corpus vectors, one file per seed.

Usage: Tests/Fuzz/seeds.py TARGET OUTPUT_DIRECTORY   (run from anywhere; reads Vectors/ beside it)

Each target reads its own input layout (see the comment at the top of its source):
- validator, command-line: a control byte, the sidecar's Content-Type, LF, the body; the command
  line also gets the body as an HTTP capture (control 0x02) and in a HAR file (0x03);
- har, http: the capture alone;
- serve, page: one connection's bytes (the request, two pipelined, and the body chunked in two chunks);
- corpus: a control byte and a sidecar, a manifest line or a HAR document;
- certify-answer: a control byte and what a child writes: an encoder's answer with the body
  (0x00), a decoder's answer with the expected parts (0x8F), and refusals.
"""
import base64
import glob
import hashlib
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def parts_answer(parts):
    def member(key, value):
        if value is None:
            return {key: None}
        return {key: value}
    answer = []
    for part in parts:
        body = part["body"].encode("utf-8") if "body" in part else base64.b64decode(part.get("body_base64", ""))
        item = {}
        for key in ("name", "filename", "content_type"):
            if key + "_base64" in part:
                item[key + "_base64"] = part[key + "_base64"]
            elif key in part:
                item.update(member(key, part[key]))
        item["body_base64"] = base64.b64encode(body).decode("ascii")
        answer.append(item)
    return json.dumps({"parts": answer}).encode()


def seeds_for(target, body_path):
    with open(body_path, "rb") as f:
        body = f.read()
    with open(body_path[:-5] + ".json", "rb") as f:
        sidecar = f.read()
    meta = json.loads(sidecar)
    content_type = (meta.get("content_type") or "").encode()
    har = json.dumps({"log": {"entries": [{"request": {"method": "POST", "url": "https://e/u",
        "headers": [{"name": "Content-Type", "value": content_type.decode("latin-1")}],
        "postData": {"mimeType": content_type.decode("latin-1"), "text": body.decode("latin-1")}}}]}}).encode()
    http = b"POST /u HTTP/1.1\r\nContent-Type: " + content_type + b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
    if target == "validator":
        return [bytes([c]) + content_type + b"\n" + body for c in (0x00, 0x86)]
    if target == "command-line":
        return [bytes([c]) + content_type + b"\n" + body for c in (0x00, 0x86)] + [b"\x02" + http, b"\x03" + har]
    if target == "har":
        return [har]
    if target == "http":
        return [http]
    if target in ("serve", "page"):
        halves = (body[:len(body) // 2], body[len(body) // 2:])
        chunked = (b"POST /u HTTP/1.1\r\nContent-Type: " + content_type
                   + b"\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n"
                   + b"".join(b"%x\r\n" % len(piece) + piece + b"\r\n" for piece in halves if piece) + b"0\r\n\r\n")
        return [http, http + http, chunked]
    if target == "corpus":
        line = hashlib.sha256(body).hexdigest().encode() + b"  " + os.path.relpath(body_path, os.path.join(ROOT, "Vectors")).encode() + b"\n"
        return [b"\x00" + sidecar, b"\x01" + line, b"\x02" + har]
    if target == "certify-answer":
        encoded = json.dumps({"content_type": content_type.decode("latin-1"), "body_base64": base64.b64encode(body).decode("ascii")})
        seeds = [b"\x00" + encoded.encode()]
        if "parts" in meta:
            seeds.append(b"\x8f" + parts_answer(meta["parts"]))
        else:
            seeds.append(b"\x8f" + json.dumps({"error": meta.get("description", "rejected")}).encode())
        return seeds
    raise SystemExit("unknown target '%s'" % target)


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    target, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    count = 0
    for body_path in sorted(glob.glob(os.path.join(ROOT, "Vectors", "*", "*.body"))):
        for data in seeds_for(target, body_path):
            with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
                f.write(data)
            count += 1
    if count == 0:
        raise SystemExit("no vectors found under " + os.path.join(ROOT, "Vectors"))


main()
