"""Authoring helpers for the byte-exact vector corpus.

Each area module under areas/ builds vectors with `vector(...)`; generate.py writes every
vector as Vectors/<area>/<id>.body (raw bytes) plus a .json sidecar, and the checksum manifest.
Offsets in expectations are computed from the bytes (`at(...)`), never typed by hand.
"""
import base64
import json

B = b"AaB03x"
CT = "multipart/form-data; boundary=AaB03x"


def part(name, value, extra_headers=b"", boundary=B):
    """A simple text field part: delimiter line, Content-Disposition, blank line, value, CRLF."""
    if isinstance(name, str):
        name = name.encode()
    if isinstance(value, str):
        value = value.encode()
    return (b"--" + boundary + b"\r\n" + b'Content-Disposition: form-data; name="' + name + b'"\r\n'
            + extra_headers + b"\r\n" + value + b"\r\n")


def file_part(name, filename, content_type, value, boundary=B):
    """A file part with filename and Content-Type, as browsers send it."""
    def enc(x):
        return x.encode() if isinstance(x, str) else x
    return (b"--" + boundary + b"\r\n" + b'Content-Disposition: form-data; name="' + enc(name)
            + b'"; filename="' + enc(filename) + b'"\r\n' + b"Content-Type: " + enc(content_type) + b"\r\n\r\n"
            + enc(value) + b"\r\n")


def close(boundary=B):
    """The close delimiter line with its final CRLF."""
    return b"--" + boundary + b"--\r\n"


def at(data, needle, nth=0, plus=0):
    """Offset of the nth (0-based) occurrence of needle in data, plus `plus`. Fails loudly if absent."""
    if isinstance(needle, str):
        needle = needle.encode()
    pos = -1
    for _ in range(nth + 1):
        pos = data.find(needle, pos + 1)
        if pos < 0:
            raise ValueError(f"{needle!r} occurrence {nth} not found")
    return pos + plus


def d(rule, offset, origin="body"):
    """One expected diagnostic."""
    out = {"rule": rule, "offset": offset}
    if origin != "body":
        out["in"] = origin
    return out


def _bytes_field(key, value, out):
    if value is None:
        out[key] = None
        return
    if isinstance(value, str):
        value = value.encode()
    try:
        out[key] = value.decode("utf-8")
    except UnicodeDecodeError:
        out[key + "_base64"] = base64.b64encode(value).decode()


def p(name, body, filename=None, content_type=None):
    """One expected decoded part. Bytes that are not UTF-8 are written as *_base64."""
    out = {}
    _bytes_field("name", name, out)
    _bytes_field("filename", filename, out)
    _bytes_field("content_type", content_type, out)
    if isinstance(body, str):
        body = body.encode()
    try:
        out["body"] = body.decode("utf-8")
    except UnicodeDecodeError:
        out["body_base64"] = base64.b64encode(body).decode()
    return out


REGISTRY = []


def vector(vid, body, description, specs, diagnostics, parts=None, content_type=CT, outcomes=None,
           producer=None, options=None):
    """Registers one vector. vid is '<area>/<y|n|i>-<slug>'."""
    area, name = vid.split("/")
    verdict = name[0]
    assert verdict in "yni" and name[1] == "-", vid
    assert isinstance(body, (bytes, bytearray)), vid
    has_error = False  # checked against the catalog by the Swift tests, not here
    sidecar = {
        "description": description,
        "specs": specs,
        "content_type": content_type,
        "diagnostics": sorted(diagnostics, key=lambda x: (x.get("in", "body") != "content-type", x["offset"], x["rule"])),
    }
    if parts is not None:
        sidecar["parts"] = parts
    elif verdict != "n":
        raise ValueError(f"{vid}: y- and i- vectors must list their decoded parts")
    if outcomes is not None:
        sidecar["outcomes"] = outcomes
    if producer is not None:
        sidecar["producer"] = producer
    if options is not None:
        allowed = {"max_parts", "max_header_bytes", "max_header_lines", "max_header_line_length",
                   "max_nesting_depth", "max_diagnostics"}
        assert set(options) <= allowed, (vid, options)
        sidecar["options"] = options
    REGISTRY.append((vid, bytes(body), sidecar))
    del has_error


def sidecar_text(sidecar):
    return json.dumps(sidecar, indent=2, ensure_ascii=False) + "\n"
