"""The body shapes of the bypass atlas: each puts a payload in one slot (a text field's value, a
field name, a filename) of a multipart/form-data body, framed so that a firewall may read the slot
otherwise than the application does.

A shape is built from a payload and a slot and gives (content type, body, expected): `expected` is
the bytes the application must read in that slot for the payload to count as handed over intact.
`source` names the corpus vectors (or the evasion family) the shape comes from.
"""
import base64
import codecs
import os
import urllib.parse

BOUNDARY = b"AtlasBoundary7f3a"
DECOY = b"AtlasDecoy0c41"
CONTENT_TYPE = "multipart/form-data; boundary=" + BOUNDARY.decode()

PAYLOADS = {
    # Core Rule Set test strings: each stops a plain request at paranoia level 1.
    "xss": b"<script>alert(1)</script>",
    "sqli": b"1' UNION SELECT password FROM users-- -",
}
ATTACKS = ["xss", "sqli"]
# A harmless value: a configuration that stops it stops every form, so lets nothing through to count.
BENIGN = b"hello world"

# A file part's field name is its own slot: ModSecurity files it under FILES_NAMES, which the Core
# Rule Set's injection rules do not read, so its control is a plain file part of that name.
SLOTS = ["value", "name", "filename", "file-name"]

# The field a value-slot body carries the payload in; the other parts' names.
FIELD = b"q"


def framed(parts, boundary=BOUNDARY, line=b"\r\n", preamble=b"", epilogue=b""):
    """A body of (header lines, content) parts with the given line ending."""
    out = preamble
    for headers, content in parts:
        out += b"--" + boundary + line + b"".join(header + line for header in headers) + line + content + line
    return out + b"--" + boundary + b"--" + line + epilogue


def pct(data):
    return urllib.parse.quote(data, safe="").encode("ascii")


def slot_part(slot, payload):
    """The plain part for a slot: (header lines, content)."""
    if slot == "value":
        return [b'Content-Disposition: form-data; name="q"'], payload
    if slot == "name":
        return [b'Content-Disposition: form-data; name="' + payload + b'"'], b"1"
    if slot == "file-name":
        return [b'Content-Disposition: form-data; name="' + payload + b'"; filename="a.txt"', b"Content-Type: text/plain"], b"hello"
    return [b'Content-Disposition: form-data; name="f"; filename="' + payload + b'"', b"Content-Type: text/plain"], b"hello"


class Shape:
    def __init__(self, shape_id, title, source, slots, build, payloads=None):
        self.id, self.title, self.source, self.slots, self.build = shape_id, title, source, slots, build
        self.payloads = payloads or ATTACKS

    def cases(self):
        """(slot, payload id, content type, body, expected) for each slot and payload."""
        for slot in self.slots:
            for payload_id in self.payloads:
                content_type, body, expected = self.build(slot, BENIGN if payload_id == "benign" else PAYLOADS[payload_id])
                yield slot, payload_id, content_type, body, expected


def plain(slot, payload):
    return CONTENT_TYPE, framed([slot_part(slot, payload)]), payload


def with_disposition(disposition, extra=()):
    """A value-slot shape whose only change is the part's header lines."""
    def build(slot, payload):
        return CONTENT_TYPE, framed([([disposition] + list(extra), payload)]), payload
    return build


def transfer_encoded(encoding):
    def build(slot, payload):
        if encoding == "base64":
            content = base64.b64encode(payload)
        else:
            content = b"".join(b"=%02X" % byte if byte in b"<>'=-" else bytes([byte]) for byte in payload)
        return CONTENT_TYPE, framed([([b'Content-Disposition: form-data; name="q"',
                                        b"Content-Transfer-Encoding: " + encoding.encode()], content)]), payload
    return build


def charset(name):
    def build(slot, payload):
        if name == "utf-7":
            content = payload.decode().encode("utf-7")
            content = content.replace(b"<", b"+ADw-").replace(b">", b"+AD4-").replace(b"'", b"+ACc-")
        else:
            content = codecs.encode(payload.decode(), name)
        return CONTENT_TYPE, framed([([b'Content-Disposition: form-data; name="q"',
                                        b"Content-Type: text/plain; charset=" + name.encode()], content)]), payload
    return build


