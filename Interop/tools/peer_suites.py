"""The bodies of three peers' own multipart tests, rebuilt here as data, with what each peer expects.

Go's `mime/multipart` tests, WPT's `fetch/api/body/formdata-parsing.any.js` and vapor/multipart-kit's
tests keep their bodies inline in test code. Each case below rebuilds one body byte for byte from
the string the test writes (its line breaks, escapes and interpolations spelled out), with the
boundary it is parsed with and what the test expects: an error, the field names in order, or (for
Go's generic multipart Reader, whose parts need no name) the number of parts. `peers.py` runs each
through the validator and classes every disagreement with the reason given in `EXPLAINED`.

Tests that check something other than a body's parse (a Content-Disposition value on its own, the
delimiter-line predicate, a reader that never ends, an encoder's API) are left out; each suite's
`skipped` says which.
"""
import base64 as _b64


def crlf(*lines):
    """Lines joined by CRLF, as the tests' payload helpers and `\\r`-ended literals join them."""
    return "\r\n".join(lines).encode()


def lf(*lines):
    return "\n".join(lines).encode()


class Case:
    def __init__(self, case_id, boundary, body, expects, content_type=None, test=None):
        self.id = case_id
        self.boundary = boundary
        self.body = body
        self.content_type = content_type
        # ("error",), ("fields", [names]) or ("parts", count)
        self.expects = expects
        self.test = test


def fields(*names):
    return ("fields", list(names))


ERROR = ("error",)

# ---------------------------------------------------------------------------------------------
# WPT fetch/api/body/formdata-parsing.any.js (boundary "boundary" unless the case says otherwise)
# ---------------------------------------------------------------------------------------------

CD_A = 'Content-Disposition: form-data; name="a"'
CD_AF = 'Content-Disposition: form-data; name="a"; filename="f"'


def _wpt(case_id, expects, *lines, content_type=None):
    return Case(case_id, "boundary", crlf(*lines), expects, content_type)


def _wpt_a(case_id, expects, *middle):
    """A body of one part whose header lines and value are `middle`, closed as the tests close it."""
    return _wpt(case_id, expects, "--boundary", *middle, "--boundary--", "")


