"""The encoder process contract (version 1) for the Python drivers: read one form, answer one body.

Each driver calls `serve(encode)`. `encode(fields, boundary)` gets the request's fields as `Field`
objects and the boundary to use (or None) and returns `(content_type, body)`; a library exception
it lets through becomes the contract's refusal `{"error": ...}`, which certification grades (a
refusal is allowed only for the forms CONFORMANCE.md names). A driver raises `Unsayable` for a form
its library's API has no way to express.
"""
import base64
import json
import sys


class Unsayable(Exception):
    """The library's API cannot say this form; answered as a refusal naming why."""


class Field:
    """One field of the request: `name`, `value` (str, or bytes for `value_base64`), `filename` and
    `content_type` (None when absent)."""

    def __init__(self, entry):
        self.name = entry["name"]
        self.value = base64.b64decode(entry["value_base64"]) if "value_base64" in entry else entry["value"]
        self.filename = entry.get("filename")
        self.content_type = entry.get("content_type")

    @property
    def value_bytes(self):
        return self.value if isinstance(self.value, bytes) else self.value.encode("utf-8")


def answer(document):
    sys.stdout.write(json.dumps(document) + "\n")
    sys.stdout.flush()


def serve(encode):
    request = json.load(sys.stdin)
    if request.get("version") != 1:
        answer({"error": "unsupported contract version"})
        return
    try:
        content_type, body = encode([Field(entry) for entry in request["fields"]], request["boundary"])
    except Exception as error:  # the library refused the form
        answer({"error": "%s: %s" % (type(error).__name__, error)})
        return
    if isinstance(content_type, bytes):
        content_type = content_type.decode("latin-1")
    answer({"content_type": content_type, "body_base64": base64.b64encode(bytes(body)).decode("ascii")})