def split_value(slot, payload):
    """HTTP parameter pollution: the payload in two same-named fields, which some applications join
    with a comma; the comma lands inside a comment (SQL) or an attribute gap (HTML)."""
    if payload == PAYLOADS["sqli"]:
        first, second = b"1' UNION/*", b"*/SELECT password FROM users-- -"
    else:
        first, second = b"<script>/*", b"*/alert(1)</script>"
    parts = [([b'Content-Disposition: form-data; name="q"'], first), ([b'Content-Disposition: form-data; name="q"'], second)]
    return CONTENT_TYPE, framed(parts), first + b"," + second


def media_type(content_type):
    def build(slot, payload):
        return content_type, framed([slot_part(slot, payload)]), payload
    return build


def two_boundaries(order):
    """Two boundary parameters: the body is framed by one, a decoy part by the other."""
    def build(slot, payload):
        real = framed([slot_part(slot, payload)])
        first, second = (DECOY, BOUNDARY) if order == "decoy-first" else (BOUNDARY, DECOY)
        content_type = "multipart/form-data; boundary=%s; boundary=%s" % (first.decode(), second.decode())
        return content_type, real, payload
    return build


def framing(kind):
    def build(slot, payload):
        part = slot_part(slot, payload)
        if kind == "lf-only":
            return CONTENT_TYPE, framed([part], line=b"\n"), payload
        if kind == "preamble-part":
            # A part in the preamble, framed by a lookalike delimiter that is not the boundary.
            return CONTENT_TYPE, framed([part], preamble=b"preamble\r\n"), payload
        if kind == "part-after-close":
            decoy = framed([([b'Content-Disposition: form-data; name="z"'], b"1")])
            return CONTENT_TYPE, decoy + framed([part]), payload
        if kind == "padding-on-delimiter":
            body = framed([part]).replace(b"--" + BOUNDARY + b"\r\n", b"--" + BOUNDARY + b" \t\r\n", 1)
            return CONTENT_TYPE, body, payload
        if kind == "folded-disposition":
            headers, content = part
            headers = [headers[0].replace(b"; name=", b";\r\n name=", 1)] + headers[1:]
            return CONTENT_TYPE, framed([(headers, content)]), payload
        if kind == "bare-cr-before-delimiter":
            return CONTENT_TYPE, framed([part]).replace(b"\r\n--" + BOUNDARY + b"--", b"\r--" + BOUNDARY + b"--\r\n--" + BOUNDARY + b"--"), payload
        raise ValueError(kind)
    return build


def name_parameter(kind):
    def build(slot, payload):
        if kind == "name-star":
            disposition = b"Content-Disposition: form-data; name=\"x\"; name*=UTF-8''" + pct(payload)
        elif kind == "name-star-alone":
            disposition = b"Content-Disposition: form-data; name*=UTF-8''" + pct(payload)
        elif kind == "name-percent":
            disposition = b'Content-Disposition: form-data; name="' + pct(payload) + b'"'
        elif kind == "name-duplicate-first":
            disposition = b'Content-Disposition: form-data; name="' + payload + b'"; name="x"'
        elif kind == "name-duplicate-last":
            disposition = b'Content-Disposition: form-data; name="x"; name="' + payload + b'"'
        elif kind == "name-single-quoted":
            disposition = b"Content-Disposition: form-data; name='" + payload.replace(b"'", b"") + b"'"
            return CONTENT_TYPE, framed([([disposition], b"1")]), payload.replace(b"'", b"")
        elif kind == "name-backslash-quote":
            disposition = b'Content-Disposition: form-data; name="' + payload + b'\\"; x=\\""'
            return CONTENT_TYPE, framed([([disposition], b"1")]), payload
        else:
            raise ValueError(kind)
        return CONTENT_TYPE, framed([([disposition], b"1")]), payload
    return build


def second_disposition(slot, payload):
    """Two Content-Disposition lines: a harmless first, the payload's second."""
    if slot == "name":
        headers = [b'Content-Disposition: form-data; name="x"', b'Content-Disposition: form-data; name="' + payload + b'"']
        return CONTENT_TYPE, framed([(headers, b"1")]), payload
    headers = [b'Content-Disposition: form-data; name="f"; filename="x.txt"',
               b'Content-Disposition: form-data; name="f"; filename="' + payload + b'"', b"Content-Type: text/plain"]
    return CONTENT_TYPE, framed([(headers, b"hello")]), payload


def filename_parameter(kind):
    def build(slot, payload):
        if kind == "filename-star":
            disposition = b"Content-Disposition: form-data; name=\"f\"; filename=\"x.txt\"; filename*=UTF-8''" + pct(payload)
        elif kind == "filename-percent":
            disposition = b'Content-Disposition: form-data; name="f"; filename="' + pct(payload) + b'"'
        elif kind == "filename-duplicate-last":
            disposition = b'Content-Disposition: form-data; name="f"; filename="x.txt"; filename="' + payload + b'"'
        else:
            raise ValueError(kind)
        return CONTENT_TYPE, framed([([disposition, b"Content-Type: text/plain"], b"hello")]), payload
    return build


