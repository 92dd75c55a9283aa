"""The decoder process contract (version 1) for the Python drivers: read one request, write one answer.

Each driver calls `serve(decode)`: `decode(content_type: str, body: bytes)` returns a list of parts
made by `part(...)`, or raises `Rejected` when the parser reports an error. Anything else it raises
is a crash: the exception escapes and the process exits non-zero, as the contract requires.
"""
import base64
import json
import sys


class Rejected(Exception):
    """The parser refused the body: the contract's `{"error": ...}` answer."""


def _text_or_bytes(key, value, fields):
    if value is None:
        fields[key] = None
    elif isinstance(value, str):
        fields[key] = value
    else:
        try:
            fields[key] = bytes(value).decode("utf-8")
        except UnicodeDecodeError:
            fields[key + "_base64"] = base64.b64encode(bytes(value)).decode("ascii")


def part(name, filename, content_type, body):
    """One decoded part; strings are sent as they are, bytes as UTF-8 or base64 (a content type as
    UTF-8 or Latin-1)."""
    fields = {}
    _text_or_bytes("name", name, fields)
    _text_or_bytes("filename", filename, fields)
    if isinstance(content_type, (bytes, bytearray)):
        # Header bytes: UTF-8 when they are, else each byte as one character (the contract has no base64 form here).
        try:
            content_type = bytes(content_type).decode("utf-8")
        except UnicodeDecodeError:
            content_type = bytes(content_type).decode("latin-1")
    fields["content_type"] = content_type
    if isinstance(body, str):
        body = body.encode("utf-8")
    fields["body_base64"] = base64.b64encode(bytes(body)).decode("ascii")
    return fields


def serve(decode):
    """Reads the request from standard input, decodes it and writes the answer."""
    request = json.load(sys.stdin)
    if request.get("version") != 1:
        answer = {"error": "unsupported contract version"}
    else:
        body = base64.b64decode(request["body_base64"])
        try:
            answer = {"parts": decode(request["content_type"], body)}
        except Rejected as rejection:
            answer = {"error": str(rejection) or type(rejection).__name__}
    json.dump(answer, sys.stdout)
    sys.stdout.write("\n")