WPT = [
    _wpt_a("file part without Content-Type", fields("file"),
           'Content-Disposition: form-data; name="file"; filename="hello.txt"', "", "file contents"),
    _wpt_a("file part with Content-Type", fields("file"),
           'Content-Disposition: form-data; name="file"; filename="image.png"', "Content-Type: image/png", "", "PNG"),
    _wpt_a("Content-Type before Content-Disposition", fields("file"),
           "Content-Type: image/png", 'Content-Disposition: form-data; name="file"; filename="image.png"', "", "PNG"),
    _wpt("string and file parts", fields("field1", "file", "field2"),
         "--boundary", 'Content-Disposition: form-data; name="field1"', "", "value1",
         "--boundary", 'Content-Disposition: form-data; name="file"; filename="doc.txt"', "Content-Type: text/plain", "",
         "file data",
         "--boundary", 'Content-Disposition: form-data; name="field2"', "", "value2", "--boundary--", ""),
    _wpt_a("percent sequences in a name", fields("a%0Ab%0Dc%22d%0D%0Ae%25f%2Fg"),
           'Content-Disposition: form-data; name="a%0Ab%0Dc%22d%0D%0Ae%25f%2Fg"', "", "value"),
    _wpt_a("percent sequences in a filename", fields("a"),
           'Content-Disposition: form-data; name="a"; filename="x%0Ay%0Dz%22w%25v.txt"', "", "value"),
    _wpt_a("empty filename", fields("a"), 'Content-Disposition: form-data; name="a"; filename=""', "", "value"),
    _wpt_a("empty string part", fields("a"), CD_A, "", ""),
    _wpt_a("empty file part", fields("a"), 'Content-Disposition: form-data; name="a"; filename="empty.txt"', "", ""),
    _wpt_a("value holding the boundary's text", fields("a"), CD_A, "", "my boundary here"),
    _wpt_a("value holding --boundary without CRLF before it", fields("a"), CD_A, "", "x--boundary"),
    _wpt_a("value holding CRLF", fields("a"), CD_A, "", "line1", "line2"),
    _wpt("transport padding after a delimiter", fields("a"),
         "--boundary \t", CD_A, "", "value", "--boundary--", ""),
    _wpt("transport padding after the close delimiter", fields("a"),
         "--boundary", CD_A, "", "value", "--boundary-- \t", ""),
    _wpt("transport padding after the close delimiter at the end", fields("a"),
         "--boundary", CD_A, "", "value", "--boundary--  "),
    _wpt("epilogue", fields("a"),
         "--boundary", CD_A, "", "value", "--boundary--", "epilogue", "more epilogue"),
    _wpt("duplicate names", fields("a", "a"),
         "--boundary", CD_A, "", "1", "--boundary", CD_A, "", "2", "--boundary--", ""),
    _wpt_a("unknown header", fields("a"), CD_A, "X-Custom: ignored", "", "value"),
    _wpt_a("Content-Transfer-Encoding not decoded", fields("a"), CD_A, "Content-Transfer-Encoding: base64", "", "dmFsdWU="),
    _wpt_a("header names in any case", fields("a"),
           'CONTENT-DISPOSITION: form-data; name="a"; filename="f"', "CoNtEnT-TyPe: text/html", "", "value"),
    _wpt_a("whitespace before a header name", fields("a"), " " + CD_A, "", "value"),
    _wpt_a("whitespace between a header name and its colon", fields("a"),
           'Content-Disposition \t: form-data; name="a"', "", "value"),
    _wpt_a("two Content-Types, the last kept", fields("a"),
           CD_AF, "Content-Type: text/html", "Content-Type: text/plain", "", "value"),
    _wpt_a("Content-Type with surrounding whitespace", fields("a"), CD_AF, "Content-Type: \t text/html \t", "", "value"),
    _wpt_a("Content-Type in upper case", fields("a"), CD_AF, "Content-Type: TEXT/HTML", "", "value"),
    _wpt_a("Content-Type that is no media type", fields("a"), CD_AF, "Content-Type: text", "", "value"),
    _wpt_a("Content-Type with an empty parameter", fields("a"), CD_AF, 'Content-Type: text/html;;x="y"', "", "value"),
    _wpt_a("Content-Type listing two types", fields("a"), CD_AF, "Content-Type: text/html, text/plain", "", "value"),
    _wpt_a("non-ASCII Content-Type", fields("a"), CD_AF, "Content-Type: text/\u00e9", "", "value"),
    _wpt_a("Content-Type holding a control character", fields("a"), CD_AF, "Content-Type: text/\u0001plain", "", "value"),
    _wpt_a("empty Content-Type", fields("a"), CD_AF, "Content-Type:", "", "value"),
    _wpt_a("non-ASCII name", fields("\u00e9"), 'Content-Disposition: form-data; name="\u00e9"', "", "value"),
    _wpt_a("non-ASCII filename", fields("a"),
           'Content-Disposition: form-data; name="a"; filename="\u4e2d\u6587.txt"', "", "value"),
    _wpt_a("non-ASCII value", fields("a"), CD_A, "", "\U0001f600"),
    _wpt_a("control character in a name", fields("a\u0001bc"),
           'Content-Disposition: form-data; name="a\u0001bc"', "", "value"),
    _wpt_a("_charset_ as an ordinary field", fields("_charset_"),
           'Content-Disposition: form-data; name="_charset_"', "", "windows-1252"),
    # Failures.
    _wpt("preamble", ERROR, "preamble", "--boundary", CD_A, "", "value", "--boundary--", ""),
    _wpt("junk after the close delimiter", ERROR, "--boundary", CD_A, "", "value", "--boundary--junk", ""),
    _wpt("part without headers", ERROR, "--boundary", "", "value", "--boundary--", ""),
    _wpt_a("no Content-Disposition", ERROR, "Content-Type: text/plain", "", "value"),
    _wpt_a("header line without a colon", ERROR, 'Content-Disposition form-data; name="a"', "", "value"),
    _wpt_a("header name that is not a token", ERROR, CD_A, "Cont ent-Type: text/plain", "", "value"),
    _wpt_a("folded header line", ERROR, "Content-Disposition: form-data;", ' name="a"', "", "value"),
    _wpt_a("NUL in a name", ERROR, 'Content-Disposition: form-data; name="a\u0000b"', "", "value"),
    _wpt_a("NUL in an unknown header", ERROR, CD_A, "X-Custom: a\u0000b", "", "value"),
    _wpt("no close delimiter", ERROR, "--boundary", CD_A, "", "value"),
    _wpt("no CRLF before the close delimiter", ERROR, "--boundary", CD_A, "", "value--boundary--", ""),
    _wpt_a("bare LF in a name", ERROR, 'Content-Disposition: form-data; name="a\nb"', "", "value"),
    _wpt_a("bare CR in a name", ERROR, 'Content-Disposition: form-data; name="a\rb"', "", "value"),
    _wpt_a("bare LF in a filename", ERROR, 'Content-Disposition: form-data; name="a"; filename="f\ng"', "", "value"),
    _wpt_a("bare LF in a header value", ERROR, CD_AF, "Content-Type: text/\nhtml", "", "value"),
    _wpt("nothing after the first delimiter", ERROR, "--boundary"),
    _wpt("no boundary parameter", ERROR, "--boundary", CD_A, "", "value", "--boundary--", "",
         content_type="multipart/form-data"),
    Case("empty quoted boundary", "", crlf("--", CD_A, "", "value", "----", ""), ERROR,
         content_type='multipart/form-data; boundary=""'),
    Case("quoted boundary with '.()'", "a.b(c)", crlf("--a.b(c)", CD_A, "", "value", "--a.b(c)--", ""), fields("a"),
         content_type='multipart/form-data; boundary="a.b(c)"'),
    Case("non-ASCII boundary", "b\u00e9", crlf("--b\u00e9", CD_A, "", "value", "--b\u00e9--", ""), fields("a"),
         content_type='multipart/form-data; boundary="b\u00e9"'),
    Case("invalid UTF-8 in a name", "boundary",
         b'--boundary\r\nContent-Disposition: form-data; name="a\xff"\r\n\r\nvalue\r\n--boundary--\r\n',
         fields("a\ufffd")),
    Case("invalid UTF-8 in a value", "boundary",
         b'--boundary\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\xff\r\n--boundary--\r\n', fields("a")),
    Case("file part of arbitrary bytes", "boundary",
         b'--boundary\r\nContent-Disposition: form-data; name="a"; filename="f"\r\n\r\n'
         b"\x00\x80\xff\r\n--\r\n--boundary--\r\n", fields("a")),
    _wpt_a("file part for lastModified", fields("a"), CD_AF, "", "value"),
]

WPT_SKIPPED = "nothing (each of its 60 tests parses one body)"

# ---------------------------------------------------------------------------------------------
# Go src/mime/multipart: multipart_test.go and formdata_test.go
# ---------------------------------------------------------------------------------------------