VALUE = ["value"]
SHAPES = [
    Shape("benign", "a harmless value (the control: the firewall must let it through)", "-", VALUE, plain, ["benign"]),
    Shape("plain", "the payload plainly in its slot (the control: the firewall must stop it)", "-", SLOTS, plain),
    # A text field the firewall takes for a file part: ModSecurity keeps a file's content out of ARGS,
    # where the Core Rule Set looks.
    Shape("field-as-file-filename-star", "a text field with only `filename*` (a file to the firewall?)",
          "quoting/n-filename-star-alone", VALUE, with_disposition(b"Content-Disposition: form-data; name=\"q\"; filename*=UTF-8''q.txt")),
    Shape("field-as-file-empty-filename", "a text field with `filename=\"\"`", "filenames/y-empty-filename-empty-body", VALUE,
          with_disposition(b'Content-Disposition: form-data; name="q"; filename=""')),
    Shape("field-as-file-empty-filename-typed", "a text field with `filename=\"\"` and a Content-Type",
          "filenames/y-empty-filename-text-value", VALUE,
          with_disposition(b'Content-Disposition: form-data; name="q"; filename=""', [b"Content-Type: text/plain"])),
    Shape("field-as-file-blank-filename", "a text field with a filename of one space", "filenames/y-empty-filename-empty-body", VALUE,
          with_disposition(b'Content-Disposition: form-data; name="q"; filename=" "')),
    Shape("field-as-file-slash-filename", "a text field with the filename `/`, whose base name is empty", "filenames/i-percent-encoded-traversal",
          VALUE, with_disposition(b'Content-Disposition: form-data; name="q"; filename="/"')),
    Shape("field-as-file-dot-filename", "a text field with the filename `.`", "filenames/y-dotfile", VALUE,
          with_disposition(b'Content-Disposition: form-data; name="q"; filename="."')),
    Shape("field-as-file-bare-filename", "a text field with a valueless `filename` parameter", "quoting/n-unterminated-quoted-value",
          VALUE, with_disposition(b'Content-Disposition: form-data; name="q"; filename')),
    Shape("field-as-file-no-content-type", "a part with a filename and no Content-Type",
          "filenames/y-untyped-file-gets-octet-stream", VALUE, with_disposition(b'Content-Disposition: form-data; name="q"; filename="q.txt"')),
    Shape("field-as-file-second-disposition", "two Content-Disposition lines, the second with a filename", "headers/n-cd-duplicate",
          VALUE, with_disposition(b'Content-Disposition: form-data; name="q"', [b'Content-Disposition: form-data; name="q"; filename="q.txt"'])),
    Shape("field-as-file-first-disposition", "two Content-Disposition lines, the first with a filename",
          "headers/n-cd-duplicate-file-then-field",
          VALUE, with_disposition(b'Content-Disposition: form-data; name="q"; filename="q.txt"', [b'Content-Disposition: form-data; name="q"'])),
    Shape("field-as-file-upper-case-filename", "`FILENAME=` in capitals", "quoting/y-parameter-names-case", VALUE,
          with_disposition(b'Content-Disposition: form-data; name="q"; FILENAME="q.txt"')),
    Shape("field-as-file-single-quoted-filename", "`filename='q.txt'` in single quotes", "quoting/y-filename-single-quoted", VALUE,
          with_disposition(b"Content-Disposition: form-data; name=\"q\"; filename='q.txt'")),
    Shape("field-as-file-filename-in-quoted-name", "`filename=` inside a quoted name, after an escaped quote", "quoting/n-duplicate-filename",
          VALUE, with_disposition(b'Content-Disposition: form-data; name="q"; x="\\"; filename=q.txt; y=\\""')),
    Shape("field-as-file-space-before-equals", "`filename =\"q.txt\"` with a space before `=`", "quoting/y-parameter-names-case", VALUE,
          with_disposition(b'Content-Disposition: form-data; name="q"; filename ="q.txt"')),
    Shape("field-as-file-octet-stream", "a text field typed application/octet-stream", "binary/y-field-octet-stream-without-filename",
          VALUE, with_disposition(b'Content-Disposition: form-data; name="q"', [b"Content-Type: application/octet-stream"])),
    # The value encoded for transport, decoded by some applications.
    Shape("cte-base64", "`Content-Transfer-Encoding: base64` on a text field", "charset/i-cte-base64", VALUE, transfer_encoded("base64")),
    Shape("cte-quoted-printable", "`Content-Transfer-Encoding: quoted-printable` on a text field", "charset/i-quoted-printable-lines", VALUE,
          transfer_encoded("quoted-printable")),
    Shape("charset-utf-7", "a text field in UTF-7 (`charset=utf-7`)", "charset/y-charset-param-unknown", VALUE, charset("utf-7")),
    Shape("charset-utf-16le", "a text field in UTF-16LE (`charset=utf-16le`)", "charset/y-charset-param-utf16", VALUE, charset("utf-16le")),
    Shape("charset-ibm037", "a text field in EBCDIC (`charset=ibm037`)", "charset/y-charset-param-unknown", VALUE, charset("cp037")),
    Shape("split-across-same-name", "the payload split across two fields of one name (parameter pollution)", "structure/y-duplicate-names",
          VALUE, split_value),
    # The request's media type.
    Shape("media-type-related", "`multipart/related` instead of `multipart/form-data`", "boundary/n-multipart-related", SLOTS,
          media_type("multipart/related; boundary=" + BOUNDARY.decode())),
    Shape("media-type-mixed", "`multipart/mixed` instead of `multipart/form-data`", "boundary/n-multipart-mixed", SLOTS,
          media_type("multipart/mixed; boundary=" + BOUNDARY.decode())),
    Shape("media-type-upper-case", "`MULTIPART/FORM-DATA` in capitals", "boundary/y-media-type-mixed-case", SLOTS,
          media_type("MULTIPART/FORM-DATA; BOUNDARY=" + BOUNDARY.decode())),
    Shape("media-type-upper-case-type", "`MULTIPART/FORM-DATA` in capitals, `boundary=` in lower case",
          "boundary/y-media-type-mixed-case", SLOTS, media_type("MULTIPART/FORM-DATA; boundary=" + BOUNDARY.decode())),
    Shape("media-type-quoted-boundary-space", "a quoted boundary followed by junk", "boundary/n-duplicate", SLOTS,
          media_type('multipart/form-data; boundary="' + BOUNDARY.decode() + '" x')),
    Shape("media-type-boundary-decoy-first", "two boundary parameters, the decoy first", "boundary/n-duplicate", SLOTS,
          two_boundaries("decoy-first")),
    Shape("media-type-boundary-decoy-last", "two boundary parameters, the decoy last", "boundary/n-duplicate", SLOTS,
          two_boundaries("decoy-last")),
    # Framing.
    Shape("framing-lf-only", "LF-only line endings", "crlf/n-lf-only-everywhere", SLOTS, framing("lf-only")),
    Shape("framing-preamble", "text before the first delimiter", "structure/i-preamble-text", SLOTS, framing("preamble-part")),
    Shape("framing-part-after-close", "the payload's part after a close delimiter", "structure/y-epilogue-with-parts", SLOTS,
          framing("part-after-close")),
    Shape("framing-padding", "whitespace after the first delimiter", "boundary/i-padding-on-delimiter", SLOTS, framing("padding-on-delimiter")),
    Shape("framing-folded-disposition", "a folded Content-Disposition line", "headers/i-folded-cd", SLOTS, framing("folded-disposition")),
    Shape("framing-bare-cr-close", "a bare CR before a first close delimiter", "binary/y-bare-cr-before-boundary", SLOTS,
          framing("bare-cr-before-delimiter")),
    # Names and filenames spelt so that one reading decodes them.
    Shape("name-star", "`name*=` beside `name=` (RFC 2231)", "quoting/n-name-and-name-star", ["name"], name_parameter("name-star")),
    Shape("name-star-alone", "only `name*=` (RFC 2231)", "quoting/n-name-star-alone", ["name"], name_parameter("name-star-alone")),
    Shape("name-percent", "a percent-encoded name", "filenames/i-percent-encoded-utf8", ["name"], name_parameter("name-percent")),
    Shape("name-duplicate-first", "two name parameters, the payload first", "quoting/n-duplicate-name", ["name"],
          name_parameter("name-duplicate-first")),
    Shape("name-duplicate-last", "two name parameters, the payload last", "quoting/n-duplicate-name", ["name"],
          name_parameter("name-duplicate-last")),
    Shape("name-backslash-quote", "a name ending in a backslash before its closing quote", "quoting/n-duplicate-name", ["name"],
          name_parameter("name-backslash-quote")),
    Shape("second-disposition", "two Content-Disposition lines, the payload in the second", "headers/n-cd-duplicate-names",
          ["name", "filename"], second_disposition),
    Shape("filename-star", "`filename*=` beside `filename=` (RFC 2231)", "quoting/n-filename-and-filename-star", ["filename"],
          filename_parameter("filename-star")),
    Shape("filename-percent", "a percent-encoded filename", "filenames/i-percent-encoded-traversal", ["filename"],
          filename_parameter("filename-percent")),
    Shape("filename-duplicate-last", "two filename parameters, the payload last", "quoting/n-duplicate-filename", ["filename"],
          filename_parameter("filename-duplicate-last")),
]


