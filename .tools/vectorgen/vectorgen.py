"""Authoring helpers for the byte-exact vector corpus.

Each area module under areas/ builds vectors with `vector(...)`; generate.py writes every
vector as Vectors/<area>/<id>.body (raw bytes) plus a .json sidecar, and the checksum manifest.
Offsets in expectations are computed from the bytes (`at(...)`), never typed by hand.
"""
import base64
import json

B = b"AaB03x"
CT = "multipart/form-data; boundary=AaB03x"
DELIM = b"--AaB03x\r\n"


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


def offset_of(body, needle, nth=0, plus=0, expect=None):
    """Offset of needle in the body (see at); when expect is given, asserts the bytes found there."""
    off = at(body, needle, nth, plus)
    if expect is not None:
        assert body[off:off + len(expect)] == expect, (needle, off, body[off:off + len(expect)], expect)
    return off


def section_start(body, nth=0):
    """The start of the nth part's header section: the byte after its delimiter line."""
    return offset_of(body, DELIM, nth, plus=len(DELIM))


def accept(because, parts):
    """An expected outcome of an i- vector: the receiver accepts and decodes these parts."""
    return {"outcome": "accept", "because": because, "parts": parts}


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


def boundary_of(content_type, body=b""):
    """The boundary parameter of a Content-Type value (quoted-string unescaped); without a Content-Type,
    the boundary of the body's first line. None when there is none."""
    if content_type is None:
        first = body.split(b"\r\n", 1)[0]
        return first[2:].decode("latin-1") if first.startswith(b"--") and b"\r\n" in body else None
    rest = content_type.split(";", 1)[1] if ";" in content_type else ""
    while rest:
        name, eq, rest = rest.lstrip(" \t").partition("=")
        if not eq:
            return None
        if rest.startswith('"'):
            value, i = "", 1
            while i < len(rest) and rest[i] != '"':
                if rest[i] == "\\" and i + 1 < len(rest):
                    i += 1
                value += rest[i]
                i += 1
            rest = rest[i + 1:].partition(";")[2]
        else:
            value, _, rest = rest.partition(";")
            value = value.rstrip(" \t")
        if name.strip(" \t").lower() == "boundary":
            return value
    return None


def _escape(text):
    """WHATWG escaping of a name or filename: '"', CR and LF as %22, %0D and %0A."""
    return text.encode().replace(b'"', b"%22").replace(b"\r", b"%0D").replace(b"\n", b"%0A")