# Go's test bodies are raw strings with LF line ends that most tests turn into CRLF.
_GO_MULTIPART = """
This is a multi-part message.  This line is ignored.
--MyBoundary
Header1: value1
HEADER2: value2
foo-bar: baz

My value
The end.
--MyBoundary
name: bigsection

[longline]
--MyBoundary
Header1: value1b
HEADER2: value2b
foo-bar: bazb

Line 1
Line 2
Line 3 ends in a newline, but just one.

--MyBoundary

never read data
--MyBoundary--


useless trailer
"""
_LONG_LINE = b"\n\n\r\r\r\n\r\x00" * ((1 << 20) // 8)


def _go_multipart(separator):
    head, tail = _GO_MULTIPART.replace("\n", separator).split("[longline]")
    return head.encode() + _LONG_LINE + tail.encode()


def _go_crlf(text):
    return text.replace("\n", "\r\n").encode()


_PEEK = 4096  # Go's peekBufferSize
_GO_BLOCK = "00ffded004d4dd0fdf945fbdef9d9050cfd6a13a821846299b27fc71b9db"
_GO_BLOCK_HEAD = ('--%s\nContent-Disposition: form-data; name="block"; filename="block"\n'
                  "Content-Type: application/octet-stream\n\n")
_GO_SAFE = "08b84578eabc563dcba967a945cdf0d9f613864a8f4a716f0e81caa71a74"
_APP_ENGINE_SEP = "00151757727e9583fd04bfbca4c6"


def _app_engine():
    iso = "Content-Type: text/plain; charset=ISO-8859-1\r\n"
    parts = []
    for name, value in [("otherEmpty1", None), ("otherFoo1", "foo"), ("otherFoo2", "foo"), ("otherEmpty2", None),
                        ("otherRepeatFoo", "foo"), ("otherRepeatFoo", "foo"), ("otherRepeatEmpty", None),
                        ("otherRepeatEmpty", None), ("submit", "Submit")]:
        part = "--%s\r\n%sContent-Disposition: form-data; name=%s\r\n\r\n" % (_APP_ENGINE_SEP, iso, name)
        # An empty field: the next delimiter follows the blank line directly.
        parts.append(part + ("" if value is None else value + "\r\n"))
    blob = ("--%s\r\nContent-Type: message/external-body; charset=ISO-8859-1; blob-key=AHAZQqG84qllx7HUqO_oou5Evd"
            "YQNS3Mbbkb0RjjBoM_Kc1UqEN2ygDxWiyCPulIhpHRPx-VbpB6RX4MrsqhWAi_ZxJ48O9P2cTIACbvATHvg7IgbvZytyGMpL7xO1tlI"
            "vgwcM47JNfv_tGhy1XwyEUO8oldjPqg5Q\r\nContent-Disposition: form-data; name=file; filename=\"fall.png\"\r\n"
            "\r\nContent-Type: image/png\r\nContent-Length: 232303\r\nX-AppEngine-Upload-Creation: 2012-05-10 "
            "23:14:02.715173\r\nContent-MD5: MzRjODU1ZDZhZGU1NmRlOWEwZmMwMDdlODBmZTA0NzA=\r\nContent-Disposition: "
            "form-data; name=file; filename=\"fall.png\"\r\n\r\n\r\n--%s--") % (_APP_ENGINE_SEP, _APP_ENGINE_SEP)
    return ("".join(parts) + blob).encode()


def _round_trip(boundary):
    """What Go's Writer writes for the round-trip test's five parts (its boundary fixed here)."""
    out = ""
    for name, value in [("empty", ""), ("lf", "\n"), ("cr", "\r"), ("crlf", "\r\n"), ("foo", "bar")]:
        out += ("\r\n" if out else "") + "--%s\r\nContent-Disposition: form-data; name=%s\r\n" % (boundary, name)
        out += "Content-Type: text/plain; charset=ISO-8859-1\r\n\r\n" + value
    return (out + "\r\n--%s--\r\n" % boundary).encode()


_NESTED_MIME = """--e89a8ff1c1e83553e304be640612
Content-Type: multipart/alternative; boundary=e89a8ff1c1e83553e004be640610

--e89a8ff1c1e83553e004be640610
Content-Type: text/plain; charset=UTF-8

*body*

--e89a8ff1c1e83553e004be640610
Content-Type: text/html; charset=UTF-8

<b>body</b>

--e89a8ff1c1e83553e004be640610--
--e89a8ff1c1e83553e304be640612
Content-Type: image/png; name="x.png"
Content-Disposition: attachment; 
\tfilename="x.png"
Content-Transfer-Encoding: base64
X-Attachment-Id: f_h1edgigu0

""" + _b64.encodebytes(b"\x89PNG\r\n\x1a\n" + bytes(range(64))).decode() + """--e89a8ff1c1e83553e304be640612--
"""

_GO_FORM = """
--MyBoundary
Content-Disposition: form-data; name="filea"; filename="filea.txt"
Content-Type: text/plain

This is a test file.
--MyBoundary
Content-Disposition: form-data; name="fileb"; filename="fileb.txt"
Content-Type: text/plain

Another test file.
--MyBoundary
Content-Disposition: form-data; name="texta"

foo
--MyBoundary
Content-Disposition: form-data; name="textb"

bar
--MyBoundary--
"""

GO = [
    Case("TestMultipart (CRLF)", "MyBoundary", _go_multipart("\r\n"), ("parts", 4)),
    Case("TestMultipartOnlyNewlines (LF)", "MyBoundary", _go_multipart("\n"), ("parts", 4)),
] + [
    Case("TestVariousTextLineEndings %d" % number, "BOUNDARY",
         b'--BOUNDARY\r\nContent-Disposition: form-data; name="value"\r\n\r\n' + text + b"\r\n--BOUNDARY--\r\n",
         fields("value"))
    for number, text in enumerate([b"Foo\nBar", b"Foo\nBar\n", b"Foo\r\nBar", b"Foo\r\nBar\r\n", b"Foo\rBar",
                                   b"Foo\rBar\r", b"\x00\x01\x02\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10"])
] + [
    Case("TestMultipartTruncated", "MyBoundary",
         _go_crlf("\nThis is a multi-part message.  This line is ignored.\n--MyBoundary\nfoo-bar: baz\n\n"
                  "Oh no, premature EOF!\n"), ERROR),
    Case("TestMultipartStreamReadahead", "MyBoundary",
         ("\nThis is a multi-part message.  This line is ignored.\n--MyBoundary\nfoo-bar: baz\n\nBody\n--MyBoundary\n"
          "foo-bar: bop\n\nBody 2\n--MyBoundary--\n").encode(), ("parts", 2)),
    Case("TestLineContinuation", "Apple-Mail-2-292336769",
         b"\n--Apple-Mail-2-292336769\nContent-Transfer-Encoding: 7bit\nContent-Type: text/plain;\n\tcharset=US-ASCII;"
         b"\n\tdelsp=yes;\n\tformat=flowed\n\nI'm finding the same thing happening on my system (10.4.1).\n\n\n"
         b"--Apple-Mail-2-292336769\nContent-Transfer-Encoding: quoted-printable\nContent-Type: text/html;\n\t"
         b"charset=ISO-8859-1\n\n<HTML><BODY>I'm finding the same thing =\nhappening on my system (10.4.1).=A0 But I "
         b"built it with XCode =\n2.0.</BODY></=\nHTML>=\n\r\n--Apple-Mail-2-292336769--\n", ("parts", 2)),
    Case("TestQuotedPrintableEncoding", "0016e68ee29c5d515f04cedf6733",
         ("--0016e68ee29c5d515f04cedf6733\r\nContent-Type: text/plain; charset=ISO-8859-1\r\nContent-Disposition: "
          "form-data; name=text\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
          + "words " * 12 + "wor=\r\nds " + "words " * 12 + "=\r\n" + "words " * 12 + "wor=\r\nds " + "words " * 12
          + "=\r\n" + "words " * 8 + "words\r\n--0016e68ee29c5d515f04cedf6733\r\nContent-Type: text/plain; "
          "charset=ISO-8859-1\r\nContent-Disposition: form-data; name=submit\r\n\r\nSubmit\r\n"
          "--0016e68ee29c5d515f04cedf6733--").encode(), fields("text", "submit")),
    Case("TestNested", "e89a8ff1c1e83553e304be640612", _go_crlf(_NESTED_MIME), ("parts", 2)),
    Case("TestParse: App Engine post", _APP_ENGINE_SEP, _app_engine(), ("parts", 10)),
    Case("TestParse: single empty part, --boundary", "abc", b"--abc\r\nFoo: bar\r\n\r\n--abc--", ("parts", 1)),
    Case("TestParse: single empty part, CRLF --boundary", "abc", b"--abc\r\nFoo: bar\r\n\r\n\r\n--abc--", ("parts", 1)),
    Case("TestParse: final part empty", "abc", b"--abc\r\nFoo: bar\r\n\r\n--abc\r\nFoo2: bar2\r\n\r\n--abc--",
         ("parts", 2)),
    Case("TestParse: final part empty then CRLF", "abc", b"--abc\r\nFoo: bar\r\n\r\n--abc--\r\n", ("parts", 1)),
    Case("TestParse: final part empty then whitespace", "abc", b"--abc\r\nFoo: bar\r\n\r\n--abc-- \t", ("parts", 1)),
    Case("TestParse: no parts", "----WebKitFormBoundaryQfEAfzFOiSemeHfA",
         b"------WebKitFormBoundaryQfEAfzFOiSemeHfA--\r\n", ("parts", 0)),
    Case("TestParse: fake separator as data", "sep", b"--sep\r\nFoo: bar\r\n\r\n--sepFAKE\r\n--sep--", ("parts", 1)),
    Case("TestParse: boundary with whitespace", "sep", b"--sep \r\nFoo: bar\r\n\r\ntext\r\n--sep--", ("parts", 1)),
    Case("TestParse: leading line", "MyBoundary",
         _go_crlf("This is a multi-part message.  This line is ignored.\n--MyBoundary\nfoo: bar\n\n\n--MyBoundary--"),
         ("parts", 1)),
    Case("TestParse: issue 10616 minimal", "sep", b"--sep \r\nFoo: bar\r\n\r\na\r\n--sep_alt\r\nb\r\n\r\n--sep--",
         ("parts", 1)),
    Case("TestParse: nested separator prefix is outer separator", "----=_NextPart_4c2fbafd7ec4c8bf08034fe724b608d9",
         _go_crlf("------=_NextPart_4c2fbafd7ec4c8bf08034fe724b608d9\nContent-Type: multipart/alternative; "
                  "boundary=\"----=_NextPart_4c2fbafd7ec4c8bf08034fe724b608d9_alt\"\n\n"
                  "------=_NextPart_4c2fbafd7ec4c8bf08034fe724b608d9_alt\nContent-Type: text/plain; charset=\"utf-8\"\n"
                  "Content-Transfer-Encoding: 8bit\n\nThis is a multi-part message in MIME format.\n\n"
                  "------=_NextPart_4c2fbafd7ec4c8bf08034fe724b608d9_alt\nContent-Type: text/html; charset=\"utf-8\"\n"
                  "Content-Transfer-Encoding: 8bit\n\nhtml things\n"
                  "------=_NextPart_4c2fbafd7ec4c8bf08034fe724b608d9_alt--\n"
                  "------=_NextPart_4c2fbafd7ec4c8bf08034fe724b608d9--"), ("parts", 1)),
    Case("TestParse: peek buffer boundary condition", _GO_BLOCK,
         _go_crlf(_GO_BLOCK_HEAD % _GO_BLOCK + "A" * (_PEEK - 65) + "\n--%s--" % _GO_BLOCK), fields("block")),
    Case("TestParse: peek buffer boundary condition, CRLF at the end", _GO_BLOCK,
         _go_crlf(_GO_BLOCK_HEAD % _GO_BLOCK + "A" * (_PEEK - 65) + "\n--%s--\n" % _GO_BLOCK), fields("block")),
    Case("TestParse: peek buffer boundary condition, short buffer", "aaaaaaaaaa" + _GO_BLOCK,
         _go_crlf(_GO_BLOCK_HEAD % ("aaaaaaaaaa" + _GO_BLOCK) + "A" * _PEEK + "\n--aaaaaaaaaa%s--" % _GO_BLOCK),
         fields("block")),
    Case("TestParse: safeCount off by one", _GO_SAFE,
         _go_crlf('--%s\nContent-Disposition: form-data; name="myfile"; filename="my-file.txt"\n'
                  "Content-Type: application/octet-stream\n\n" % _GO_SAFE)
         + b"A" * (_PEEK - (len("\n--") + len(_GO_SAFE) + len("\r") + 1))
         + _go_crlf('\n--%s\nContent-Disposition: form-data; name="key"\n\nval\n--%s--\n' % (_GO_SAFE, _GO_SAFE)),
         fields("myfile", "key")),
    Case("TestParse: round trip", "4f8b7b1e9c0d2a3b", _round_trip("4f8b7b1e9c0d2a3b"),
         fields("empty", "lf", "cr", "crlf", "foo")),
    Case("TestReadForm", "MyBoundary", _go_crlf(_GO_FORM), fields("filea", "fileb", "texta", "textb")),
    Case("TestReadFormWithNamelessFile", "MyBoundary",
         _go_crlf('\n--MyBoundary\nContent-Disposition: form-data; name="hiddenfile"; filename=""\n'
                  "Content-Type: text/plain\n\nAnother test file.\n--MyBoundary--\n"), fields("hiddenfile")),
    Case("TestReadFormWithTextContentType", "MyBoundary",
         _go_crlf('\n--MyBoundary\nContent-Disposition: form-data; name="texta"\nContent-Type: text/plain\n\n'
                  "foo\n--MyBoundary\n"), fields("texta")),
    Case("TestReadForm_NoReadAfterEOF", "---------------------------8d345eef0d38dc9",
         b'\n-----------------------------8d345eef0d38dc9\nContent-Disposition: form-data; name="version"\n\n171\n'
         b"-----------------------------8d345eef0d38dc9--", fields("version")),
    Case("TestReadForm_NonFileMaxMemory", "MyBoundary",
         _go_crlf('--MyBoundary\nContent-Disposition: form-data; name="largetext"\n\n' + "1" * (10 * 1024 + 25)
                  + "\n--MyBoundary--\n"), fields("largetext")),
]

GO_SKIPPED = ("TestBoundaryLine (the delimiter-line predicate on single lines), TestNameAccessors (Content-Disposition "
              "values without a body), TestLineLimit (a reader that never ends), TestMultipartSlowInput (TestMultipart "
              "read a byte at a time: the same body), TestParseAllSizes (bodies Go's Writer makes at 5,120 sizes), "
              "TestNoBoundary (an empty boundary on an empty body)")

# ---------------------------------------------------------------------------------------------
# vapor/multipart-kit 4.7.1: Tests/MultipartKitTests (MultipartTests.swift, FormDataTests.swift)
# ---------------------------------------------------------------------------------------------

_WEBKIT = "----WebKitFormBoundaryPVOZifB9OqEwP2fn"
_NAMED = "test123\naijdisadi>SDASD<a|\n"
_MULTINAMED = "test123\naijdisadi>dwekqie4u219034u129e0wque90qjsd90asffs\n\n\nSDASD<a|\n"


def _kit(*parts, boundary=_WEBKIT, end="\r\n"):
    """Parts (header lines, value) framed as the tests' literals frame them."""
    out = ""
    for headers, value in parts:
        out += "--%s\r\n" % boundary + "".join(h + "\r\n" for h in headers) + "\r\n" + value + "\r\n"
    return (out + "--%s--" % boundary + end).encode()


def _dash(*named_values):
    """A boundary-"-" body of fields, as the FormData tests write them (`---` lines, `-----` close)."""
    return _kit(*[(['Content-Disposition: form-data; name="%s"' % n], v) for n, v in named_values], boundary="-")


_NESTED_NAMES = [
    ("nestedFormdata[0][int]", "1"), ("nestedFormdata[0][string]", "1"), ("nestedFormdata[0][strings][0]", "2"),
    ("nestedFormdata[0][strings][1]", "3"), ("nestedFormdata[0][anotherNestedFormdata][int]", "4"),
    ("nestedFormdata[0][anotherNestedFormdata][string]", "5"),
    ("nestedFormdata[0][anotherNestedFormdata][strings][0]", "6"),
    ("nestedFormdata[0][anotherNestedFormdata][strings][1]", "7"),
    ("nestedFormdata[0][anotherNestedFormdataList][0][int]", "10"),
    ("nestedFormdata[0][anotherNestedFormdataList][0][string]", "11"),
    ("nestedFormdata[0][anotherNestedFormdataList][0][strings][0]", "12"),
    ("nestedFormdata[0][anotherNestedFormdataList][0][strings][1]", "13"),
    ("nestedFormdata[0][anotherNestedFormdataList][1][int]", "20"),
    ("nestedFormdata[0][anotherNestedFormdataList][1][string]", "21"),
    ("nestedFormdata[0][anotherNestedFormdataList][1][strings][0]", "22"),
    ("nestedFormdata[0][anotherNestedFormdataList][1][strings][1]", "33"),
]
_ALL_TYPES = [("string", "string"), ("int", "1"), ("int8", "2"), ("int16", "3"), ("int32", "4"), ("int64", "5"),
              ("uint", "6"), ("uint8", "7"), ("uint16", "8"), ("uint32", "9"), ("uint64", "0"), ("float", "1.0"),
              ("double", "-1.0"), ("bool", "false"), ("data", "A"), ("url", "https://apple.com/")]
_W3 = _kit((['Content-Disposition: form-data; name="sometext"'], "some text sent via post..."),
           (['Content-Disposition: form-data; name="files"', "Content-Type: multipart/mixed; boundary=abcde"],
            "--abcde\r\nContent-Disposition: file; file=\"picture.jpg\"\r\n\r\ncontent of jpg...\r\n--abcde\r\n"
            "Content-Disposition: file; file=\"test.py\"\r\n\r\ncontent of test.py file ....\r\n--abcde--"),
           boundary="12345")


def _header_name(byte):
    """testAllowedHeaderFieldNameCharacters: a header named `a` and one more byte, in a body that ends
    with a delimiter line, not a close delimiter."""
    return b"---\r\na" + bytes([byte]) + b": b\r\n\r\nc\r\n---\r\n"


KIT = [
    Case("testBasics", _WEBKIT, _kit((['Content-Disposition: form-data; name="test"'], "eqw-dd-sa----123;1[234"),
                                     (['Content-Disposition: form-data; name="named"; filename=""'], _NAMED),
                                     (['Content-Disposition: form-data; name="multinamed[]"; filename=""'], _MULTINAMED)),
         fields("test", "named", "multinamed[]")),
    Case("testNonAsciiHeader", _WEBKIT,
         _kit((['Content-Disposition: form-data; name="test"; filename="Non-ASCII fil\u00e9 nam\u00e9.txt"'],
               "eqw-dd-sa----123;1[234")), fields("test")),
    Case("testMultifile", _WEBKIT, _kit((['Content-Disposition: form-data; name="test"'], "eqw-dd-sa----123;1[234"),
                                        (['Content-Disposition: form-data; name="multinamed[]"; filename=""'], _NAMED),
                                        (['Content-Disposition: form-data; name="multinamed[]"; filename=""'],
                                         _MULTINAMED)),
         fields("test", "multinamed[]", "multinamed[]")),
    Case("testFormDataDecoderW3Streaming, testFormDataDecoderW3", "12345", _W3, fields("sometext", "files")),
    Case("testDocBlocks", "123", b"--123\r\n\r\nfoo\r\n--123--\r\n", ("parts", 1)),
    Case("testAllowedHeaderFieldNameCharacters: 'a!'", "-", _header_name(ord("!")), ("parts", 1)),
    Case("testAllowedHeaderFieldNameCharacters: 'a('", "-", _header_name(ord("(")), ERROR),
    Case("testAllowedHeaderFieldNameCharacters: 'a' DEL", "-", _header_name(0x7F), ERROR),
    Case("testPreamble, with a preamble", "-", b"preamble\r\n---\r\n\r\nbody", ("parts", 1)),
    Case("testPreamble, without one", "-", b"---\r\n\r\nbody", ("parts", 1)),
    Case("testBodyClose", "-", b"---\r\n\r\nbody\r\n-\r\n---\r\n", ("parts", 1)),
    Case("testFormDataEncoder (its expected body)", "hello",
         _kit(*[(['Content-Disposition: form-data; name="%s"' % n], v) for n, v in
                [("string", "a"), ("int", "42"), ("double", "3.14"), ("array[0]", "1"), ("array[1]", "2"),
                 ("array[2]", "3"), ("bool", "true")]], boundary="hello"),
         fields("string", "int", "double", "array[0]", "array[1]", "array[2]", "bool")),
    Case("testDecodeOptional", "-", _dash(("foo[int]", "1")), fields("foo[int]")),
    Case("testFormDataDecoderMultiple", "hello",
         _kit(*[(['Content-Disposition: form-data; name="%s"' % n], v) for n, v in
                [("string", "string"), ("int", "42"), ("double", "3.14"), ("array[]", "1"), ("array[]", "2"),
                 ("array[]", "3"), ("bool", "true")]], boundary="hello"),
         fields("string", "int", "double", "array[]", "array[]", "array[]", "bool")),
    Case("testFormDataDecoderMultipleWithMissingData", "hello",
         _kit((['Content-Disposition: form-data; name="link"'], "https://google.com"), boundary="hello"), ERROR),
    Case("testNestedEncode, testNestedDecode", "-", _dash(*_NESTED_NAMES), fields(*[n for n, _ in _NESTED_NAMES])),
    Case("testDecodingSingleValue", "-", b"---\r\n\r\n1\r\n-----\r\n", ("parts", 1)),
    Case("testMultiPartConvertibleTakesPrecedenceOverDecodable: single value", "-", b"---\r\n\r\n\r\n-----\r\n",
         ("parts", 1)),
    Case("testMultiPartConvertibleTakesPrecedenceOverDecodable: array", "-", _dash(("", "")), fields("")),
    Case("testMultiPartConvertibleTakesPrecedenceOverDecodable: keyed", "-", _dash(("a", "")), fields("a")),
    Case("testNestingDepth", "-", b"---\r\nContent-Disposition: form-data; name=a[]\r\n\r\n1\r\n-----\r\n",
         fields("a[]")),
    Case("testFailingToInitializeMultipartConvertableDoesNotCrash", "-", b"---\r\n\r\n\r\nnull\r\n-----\r\n", ERROR),
    Case("testEncodingAndDecodingUUID", "-",
         b"---\r\nContent-Disposition: form-data\r\n\r\nC0BDD551-0684-4F34-A72E-ED553B4C9732\r\n-----\r\n",
         ("parts", 1)),
    Case("testEncodingAndDecodingNonMultipartPartConvertibleCodableTypes", "-",
         b"---\r\nContent-Disposition: form-data\r\n\r\ndme1\r\n-----\r\n", ("parts", 1)),
    Case("testIncorrectlyNestedData", "-",
         b'---\r\nContent-Disposition: form-data; name="x[not-present]"\r\n\r\nfoo\r\n-----\r', ERROR),
    Case("testCodingDataTypes", "-", _dash(*_ALL_TYPES), fields(*[n for n, _ in _ALL_TYPES])),
]

KIT_SKIPPED = ("testAllowedHeaderFieldNameCharacters parses the body with each of the 128 ASCII bytes after the "
               "`a` of a header name; three of them stand here for its three outcomes (a token character the parser "
               "accepts, a separator and a control it rejects). testPerformance, the serializer and writer tests, "
               "and the encoding tests whose bodies another case already holds are left out")

SUITES = [
    ("Go", "golang/go src/mime/multipart (multipart_test.go, formdata_test.go)", GO, GO_SKIPPED),
    ("WPT", "web-platform-tests fetch/api/body/formdata-parsing.any.js", WPT, WPT_SKIPPED),
    ("multipart-kit", "vapor/multipart-kit 4.7.1 Tests/MultipartKitTests", KIT, KIT_SKIPPED),
]

PYTHON_MULTIPART_SKIPPED = "nothing (its 33 data cases are all run)"

# ---------------------------------------------------------------------------------------------
# Every disagreement, classed: (class, why). Classes: "stricter" (the validator finds an error that a
# specification's MUST or grammar backs, where the peer reads on), "peer-specific" (the peer tests a
# choice of its own). peers.py fails on a disagreement missing here, and on an entry that agrees.
# ---------------------------------------------------------------------------------------------

_GENERIC = ("Go's Reader reads any multipart body, and this one is not form-data: its parts carry headers such as "
            "`Foo: bar` and no Content-Disposition, which RFC 7578 §4.2 requires and §4.8 forbids beside it")
_LF_ONLY = ("its lines end in bare LF; RFC 2046 §5.1.1 delimiters and RFC 5322 header lines end in CRLF, and Go "
            "accepts LF alone")
_NO_CD = "RFC 7578 §4.2: each part MUST have a Content-Disposition; multipart-kit reads a part without one"
_NO_CLOSE = ("the body ends after a delimiter line, not the close delimiter RFC 2046 §5.1.1 requires; multipart-kit "
             "hands on the parts it has")

EXPLAINED = {
    # python-multipart (the reasons CONFORMANCE.md, "Real parsers", gives at more length)
    ("python-multipart", "almost_match_boundary_without_CR"): (
        "stricter", "a content line starts with the delimiter and goes on: RFC 2046 §5.1 forbids the delimiter as "
                    "the prefix of any line (`boundary-prefix-line`)"),
    ("python-multipart", "almost_match_boundary_without_LF"): (
        "stricter", "a line `--boundary` followed by a bare CR is a delimiter line with a broken ending "
                    "(RFC 2046 §5.1.1), not content"),
    ("python-multipart", "almost_match_boundary_without_final_hyphen"): (
        "stricter", "`--boundary-` at a line start: the delimiter as the prefix of a line (RFC 2046 §5.1)"),
    ("python-multipart", "boundary_padding"): (
        "stricter", "transport padding after the boundary: composers MUST NOT generate it (RFC 2046 §5.1.1)"),
    ("python-multipart", "header_with_number"): (
        "stricter", "a header other than Content-Type, Content-Disposition and Content-Transfer-Encoding MUST NOT "
                    "be sent (RFC 7578 §4.8)"),
    ("python-multipart", "non_ascii_whitespace_before_filename"): (
        "stricter", "a non-ASCII byte where the parameter grammar allows only whitespace (RFC 2183 §2, RFC 2045 "
                    "§5.1)"),
    ("python-multipart", "single_field_blocks"): (
        "peer-specific", "the case's YAML declares the boundary `--boundary` but the body is framed by `boundary`: "
                         "python-multipart's block-feeding test supplies its own boundary"),
    # Go
    ("Go", "TestMultipart (CRLF)"): ("peer-specific", _GENERIC),
    ("Go", "TestMultipartOnlyNewlines (LF)"): ("peer-specific", _GENERIC + "; and " + _LF_ONLY),
    ("Go", "TestMultipartStreamReadahead"): ("peer-specific", _GENERIC + "; and " + _LF_ONLY),
    ("Go", "TestLineContinuation"): (
        "peer-specific", "an email body (multipart/alternative parts without Content-Disposition) read by Go's generic "
                         "Reader; " + _LF_ONLY + ", which also breaks the quoted-printable soft line breaks "
                         "(`=` LF)"),
    ("Go", "TestNested"): (
        "peer-specific", "an email body (multipart/mixed with a nested multipart/alternative and an attachment), not "
                         "form-data; its base64 attachment is rebuilt here from other bytes"),
    ("Go", "TestParse: single empty part, --boundary"): ("peer-specific", _GENERIC),
    ("Go", "TestParse: single empty part, CRLF --boundary"): ("peer-specific", _GENERIC),
    ("Go", "TestParse: final part empty"): ("peer-specific", _GENERIC),
    ("Go", "TestParse: final part empty then CRLF"): ("peer-specific", _GENERIC),
    ("Go", "TestParse: final part empty then whitespace"): (
        "peer-specific", _GENERIC + "; the padding after the close delimiter is an error of its own (RFC 2046 "
                                    "§5.1.1: composers MUST NOT generate it)"),
    ("Go", "TestParse: fake separator as data"): (
        "stricter", "`--sepFAKE` starts a content line with the delimiter, which RFC 2046 §5.1 forbids (besides the "
                    "generic `Foo: bar` part)"),
    ("Go", "TestParse: boundary with whitespace"): (
        "stricter", "transport padding after the first delimiter: composers MUST NOT generate it (RFC 2046 §5.1.1), "
                    "besides the generic `Foo: bar` part"),
    ("Go", "TestParse: leading line"): ("peer-specific", _GENERIC),
    ("Go", "TestParse: issue 10616 minimal"): (
        "stricter", "`--sep_alt` starts a content line with the delimiter (RFC 2046 §5.1), and the first delimiter "
                    "has transport padding"),
    ("Go", "TestParse: nested separator prefix is outer separator"): (
        "stricter", "the nested boundary begins with the enclosing one, which RFC 2046 §5.1 forbids; its lines start "
                    "with the outer delimiter"),
    ("Go", "TestReadFormWithTextContentType"): (
        "stricter", "the body ends after a delimiter line without the close delimiter RFC 2046 §5.1.1 requires; Go's "
                    "ReadForm stops there without an error"),
    ("Go", "TestReadForm_NoReadAfterEOF"): ("stricter", "the test's body is written with LF alone: " + _LF_ONLY),
    # WPT
    ("WPT", "transport padding after a delimiter"): (
        "stricter", "composers MUST NOT generate transport padding (RFC 2046 §5.1.1); receivers must accept it, as "
                    "WPT does"),
    ("WPT", "transport padding after the close delimiter"): (
        "stricter", "composers MUST NOT generate transport padding (RFC 2046 §5.1.1)"),
    ("WPT", "transport padding after the close delimiter at the end"): (
        "stricter", "composers MUST NOT generate transport padding (RFC 2046 §5.1.1)"),
    ("WPT", "unknown header"): (
        "stricter", "other header fields MUST NOT be included and MUST be ignored (RFC 7578 §4.8): WPT ignores it, "
                    "the validator reports the sender"),
    ("WPT", "whitespace before a header name"): (
        "stricter", "a header section's first line cannot start with whitespace, which marks a continuation "
                    "(RFC 5322 §2.2); WPT trims it"),
    ("WPT", "whitespace between a header name and its colon"): (
        "stricter", "no whitespace is allowed between a field name and its colon (RFC 9112 §5.1; RFC 5322 §3.6.8 "
                    "obsolete syntax)"),
    ("WPT", "two Content-Types, the last kept"): (
        "stricter", "a part has one Content-Type (RFC 7578 §4.4; RFC 2045 §5); receivers keep the first or the last"),
    ("WPT", "Content-Type that is no media type"): (
        "stricter", "`text` is not `type/subtype` (RFC 2045 §5.1); WHATWG turns it into the empty type"),
    ("WPT", "Content-Type listing two types"): ("stricter", "a list of two media types is not one (RFC 2045 §5.1)"),
    ("WPT", "non-ASCII Content-Type"): ("stricter", "`é` is no token character (RFC 2045 §5.1)"),
    ("WPT", "Content-Type holding a control character"): (
        "stricter", "a control character breaks the media type grammar (RFC 2045 §5.1) and RFC 9110 §5.5's field "
                    "value"),
    ("WPT", "empty Content-Type"): ("stricter", "an empty value is no media type (RFC 2045 §5.1)"),
    ("WPT", "non-ASCII boundary"): (
        "stricter", "a boundary holds bchars only (RFC 2046 §5.1.1); WHATWG's parser encodes the boundary as UTF-8 "
                    "and reads on"),
    ("WPT", "preamble"): (
        "peer-specific", "WHATWG's draft parser rejects any byte before the first delimiter; RFC 2046 §5.1.1 allows a "
                         "preamble and tells receivers to ignore it, so the validator warns (`preamble-present`)"),
    ("WPT", "folded header line"): (
        "peer-specific", "WHATWG's draft parser rejects folding; RFC 5322 §2.2.3 defines it for MIME part headers and "
                         "RFC 7578 does not forbid it, so the validator warns (`header-folded`)"),
    # multipart-kit
    ("multipart-kit", "testFormDataDecoderW3Streaming, testFormDataDecoderW3"): (
        "stricter", "several files under one name MUST be sent as separate parts, not nested multipart/mixed "
                    "(RFC 7578 §4.3)"),
    ("multipart-kit", "testDocBlocks"): ("stricter", _NO_CD),
    ("multipart-kit", "testAllowedHeaderFieldNameCharacters: 'a!'"): (
        "stricter", "`a!` is a valid field name, but the body has no close delimiter (RFC 2046 §5.1.1) and no "
                    "Content-Disposition (RFC 7578 §4.2)"),
    ("multipart-kit", "testPreamble, with a preamble"): ("stricter", _NO_CLOSE + "; and " + _NO_CD),
    ("multipart-kit", "testPreamble, without one"): ("stricter", _NO_CLOSE + "; and " + _NO_CD),
    ("multipart-kit", "testBodyClose"): (
        "stricter", "after the `-` line, `---` CRLF is a delimiter, not the close delimiter `-----`: " + _NO_CLOSE),
    ("multipart-kit", "testFormDataDecoderMultipleWithMissingData"): (
        "peer-specific", "the body is sound; the test expects the decoder to fail because the Swift type it decodes "
                         "into needs a field the form lacks"),
    ("multipart-kit", "testDecodingSingleValue"): ("stricter", _NO_CD),
    ("multipart-kit", "testMultiPartConvertibleTakesPrecedenceOverDecodable: single value"): ("stricter", _NO_CD),
    ("multipart-kit", "testNestingDepth"): (
        "stricter", "the unquoted value `a[]` holds `[` and `]`, which a token cannot (RFC 2045 §5.1, RFC 2183 §2); "
                    "multipart-kit splits the parameter on `=`"),
    ("multipart-kit", "testEncodingAndDecodingUUID"): (
        "stricter", "the part's Content-Disposition has no name parameter, which RFC 7578 §4.2 requires "
                    "(multipart-kit's encoder writes it so for a single value)"),
    ("multipart-kit", "testEncodingAndDecodingNonMultipartPartConvertibleCodableTypes"): (
        "stricter", "the part's Content-Disposition has no name parameter, which RFC 7578 §4.2 requires"),
}
