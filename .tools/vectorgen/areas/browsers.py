"""browsers: bodies real browsers sent, captured byte for byte by Interop/browsers/capture.sh.

Each capture in Interop/browsers/captures/ becomes one y- vector (i- when a backslash in a name or
filename lets receivers read it two ways): the body and Content-Type exactly
as the browser sent them, the form the page built as the encoder input, and the browser, its version
and the submit path (a <form> submitted by navigation, or fetch() with a FormData) as the producer.
The parts are read off the body by the small reader below, which only needs to understand what
browsers write (`name` and `filename` quoted, no `"` inside; a backslash is read as a quoted-pair,
as the strict reading does); the Swift tests decode every vector with the real parser and compare. The findings are listed by hand per case in FINDINGS.
"""
import base64
import json
import os

from vectorgen import boundary_of, d, field, p, vector

CAPTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Interop", "browsers", "captures")

BROWSERS = {"chromium": "Chromium", "firefox": "Firefox ESR"}
PATHS = {"form": "a <form enctype=multipart/form-data> submitted by navigation",
         "fetch": "fetch() with a FormData body"}
SENT = {"form": "from a form submitted by navigation", "fetch": "from fetch() with a FormData"}
SPECS = ["WHATWG HTML multipart/form-data encoding", "RFC 7578 §4"]


def _values(body, parameter):
    """(offset of the first byte, bytes) of every quoted value of `parameter` in the part headers."""
    needle = b"; " + parameter + b'="'
    result, start = [], 0
    while True:
        found = body.find(needle, start)
        if found < 0:
            return result
        begin = found + len(needle)
        end = body.index(b'"', begin)
        result.append((begin, body[begin:end]))
        start = end


def _in_values(parameter, needle):
    """The offset of the first `needle` byte in each value of `parameter` that holds one."""
    return lambda body: [begin + value.find(needle) for begin, value in _values(body, parameter) if needle in value]


def _separators(parameter):
    """The first ';' or '=' of each value of `parameter` holding one."""
    return lambda body: [begin + min(i for i in (value.find(b";"), value.find(b"=")) if i >= 0)
                         for begin, value in _values(body, parameter) if b";" in value or b"=" in value]


def _quotes_of(parameter, predicate):
    """The opening quote of each value of `parameter` that satisfies predicate."""
    return lambda body: [begin - 1 for begin, value in _values(body, parameter) if predicate(value)]


def _first_non_ascii(parameter):
    return lambda body: [begin + next(i for i, byte in enumerate(value) if byte >= 0x80)
                         for begin, value in _values(body, parameter) if any(byte >= 0x80 for byte in value)]


def _second_part_named(name):
    """The start of the header line of the second part named `name` (name-duplicate is reported once per name)."""
    return lambda body: [body.rfind(b"\r\n", 0, [begin for begin, value in _values(body, b"name") if value == name][1]) + 2]


def _content_under_empty_filename(body):
    """The first content byte of each part with `filename=""` whose content is not empty."""
    starts = [body.find(b"\r\n\r\n", begin) + 4 for begin, value in _values(body, b"filename") if value == b""]
    return [start for start in starts if not body.startswith(b"\r\n--", start)]


def _edge_space(value):
    return value[:1] == b" " or value[-1:] == b" "


# The strict validator's findings per case: (rule, function of the body giving the offsets). No
# browser body draws an error. What they draw: the WHATWG escapes and a backslash that receivers read
# two ways (warnings), and notes on what the user chose (empty, repeated, non-ASCII or space-edged
# names and filenames, ';' and '=' inside a value), and content under an empty filename (a warning).
FINDINGS = {
    "name-specials": [("parameter-percent-encoded", _in_values(b"name", b"%")),
                      ("parameter-backslash", _in_values(b"name", b"\\")),
                      ("parameter-value-separator", _separators(b"name"))],
    "filename-specials": [("parameter-percent-encoded", _in_values(b"filename", b"%")),
                          ("parameter-backslash", _in_values(b"filename", b"\\")),
                          ("parameter-value-separator", _separators(b"filename")),
                          ("filename-whitespace", _quotes_of(b"filename", _edge_space))],
    "non-ascii": [("name-non-ascii", _first_non_ascii(b"name"))],
    "empty-file-input": [("filename-empty", _quotes_of(b"filename", lambda value: value == b""))],
    "several-files": [("name-duplicate", _second_part_named(b"attachments"))],
    "typed-blob": [("filename-empty", _quotes_of(b"filename", lambda value: value == b"")),
                   ("filename-empty-with-content", _content_under_empty_filename)],
}