BCHARS = set(b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ")


def canonical_refusal(fields, boundary):
    """The reference encoder's error code when it refuses the form with this boundary (CONFORMANCE.md,
    canonical encoding, errors), or None when it encodes it. The Swift audit checks every code."""
    b = boundary.encode()
    if not (1 <= len(b) <= 70) or b.endswith(b" ") or any(c not in BCHARS for c in b):
        return "invalid-boundary"
    for f in fields:
        for key, code in (("name", "unrepresentable-name"), ("filename", "unrepresentable-filename")):
            text = f.get(key)
            if text is None:
                continue
            raw = text.encode()
            if b"\0" in raw or (len(raw) - len(raw.rstrip(b"\\"))) % 2 == 1:
                return code
        if "content_type" in f:
            ctype = f["content_type"]
            if not ctype or any(not (0x20 <= ord(c) <= 0x7E) for c in ctype):
                return "invalid-content-type"
        # The strict validator's default limits: 8192 bytes a header line, 16384 a header section.
        head = _header(f)[:-2]
        if any(len(line) > 8192 for line in head.split(b"\r\n")) or len(head) > 16384:
            return "header-too-long"
    for f in fields:
        value = base64.b64decode(f["value_base64"]) if "value_base64" in f else f["value"].encode()
        if b"--" + b in _header(f) or b"--" + b in value:
            return "boundary-collision"
    return None


def _header(f):
    """A field's part header as the canonical encoding writes it, through the blank line."""
    head = b'Content-Disposition: form-data; name="' + _escape(f["name"]) + b'"'
    if "filename" in f or "content_type" in f:
        ctype = f.get("content_type", "application/octet-stream")
        head += b'; filename="' + _escape(f.get("filename", "blob")) + b'"\r\nContent-Type: ' + ctype.encode()
    return head + b"\r\n\r\n"


def canonical_body(fields, boundary):
    """The reference encoder's bytes for a form (CONFORMANCE.md, canonical encoding), or None if it refuses it."""
    if canonical_refusal(fields, boundary) is not None:
        return None
    b = boundary.encode()
    out = b""
    for f in fields:
        value = base64.b64decode(f["value_base64"]) if "value_base64" in f else f["value"].encode()
        out += b"--" + b + b"\r\n" + _header(f) + value + b"\r\n"
    return out + b"--" + b + b"--\r\n"


def _text(part, key):
    """A part's value for key as text, or raises ValueError when it is only given as base64."""
    if key + "_base64" in part:
        raise ValueError(key)
    return part[key]


def form_from_parts(parts):
    """The form whose entries decode to `parts`, or None when no form can say it (a nameless part, bytes in a name)."""
    fields = []
    for part in parts:
        try:
            name = _text(part, "name")
            filename = _text(part, "filename")
            ctype = _text(part, "content_type")
        except ValueError:
            return None
        if name is None:
            return None
        field = {"name": name}
        if "body_base64" in part:
            field["value_base64"] = part["body_base64"]
        else:
            field["value"] = part["body"]
        if filename is not None:
            field["filename"] = filename
        if ctype is not None:
            field["content_type"] = ctype
        fields.append(field)
    return fields


def encoder_input(body, content_type, parts, form):
    """The sidecar's encoder_input: the form (given, or read off the parts), the boundary, whether it is
    canonical, and the reference encoder's error code when it refuses the form."""
    if form is False:
        return None
    fields = form if form is not None else form_from_parts(parts)
    boundary = boundary_of(content_type, body)
    if fields is None or boundary is None:
        if form is not None:
            raise ValueError("an explicit form needs a boundary in the Content-Type")
        return None
    made = {"boundary": boundary, "canonical": canonical_body(fields, boundary) == body}
    refusal = canonical_refusal(fields, boundary)
    if refusal is not None:
        made["refused_with"] = refusal
    made["fields"] = fields
    return made


def field(name, value, filename=None, content_type=None):
    """One encoder-input field; bytes that are not UTF-8 are written as value_base64."""
    out = {"name": name}
    if isinstance(value, str):
        value = value.encode()
    try:
        out["value"] = value.decode("utf-8")
    except UnicodeDecodeError:
        out["value_base64"] = base64.b64encode(value).decode()
    if filename is not None:
        out["filename"] = filename
    if content_type is not None:
        out["content_type"] = content_type
    return out


REGISTRY = []


def vector(vid, body, description, specs, diagnostics, parts=None, content_type=CT, outcomes=None,
           producer=None, options=None, form=None):
    """Registers one vector. vid is '<area>/<y|n|i>-<slug>'.

    For y- vectors, `form` is the encoder input (a list of `field(...)`); left out, it is read off the
    decoded parts (names and filenames taken literally); False says no form can produce the body.
    An i- vector that expects no error may give its form explicitly: the body is a correct encoding of
    it, and only receivers disagree about what it decodes to. An n- vector may give the form whose
    careless encoding it is, when the canonical encoder refuses that form (the input records the code).
    """
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
    if verdict == "y" or (verdict == "i" and form is not None):
        made = encoder_input(bytes(body), content_type, parts, form)
        if made is not None:
            sidecar["encoder_input"] = made
    elif form is not None:
        made = encoder_input(bytes(body), content_type, parts, form)
        if "refused_with" not in made:
            raise ValueError(f"{vid}: an n- vector carries an encoder input only for a form the canonical encoder refuses")
        sidecar["encoder_input"] = made
    if options is not None:
        allowed = {"max_parts", "max_header_bytes", "max_header_lines", "max_header_line_length",
                   "max_nesting_depth", "max_diagnostics"}
        assert set(options) <= allowed, (vid, options)
        sidecar["options"] = options
    REGISTRY.append((vid, bytes(body), sidecar))
    del has_error


SIDECAR_KEYS = ["description", "specs", "content_type", "diagnostics", "parts", "outcomes", "producer", "options",
                "encoder_input"]
OPTION_KEYS = ["max_parts", "max_header_bytes", "max_header_lines", "max_header_line_length", "max_nesting_depth",
               "max_diagnostics"]
OUTCOME_KEYS = ["outcome", "because", "parts"]


def _ordered(mapping, keys):
    assert set(mapping) <= set(keys), (sorted(mapping), keys)
    return {k: mapping[k] for k in keys if k in mapping}


def sidecar_text(sidecar):
    """The sidecar file's text, exactly as the Swift writer (`VectorSidecar.jsonText`) renders it."""
    sidecar = _ordered(sidecar, SIDECAR_KEYS)
    if "options" in sidecar:
        sidecar["options"] = _ordered(sidecar["options"], OPTION_KEYS)
    if "outcomes" in sidecar:
        sidecar["outcomes"] = [_ordered(o, OUTCOME_KEYS) for o in sidecar["outcomes"]]
    text = json.dumps(sidecar, indent=2, ensure_ascii=False)
    # These characters can only occur inside strings; the Swift writer escapes them too.
    for char in ("\x7f", "\u2028", "\u2029"):
        text = text.replace(char, "\\u%04x" % ord(char))
    return text + "\n"