# The rows whose own entry point hands a body of another multipart media type to the parser, read
# from their source: a `media-type-*` shape reaches only these. Other drivers call the parser with
# any Content-Type, while their framework checks for multipart/form-data first (Django's HttpRequest,
# Starlette's Request.form, aiohttp's Request.post) or leaves the choice to the application.
MEDIA_TYPE_DISPATCH = {
    "rack": "Rack::Multipart::MULTIPART matches any `multipart/...; boundary=`",
    "node-formidable": "IncomingForm tests the Content-Type with /multipart/i",
    "node-multiparty": "Form.parse accepts /^multipart\\/(?:form-data|related)/i",
    "commons-fileupload": "FileUpload takes any Content-Type starting with `multipart/`",
    "tomcat": "Request.getParts goes through FileUpload, which takes any `multipart/` type",
}


def reaches(shape_id, parser_id):
    """Whether an application behind this row is handed a body of this shape at all."""
    return not shape_id.startswith("media-type-") or parser_id in MEDIA_TYPE_DISPATCH


# Corpus bodies larger than this are left out of the corpus shapes: the firewall's body limits, not
# its reading, would decide them.
CORPUS_BODY_LIMIT = 65536


def corpus_cases(vectors):
    """Cases made from the corpus: in each vector with a Content-Type, the first text value, name and
    filename that occurs exactly once in the body (as `name="..."`, `filename="..."` or a part's whole
    content) is replaced by the payload. Yields (shape id, slot, payload id, content type, body,
    expected, field); `field` is the name of the text field a value must arrive in."""
    import interop
    for vector_id, vector in sorted(vectors.items()):
        if not vector.get("content_type"):
            continue
        with open(os.path.join(interop.VECTORS, vector_id + ".body"), "rb") as source:
            body = source.read()
        if len(body) > CORPUS_BODY_LIMIT:
            continue
        parts = vector.get("parts")
        if parts is None:
            accepted = [o for o in vector.get("outcomes") or [] if o.get("outcome") == "accept" and o.get("parts") is not None]
            parts = accepted[0]["parts"] if accepted else []
        parts = interop.expected_parts(parts)
        slots = {}
        for name, filename, _, content in parts:
            if "value" not in slots and filename is None and name and content and b"\r" not in content \
                    and body.count(content) == 1 and body.count(b"\r\n\r\n" + content + b"\r\n--") == 1:
                slots["value"] = (b"\r\n\r\n" + content + b"\r\n--", lambda p, c=content: b"\r\n\r\n" + p + b"\r\n--", name)
            kind = "name" if filename is None else "file-name"
            if kind not in slots and name and body.count(b'name="' + name + b'"') == 1 and body.count(name) == 1:
                slots[kind] = (b'name="' + name + b'"', lambda p: b'name="' + p + b'"', None)
            if "filename" not in slots and filename and body.count(b'filename="' + filename + b'"') == 1:
                slots["filename"] = (b'filename="' + filename + b'"', lambda p: b'filename="' + p + b'"', None)
        for slot in SLOTS:
            if slot not in slots:
                continue
            old, new, field = slots[slot]
            for payload_id in ATTACKS:
                payload = PAYLOADS[payload_id]
                yield ("corpus/" + vector_id, slot, payload_id, vector["content_type"], body.replace(old, new(payload), 1),
                       payload, field)


def intact(slot, expected, parts, field=FIELD):
    """Whether decoded parts (name, filename, content type, body tuples) hand `expected` over in
    `slot`: a text field `field` (no filename) whose value is it, a part so named, a file so named."""
    for name, filename, _, body in parts:
        if slot == "value" and name == field and filename is None and body == expected:
            return True
        if slot in ("name", "file-name") and name == expected:
            return True
        if slot == "filename" and filename == expected:
            return True
    return False