def parts_of(body, boundary, literal=False):
    """The parts of a browser's body, in order: names and filenames with quoted-pairs removed (the
    RFC 9110 reading), or as the bytes between the quotes when `literal` (the WHATWG reading)."""
    unquoted = (lambda value: value) if literal else _unquoted
    delimiter = b"--" + boundary.encode("latin-1")
    assert body.startswith(delimiter + b"\r\n"), "a browser body starts with its first delimiter"
    assert body.endswith(b"\r\n" + delimiter + b"--\r\n"), "a browser body ends with its close delimiter and CRLF"
    inner = body[len(delimiter) + 2:len(body) - len(delimiter) - 6]
    parts = []
    for chunk in inner.split(b"\r\n" + delimiter + b"\r\n") if inner else []:
        head, _, content = chunk.partition(b"\r\n\r\n")
        name = filename = content_type = None
        for line in head.split(b"\r\n"):
            key, _, value = line.partition(b": ")
            if key.lower() == b"content-type":
                content_type = value
            elif key.lower() == b"content-disposition":
                assert value.startswith(b"form-data; name=\""), value
                name, _, rest = value[len(b"form-data; name=\""):].partition(b'"')
                if rest.startswith(b'; filename="'):
                    filename = rest[len(b'; filename="'):-1]
                    assert rest.endswith(b'"') and b'"' not in filename, rest
                else:
                    assert rest == b"", rest
            else:
                raise AssertionError("a browser writes no other header: %r" % line)
        parts.append(p(unquoted(name), content, filename=unquoted(filename), content_type=content_type))
    return parts


def _unquoted(value):
    """A quoted-string's content with its quoted-pairs removed, as sidecars give names and filenames."""
    if value is None:
        return None
    out, i = bytearray(), 0
    while i < len(value):
        if value[i:i + 1] == b"\\" and i + 1 < len(value):
            i += 1
        out += value[i:i + 1]
        i += 1
    return bytes(out)


def form_of(capture):
    fields = []
    for entry in capture["form"]:
        value = entry["value"] if "value" in entry else base64.b64decode(entry["value_base64"])
        fields.append(field(entry["name"], value, filename=entry.get("filename"), content_type=entry.get("content_type")))
    return fields


QUOTED_PAIR = ("RFC 9110 §5.6.4: recipients that process a quoted-string MUST replace a quoted-pair with the "
               "octet after the backslash")
LITERAL = "WHATWG HTML/Fetch: browsers never backslash-escape names and filenames, so a backslash is itself"


def capture_vector(capture):
    """One capture as a vector: y-, or i- when a name or filename holds a backslash, which a receiver
    reading RFC 9110 quoted-strings drops and a WHATWG receiver keeps (both readings are allowed)."""
    body = base64.b64decode(capture["body_base64"])
    content_type = capture["content_type"]
    boundary = boundary_of(content_type)
    parts = parts_of(body, boundary)
    literal = parts_of(body, boundary, literal=True)
    verdict, outcomes = "y", None
    if literal != parts:
        verdict = "i"
        outcomes = [{"outcome": "accept", "because": QUOTED_PAIR, "parts": parts},
                    {"outcome": "accept", "because": LITERAL, "parts": literal}]
    diagnostics = []
    for rule, offsets in FINDINGS.get(capture["case"], []):
        diagnostics += [d(rule, offset) for offset in offsets(body)]
    browser = BROWSERS[capture["browser"]]
    vector("browsers/%s-%s-%s-%s" % (verdict, capture["browser"], capture["submit_path"], capture["case"]), body,
           "%s, as %s sends it %s" % (capture["description"], browser, SENT[capture["submit_path"]]),
           SPECS, diagnostics, parts, content_type=content_type, outcomes=outcomes,
           producer="%s, %s; captured by Interop/browsers/capture.sh" % (
               capture["browser_version"], PATHS[capture["submit_path"]]),
           form=form_of(capture))


if os.path.isdir(CAPTURES):
    for name in sorted(os.listdir(CAPTURES)):
        if name.endswith(".json"):
            with open(os.path.join(CAPTURES, name), encoding="utf-8") as captured:
                capture_vector(json.load(captured))
