"""charset: the charset of text values (_charset_, charset parameters), part Content-Type syntax,
Content-Transfer-Encoding, and nested multipart/mixed.

Every body is browser-shaped (boundary AaB03x, CRLF everywhere, close delimiter with its final CRLF)
except for the one thing the vector shows. Offsets are computed from the bytes with `at(...)` and
checked against the byte they must name (`offset_of`).

Readings used throughout (CONFORMANCE.md, "How the strict validator reads a body"):
- A text field is a part without filename whose Content-Type is absent or text/*. Its value is
  checked for UTF-8 unless its own charset parameter, or an earlier `_charset_` field, names a
  charset other than UTF-8. Charset names compare case-insensitively.
- `_charset_` is recognised only under exactly that name (lower case): RFC 7578 §4.6 names the
  field `_charset_`, and CONFORMANCE.md speaks of "a `_charset_` field".
- A text field (no filename) with a Content-Type is field-content-type-present (a note, at the field
  name); if the type is not text/* it is also filename-missing (a note, at the Content-Disposition
  field name). Content-Type syntax vectors use file parts so that only the syntax error shows.
- The validator never decodes a Content-Transfer-Encoding; `parts` hold the bytes as sent and the
  i- outcomes say where a receiver may decode them.
- A nested multipart/mixed body is checked as a multipart body, not as multipart/form-data: its parts
  are RFC 2046 body parts (RFC 2388 §3 gives them `Content-Disposition: file`), so the form-data
  rules (Content-Disposition, name, header-not-allowed, Content-Transfer-Encoding present, file
  Content-Type) do not apply to them; framing and header byte rules do. The multipart part itself is
  neither a non-file field nor a file without filename (its files carry the filenames), so it gets
  neither field-content-type-present nor filename-missing.
"""
from vectorgen import DELIM, accept, close, d, file_part, offset_of, p, part, vector

OCTET = "application/octet-stream"


def raw(headers, value):
    """A part with the given raw header bytes (each line with its own CRLF) and a CRLF blank line."""
    if isinstance(value, str):
        value = value.encode()
    return DELIM + headers + b"\r\n" + value + b"\r\n"


def typed_field(name, content_type, value):
    """A text field (no filename) with a Content-Type header."""
    return raw(b'Content-Disposition: form-data; name="' + name.encode() + b'"\r\nContent-Type: '
               + content_type + b"\r\n", value)


UTF8_RAW = ("RFC 7578 §5.1.3: interpreting a value may require knowing the form's charset; the bytes are kept as "
            "sent")
UTF8_FFFD = ("WHATWG Fetch formData(): text values are always decoded as UTF-8 (charset parameters and _charset_ "
             "are ignored) and each maximal invalid subsequence becomes U+FFFD")
CTE_DECODED = ("RFC 2045 §6.1, §6.7, §6.8 and RFC 7578 §4.7 (Content-Transfer-Encoding is defined for parts): a MIME "
               "receiver decodes the content")
CTE_RAW = ("WHATWG Fetch formData() and most HTTP form parsers ignore Content-Transfer-Encoding (RFC 7578 §4.7: no "
           "deployed sender generates it), so the content is the bytes as sent")

# ---------------------------------------------------------------------------------------------
# The _charset_ field
# ---------------------------------------------------------------------------------------------

body = part("_charset_", "iso-8859-1") + part("a", b"\xe7a va") + close()
# No finding: the earlier _charset_ names a charset other than UTF-8, so the value is not checked.
# (WHATWG parsers ignore _charset_ and would decode U+FFFD; the byte-level parts are the same.)
vector("charset/y-charset-field-latin1", body,
       "_charset_=iso-8859-1 first, then a value in ISO-8859-1 (\\xE7a va): declared, so not reported",
       ["RFC 7578 §4.6", "RFC 7578 §5.1.2"],
       [d("charset-field-not-utf8", 62)], [p("_charset_", "iso-8859-1"), p("a", b"\xe7a va")],
       producer="WHATWG HTML form submission from a page with a hidden _charset_ input and accept-charset")

body = part("_charset_", "UTF-8") + part("a", "\u00e7a va") + close()
vector("charset/y-charset-field-utf8", body,
       "_charset_=UTF-8 (what browsers send for a UTF-8 form), then a UTF-8 value",
       ["RFC 7578 §4.6", "WHATWG HTML multipart/form-data encoding"],
       [], [p("_charset_", "UTF-8"), p("a", "\u00e7a va")],
       producer="WHATWG HTML form submission (browsers), hidden _charset_ input")

body = part("_charset_", "utf-8") + part("a", b"\xe7a va") + close()
vector("charset/i-charset-field-utf8-then-latin1", body,
       "_charset_=utf-8, then a value that is not UTF-8: the declared charset is UTF-8, so it is checked",
       ["RFC 7578 §4.6", "RFC 7578 §5.1.2"],
       [d("value-not-utf8", offset_of(body, b"\xe7", expect=b"\xe7a va"))],
       [p("_charset_", "utf-8"), p("a", b"\xe7a va")],
       outcomes=[accept(UTF8_RAW, [p("_charset_", "utf-8"), p("a", b"\xe7a va")]),
                 accept(UTF8_FFFD, [p("_charset_", "utf-8"), p("a", "\ufffda va")])])

body = part("_charset_", "klingon") + part("a", "1") + close()
vector("charset/y-charset-field-unknown", body,
       "_charset_=klingon names no known charset",
       ["RFC 7578 §4.6", "RFC 2046 §4.1.2"],
       [d("charset-field-unknown", offset_of(body, b"klingon", expect=b"k"))],
       [p("_charset_", "klingon"), p("a", "1")])

body = part("_CHARSET_", "iso-8859-1") + part("a", b"\xe7a va") + close()
# Judgement: only a field named exactly `_charset_` sets the form's charset, so the ISO-8859-1 value
# after `_CHARSET_` is checked and reported. HTML matches the hidden input's name
# case-insensitively, which is why this is an i- vector.
vector("charset/i-charset-field-upper-case", body,
       "_CHARSET_=iso-8859-1 (upper case), then a value in ISO-8859-1: not the _charset_ field, so reported",
       ["RFC 7578 §4.6", "RFC 7578 §5.1.2", "WHATWG HTML multipart/form-data encoding"],
       [d("value-not-utf8", offset_of(body, b"\xe7", expect=b"\xe7a va"))],
       [p("_CHARSET_", "iso-8859-1"), p("a", b"\xe7a va")],
       outcomes=[accept(UTF8_RAW, [p("_CHARSET_", "iso-8859-1"), p("a", b"\xe7a va")]),
                 accept("HTML matches the hidden input named _charset_ ASCII case-insensitively, and RFC 7578 "
                        "§4.6 makes that field's value the default charset, so a receiver may decode ISO-8859-1",
                        [p("_CHARSET_", "iso-8859-1"), p("a", "\u00e7a va")]),
                 accept(UTF8_FFFD, [p("_CHARSET_", "iso-8859-1"), p("a", "\ufffda va")])])

body = part("a", b"\xe7a va") + part("_charset_", "iso-8859-1") + close()
# Judgement: only an earlier _charset_ field sets the charset of a value (the validator reads in
# order, once); RFC 7578 §4.6 does not say where the field must be, hence i-.
vector("charset/i-charset-field-after-value", body,
       "a value in ISO-8859-1 followed by _charset_=iso-8859-1: the declaration comes too late to count",
       ["RFC 7578 §4.6", "RFC 7578 §5.1.2"],
       [d("value-not-utf8", offset_of(body, b"\xe7", expect=b"\xe7a va")), d("charset-field-not-utf8", 123)],
       [p("a", b"\xe7a va"), p("_charset_", "iso-8859-1")],
       outcomes=[accept(UTF8_RAW, [p("a", b"\xe7a va"), p("_charset_", "iso-8859-1")]),
                 accept("RFC 7578 §4.6: the _charset_ field's value is the default charset for text/plain parts "
                        "without a charset parameter, wherever the field appears",
                        [p("a", "\u00e7a va"), p("_charset_", "iso-8859-1")]),
                 accept(UTF8_FFFD, [p("a", "\ufffda va"), p("_charset_", "iso-8859-1")])])

# ---------------------------------------------------------------------------------------------
# The charset parameter of a part's Content-Type
# ---------------------------------------------------------------------------------------------

body = typed_field("a", b"text/plain; charset=iso-8859-1", b"\xe7a va") + close()
vector("charset/y-charset-param-latin1", body,
       "a text field labelled text/plain; charset=iso-8859-1 with an ISO-8859-1 value: declared, not reported",
       ["RFC 7578 §4.4", "RFC 7578 §4.5"],
       [d("field-content-type-present", offset_of(body, b"Content-Type", expect=b"C"))],
       [p("a", b"\xe7a va", content_type="text/plain; charset=iso-8859-1")])

body = typed_field("a", b'text/plain; charset="windows-1252"', b"5 \x80") + close()
vector("charset/y-charset-param-quoted", body,
       "charset=\"windows-1252\" as a quoted-string, with the windows-1252 euro sign (0x80)",
       ["RFC 7578 §4.5", "RFC 2045 §5.1"],
       [d("field-content-type-present", offset_of(body, b"Content-Type", expect=b"C"))],
       [p("a", b"5 \x80", content_type='text/plain; charset="windows-1252"')])

body = typed_field("a", b"text/plain; charset=klingon", "Qapla'") + close()
vector("charset/y-charset-param-unknown", body,
       "a text field labelled charset=klingon, which names no known charset",
       ["RFC 7578 §4.5", "RFC 2046 §4.1.2"],
       [d("field-content-type-present", offset_of(body, b"Content-Type", expect=b"C")),
        d("charset-unknown", offset_of(body, b"klingon", expect=b"k"))],
       [p("a", "Qapla'", content_type="text/plain; charset=klingon")])

UTF16 = b"\xff\xfeh\x00\xe9\x00"
body = typed_field("a", b"text/plain; charset=utf-16", UTF16) + close()
vector("charset/y-charset-param-utf16", body,
       "charset=utf-16 with a UTF-16LE value (BOM FF FE, then 'hé'): declared, so not checked as UTF-8",
       ["RFC 7578 §4.5", "RFC 2781 §4.3"],
       [d("field-content-type-present", offset_of(body, b"Content-Type", expect=b"C"))],
       [p("a", UTF16, content_type="text/plain; charset=utf-16")])

body = typed_field("a", b"text/plain; charset=utf-8", "caf\u00e9") + close()
vector("charset/y-charset-param-utf8", body,
       "a text field labelled charset=utf-8 with a UTF-8 value: legal, though browsers never label fields",
       ["RFC 7578 §4.4", "RFC 7578 §4.5", "WHATWG HTML multipart/form-data encoding"],
       [d("field-content-type-present", offset_of(body, b"Content-Type", expect=b"C"))],
       [p("a", "caf\u00e9", content_type="text/plain; charset=utf-8")])

body = typed_field("a", b"text/plain; charset=UTF-8", b"caf\xe9") + close()
vector("charset/i-charset-param-utf8-invalid", body,
       "a text field labelled charset=UTF-8 whose value is ISO-8859-1 (caf\\xE9): the label is wrong",
       ["RFC 7578 §4.5", "RFC 7578 §5.1.2", "RFC 3629 §3"],
       [d("field-content-type-present", offset_of(body, b"Content-Type", expect=b"C")),
        d("value-not-utf8", offset_of(body, b"\xe9", expect=b"\xe9\r\n"))],
       [p("a", b"caf\xe9", content_type="text/plain; charset=UTF-8")],
       outcomes=[accept(UTF8_RAW, [p("a", b"caf\xe9", content_type="text/plain; charset=UTF-8")]),
                 accept(UTF8_FFFD, [p("a", "caf\ufffd", content_type="text/plain; charset=UTF-8")])])

body = typed_field("meta", b"application/json", '{"a":1}') + close()
vector("charset/y-json-field-without-filename", body,
       "a part labelled application/json without a filename: a non-file part with a non-text type (two notes)",
       ["RFC 7578 §4.2", "RFC 7578 §4.4"],
       [d("field-content-type-present", offset_of(body, b"Content-Type", expect=b"C")),
        d("filename-missing", offset_of(body, b"Content-Disposition", expect=b"C"))],
       [p("meta", '{"a":1}', content_type="application/json")],
       producer="API clients that send a JSON part next to file parts")

# ---------------------------------------------------------------------------------------------
# Content-Transfer-Encoding
# ---------------------------------------------------------------------------------------------

body = (b"--AaB03x\r\n"
        b'content-disposition: form-data; name="field1"\r\n'
        b"content-type: text/plain;charset=UTF-8\r\n"
        b"content-transfer-encoding: quoted-printable\r\n"
        b"\r\n"
        b"Joe owes =E2=82=AC100.\r\n" + close())
vector("charset/i-rfc7578-4.5-example", body,
       "the RFC 7578 §4.5 example: a text field with charset=UTF-8 and quoted-printable content",
       ["RFC 7578 §4.5", "RFC 7578 §4.7", "RFC 2045 §6.7"],
       [d("field-content-type-present", offset_of(body, b"content-type", expect=b"c")),
        d("content-transfer-encoding-present", offset_of(body, b"content-transfer-encoding", expect=b"c"))],
       [p("field1", "Joe owes =E2=82=AC100.", content_type="text/plain;charset=UTF-8")],
       outcomes=[accept(CTE_DECODED, [p("field1", "Joe owes \u20ac100.", content_type="text/plain;charset=UTF-8")]),
                 accept(CTE_RAW, [p("field1", "Joe owes =E2=82=AC100.", content_type="text/plain;charset=UTF-8")])])

body = raw(b'Content-Disposition: form-data; name="f"; filename="hello.txt"\r\n'
           b"Content-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n", "aGVsbG8gd29ybGQ=") + close()
vector("charset/i-cte-base64", body,
       "a file part with Content-Transfer-Encoding: base64: decoded by MIME parsers, passed on as is by others",
       ["RFC 7578 §4.7", "RFC 2045 §6.8"],
       [d("content-transfer-encoding-present", offset_of(body, b"Content-Transfer-Encoding", expect=b"C"))],
       [p("f", "aGVsbG8gd29ybGQ=", filename="hello.txt", content_type="text/plain")],
       outcomes=[accept(CTE_DECODED, [p("f", "hello world", filename="hello.txt", content_type="text/plain")]),
                 accept(CTE_RAW, [p("f", "aGVsbG8gd29ybGQ=", filename="hello.txt", content_type="text/plain")])],
       producer="Python email (MIMEMultipart) and other MIME mail composers")

body = raw(b'Content-Disposition: form-data; name="f"; filename="a.bin"\r\n'
           b"Content-Type: application/octet-stream\r\nContent-Transfer-Encoding: binary\r\n",
           b"\x00\x01\xff") + close()
vector("charset/y-cte-binary", body,
       "a file part with Content-Transfer-Encoding: binary, the identity encoding: legal, should not be sent",
       ["RFC 7578 §4.7", "RFC 2045 §6.2"],
       [d("content-transfer-encoding-present", offset_of(body, b"Content-Transfer-Encoding", expect=b"C"))],
       [p("f", b"\x00\x01\xff", filename="a.bin", content_type=OCTET)],
       producer="Apache HttpClient 4.5 httpmime (STRICT mode)")

body = raw(b'Content-Disposition: form-data; name="a"\r\n'
           b"Content-Type: text/plain; charset=ISO-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n",
           b"caf\xe9") + close()
vector("charset/y-cte-8bit", body,
       "a text field with charset=ISO-8859-1 and Content-Transfer-Encoding: 8bit, as HttpClient 4.5 STRICT sends",
       ["RFC 7578 §4.5", "RFC 7578 §4.7", "RFC 2045 §6.2"],
       [d("field-content-type-present", offset_of(body, b"Content-Type", expect=b"C")),
        d("content-transfer-encoding-present", offset_of(body, b"Content-Transfer-Encoding", expect=b"C"))],
       [p("a", b"caf\xe9", content_type="text/plain; charset=ISO-8859-1")],
       producer="Apache HttpClient 4.5 httpmime (STRICT mode)")

body = raw(b'Content-Disposition: form-data; name="f"; filename="a.txt"\r\n'
           b"Content-Type: text/plain\r\nContent-Transfer-Encoding: x-custom\r\n", "hello") + close()
vector("charset/y-cte-x-token", body,
       "Content-Transfer-Encoding: x-custom, a private x-token: a valid mechanism name, still should not be sent",
       ["RFC 7578 §4.7", "RFC 2045 §6.1", "RFC 2045 §6.3"],
       [d("content-transfer-encoding-present", offset_of(body, b"Content-Transfer-Encoding", expect=b"C"))],
       [p("f", "hello", filename="a.txt", content_type="text/plain")])

# Content checked against the transfer encoding it declares (RFC 2045 §6.7, §6.8): a file part
# labelled application/octet-stream, so that only the encoding's findings show besides
# content-transfer-encoding-present. `parts` hold the bytes as sent.


def encoded(mechanism, content, filename="data.bin"):
    """A body of one file part whose content is labelled with `mechanism`."""
    return raw(b'Content-Disposition: form-data; name="f"; filename="' + filename.encode() + b'"\r\n'
               b"Content-Type: application/octet-stream\r\nContent-Transfer-Encoding: " + mechanism + b"\r\n",
               content) + close()


def encoded_vector(vid, mechanism, content, description, findings, specs, outcomes=None):
    """A vector of `encoded(...)`; `findings` are (rule, needle, plus): the needle's first place in the content
    (None: the content's end; an int: that index) plus `plus`."""
    body = encoded(mechanism, content)
    start = offset_of(body, b"\r\n\r\n", plus=4)
    diagnostics = [d("content-transfer-encoding-present", offset_of(body, b"Content-Transfer-Encoding", expect=b"C"))]
    for rule, needle, plus in findings:
        if isinstance(needle, int):
            index = needle
        else:
            index = len(content) if needle is None else content.index(needle) + plus
        diagnostics.append(d(rule, start + index))
    vector(vid, body, description, ["RFC 7578 §4.7"] + specs, diagnostics,
           [p("f", content, filename="data.bin", content_type=OCTET)], outcomes=outcomes)


B64 = "RFC 2045 §6.8"
QP = "RFC 2045 §6.7"
LINES = b"QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0\r\nNTY3ODk="
encoded_vector("charset/i-base64-lines", b"base64", LINES,
               "base64 content in lines of 76 characters ended by CRLF, the last group padded: the form RFC 2045 "
               "gives it", [], [B64],
               outcomes=[accept(CTE_DECODED, [p("f", b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                                                filename="data.bin", content_type=OCTET)]),
                         accept(CTE_RAW, [p("f", LINES, filename="data.bin", content_type=OCTET)])])
encoded_vector("charset/n-base64-8bit-byte", b"base64", b"aGVs\xe9bG8=",
               "base64 content holding an 8-bit byte, which no base64 alphabet has",
               [("base64-content-invalid", b"\xe9", 0)], [B64])
encoded_vector("charset/n-base64-exclamation", b"base64", b"aGk!",
               "base64 content whose last group ends in '!', not a base64 character",
               [("base64-content-invalid", b"!", 0)], [B64])
encoded_vector("charset/n-base64-space", b"base64", b"aGVs bG8=",
               "base64 content with a space inside a line: decoders drop it, encoders never write it",
               [("base64-content-invalid", b" ", 0)], [B64])
encoded_vector("charset/n-base64-short-group", b"base64", b"aGVsbG8",
               "base64 content whose last group has three characters and no padding",
               [("base64-content-invalid", None, 0)], [B64])
encoded_vector("charset/n-base64-single-character-group", b"base64", b"aGVsbG8gd",
               "base64 content whose last group has one character, which cannot be decoded",
               [("base64-content-invalid", None, 0)], [B64])
encoded_vector("charset/n-base64-padding-incomplete", b"base64", b"aGk",
               "base64 content ending with a group of three characters and no '=': the quantum is incomplete",
               [("base64-content-invalid", None, 0)], [B64])
encoded_vector("charset/n-base64-padding-misplaced", b"base64", b"a===",
               "base64 content with '=' after one character of a group, where no padding can be",
               [("base64-content-invalid", b"=", 0)], [B64])
encoded_vector("charset/n-base64-data-after-padding", b"base64", b"aGk=aGk=",
               "two base64 encodings one after the other: data after the first padding",
               [("base64-content-invalid", b"=a", 1)], [B64])
encoded_vector("charset/n-base64-one-pad-of-two", b"base64", b"aA=",
               "base64 content ending with one '=' where a group of two characters needs two",
               [("base64-content-invalid", None, 0)], [B64])
LONG = b"QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0NTY3ODk="
encoded_vector("charset/i-base64-one-long-line", b"base64", LONG,
               "base64 content on one line of 84 characters: decodable, but past the encoding's 76",
               [("encoded-content-style", 76, 0)], [B64],
               outcomes=[accept(CTE_DECODED, [p("f", b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                                                filename="data.bin", content_type=OCTET)]),
                         accept(CTE_RAW, [p("f", LONG, filename="data.bin", content_type=OCTET)])])
QP_OK = b"caf=C3=A9 au lait, 100 =3D cent, et une ligne qui continue apr=C3=A8s une=\r\ncoupure douce"
encoded_vector("charset/i-quoted-printable-lines", b"quoted-printable", QP_OK,
               "quoted-printable content with escapes in upper case, a soft line break and lines within 76 characters",
               [], [QP],
               outcomes=[accept(CTE_DECODED, [p("f", "café au lait, 100 = cent, et une ligne qui continue "
                                                     "après unecoupure douce", filename="data.bin",
                                                content_type=OCTET)]),
                         accept(CTE_RAW, [p("f", QP_OK, filename="data.bin", content_type=OCTET)])])
encoded_vector("charset/n-quoted-printable-bad-escape", b"quoted-printable", b"100=%25 sure",
               "quoted-printable content with '=' followed by '%2', not two hexadecimal digits",
               [("quoted-printable-content-invalid", b"=", 0)], [QP])
encoded_vector("charset/n-quoted-printable-escape-at-end", b"quoted-printable", b"the end=",
               "quoted-printable content ending with '=': a soft line break with no line after it",
               [("quoted-printable-content-invalid", b"=", 0)], [QP])
encoded_vector("charset/n-quoted-printable-8bit-byte", b"quoted-printable", b"caf\xc3\xa9",
               "quoted-printable content holding raw 8-bit bytes (UTF-8 for 'é') instead of =C3=A9",
               [("quoted-printable-content-invalid", b"\xc3", 0)], [QP])
encoded_vector("charset/n-quoted-printable-trailing-space", b"quoted-printable", b"line one \r\nline two",
               "quoted-printable content with a space at the end of a line, which decoders delete",
               [("quoted-printable-content-invalid", b" \r\n", 0)], [QP])
encoded_vector("charset/n-quoted-printable-bare-lf", b"quoted-printable", b"line one\nline two",
               "quoted-printable content with a bare LF, which must be encoded as =0A or written as CRLF",
               [("quoted-printable-content-invalid", b"\n", 0)], [QP])
encoded_vector("charset/i-quoted-printable-lowercase-hex", b"quoted-printable", b"caf=c3=a9",
               "quoted-printable escapes in lower case: decoders read them, the encoding requires upper case",
               [("encoded-content-style", b"=c3", 1)], [QP],
               outcomes=[accept(CTE_DECODED, [p("f", b"caf\xc3\xa9", filename="data.bin", content_type=OCTET)]),
                         accept(CTE_RAW, [p("f", b"caf=c3=a9", filename="data.bin", content_type=OCTET)])])
QP_LONG = b"x" * 80
encoded_vector("charset/y-quoted-printable-long-line", b"quoted-printable", QP_LONG,
               "a quoted-printable line of 80 characters, past the encoding's 76",
               [("encoded-content-style", 76, 0)], [QP])

body = raw(b'Content-Disposition: form-data; name="f"; filename="a.txt"\r\n'
           b"Content-Type: text/plain\r\nContent-Transfer-Encoding: gzip\r\n", "hello") + close()
vector("charset/n-cte-gzip", body,
       "Content-Transfer-Encoding: gzip is not a transfer encoding (it is an HTTP content coding)",
       ["RFC 2045 §6.1", "RFC 2045 §6.4", "RFC 7578 §4.7"],
       [d("content-transfer-encoding-present", offset_of(body, b"Content-Transfer-Encoding", expect=b"C")),
        d("content-transfer-encoding-invalid", offset_of(body, b"gzip", expect=b"g"))],
       [p("f", "hello", filename="a.txt", content_type="text/plain")])

NESTED_SMALL = (b"--BbC04y\r\n"
                b'Content-Disposition: file; filename="a.txt"\r\n'
                b"Content-Type: text/plain\r\n"
                b"\r\n"
                b"hello\r\n"
                b"--BbC04y--\r\n")
body = raw(b'Content-Disposition: form-data; name="files"\r\n'
           b"Content-Type: multipart/mixed; boundary=BbC04y\r\n"
           b"Content-Transfer-Encoding: base64\r\n", NESTED_SMALL) + close()
# Judgement: a multipart part may only be 7bit, 8bit or binary (RFC 2045 §6.4), so base64 is invalid
# here although it is a known mechanism. The content is a plain nested body (not base64 text), so
# it yields no nested finding whether or not the validator checks a body so labelled.
vector("charset/n-cte-base64-on-multipart", body,
       "a nested multipart/mixed part with Content-Transfer-Encoding: base64, which multipart parts cannot have",
       ["RFC 2045 §6.4", "RFC 2046 §5.1", "RFC 7578 §4.3", "RFC 7578 §4.7"],
       [d("nested-multipart", offset_of(body, b"multipart/mixed", expect=b"m")),
        d("content-transfer-encoding-present", offset_of(body, b"Content-Transfer-Encoding", expect=b"C")),
        d("content-transfer-encoding-invalid", offset_of(body, b"base64", expect=b"b"))],
       [p("files", NESTED_SMALL, content_type="multipart/mixed; boundary=BbC04y")])

# ---------------------------------------------------------------------------------------------
# Part Content-Type syntax (on file parts, so that only the syntax error shows)
# ---------------------------------------------------------------------------------------------

FILE_CD = b'Content-Disposition: form-data; name="f"; filename="a.txt"\r\n'

body = raw(FILE_CD + b"Content-Type: text\r\n", "hello") + close()
# The grammar breaks where "/" is missing: at the end of the value (its CR).
vector("charset/n-part-content-type-no-subtype", body,
       "a file part's Content-Type without a subtype (text)",
       ["RFC 2045 §5.1", "RFC 9110 §8.3.1"],
       [d("part-content-type-syntax", offset_of(body, b"Content-Type: text\r", plus=18, expect=b"\r\n"))],
       [p("f", "hello", filename="a.txt", content_type="text")])

body = raw(FILE_CD + b"Content-Type: \r\n", "hello") + close()
# Judgement: the field is present with an empty value, so the part is not missing its Content-Type
# (no file-content-type-missing); the grammar breaks where a type is expected, at the end of the
# value (its CR).
vector("charset/n-part-content-type-empty", body,
       "a file part with an empty Content-Type field (Content-Type: with nothing after it)",
       ["RFC 2045 §5.1", "RFC 9110 §8.3.1"],
       [d("part-content-type-syntax", offset_of(body, b"Content-Type: \r", plus=14, expect=b"\r\n"))],
       [p("f", "hello", filename="a.txt", content_type="")],
       producer="Moya 15 (.stream provider with no mimeType)")

body = raw(FILE_CD + b"Content-Type: text/html, text/plain\r\n", "hello") + close()
vector("charset/n-part-content-type-list", body,
       "a file part's Content-Type holding two media types separated by a comma",
       ["RFC 2045 §5.1", "RFC 9110 §8.3.1"],
       [d("part-content-type-syntax", offset_of(body, b", text/plain", expect=b","))],
       [p("f", "hello", filename="a.txt", content_type="text/html, text/plain")])

body = raw(FILE_CD + b"Content-Type: text/\xc3\xa9\r\n", "hello") + close()
# The subtype must be a token; é is not a token character. The line is not Content-Disposition, so
# its valid UTF-8 is also header-non-ascii (a note), at the same byte.
vector("charset/n-part-content-type-non-ascii", body,
       "a file part's Content-Type with a non-ASCII subtype (text/é)",
       ["RFC 2045 §5.1", "RFC 9110 §8.3.1", "RFC 2046 §5.1"],
       [d("part-content-type-syntax", offset_of(body, b"/\xc3", plus=1, expect=b"\xc3\xa9")),
        d("header-non-ascii", offset_of(body, b"/\xc3", plus=1, expect=b"\xc3\xa9"))],
       [p("f", "hello", filename="a.txt", content_type="text/\u00e9")])

# ---------------------------------------------------------------------------------------------
# Nested multipart/mixed
# ---------------------------------------------------------------------------------------------

NESTED = (b"--BbC04y\r\n"
          b'Content-Disposition: file; filename="file1.txt"\r\n'
          b"Content-Type: text/plain\r\n"
          b"\r\n"
          b"... contents of file1.txt ...\r\n"
          b"--BbC04y\r\n"
          b'Content-Disposition: file; filename="file2.gif"\r\n'
          b"Content-Type: image/gif\r\n"
          b"Content-Transfer-Encoding: binary\r\n"
          b"\r\n"
          b"...contents of file2.gif...\r\n"
          b"--BbC04y--")
body = (part("submit-name", "Larry")
        + raw(b'Content-Disposition: form-data; name="files"\r\n'
              b"Content-Type: multipart/mixed; boundary=BbC04y\r\n", NESTED) + close())
# As in the HTML 4.01 example, the nested close delimiter is directly followed by the CRLF of the
# outer delimiter, so the nested body ends right after --BbC04y--: close-delimiter-no-final-crlf
# (a note) at the nested body's end. The subparts' `Content-Disposition: file` is RFC 2388's form
# and is not checked against form-data rules (see the module docstring).
vector("charset/n-nested-mixed-two-files", body,
       "two files for one field as a nested multipart/mixed (the HTML 4.01 / RFC 2388 shape), deprecated",
       ["RFC 7578 §4.3", "RFC 2388 §3", "RFC 2388 §4.2", "RFC 2046 §5.1.1", "HTML 4.01 §17.13.4.2"],
       [d("nested-multipart", offset_of(body, b"multipart/mixed", expect=b"m")),
        d("close-delimiter-no-final-crlf", offset_of(body, b"--BbC04y--", plus=10, expect=b"\r\n--AaB03x--"))],
       [p("submit-name", "Larry"), p("files", NESTED, content_type="multipart/mixed; boundary=BbC04y")],
       producer="HTML 4.01-era user agents (RFC 1867 / RFC 2388)")

NESTED_PREFIX = (b"--AaB03xZZ\r\n"
                 b'Content-Disposition: file; filename="a.txt"\r\n'
                 b"Content-Type: text/plain\r\n"
                 b"\r\n"
                 b"hello\r\n"
                 b"--AaB03xZZ--\r\n")
body = raw(b'Content-Disposition: form-data; name="files"\r\n'
           b"Content-Type: multipart/mixed; boundary=AaB03xZZ\r\n", NESTED_PREFIX) + close()
# Each inner delimiter line starts with the outer delimiter followed by "Z" (a boundary character),
# so the outer scan reports boundary-prefix-line at both of them and reads them as content; the
# nested body itself is well-formed (it ends with its own CRLF).
vector("charset/n-nested-boundary-prefix", body,
       "a nested boundary (AaB03xZZ) that begins with the outer boundary (AaB03x)",
       ["RFC 2046 §5.1", "RFC 2046 §5.1.1", "RFC 7578 §4.3"],
       [d("nested-multipart", offset_of(body, b"multipart/mixed", expect=b"m")),
        d("nested-boundary-prefix", offset_of(body, b"boundary=AaB03xZZ", plus=9, expect=b"AaB03xZZ\r\n")),
        d("boundary-prefix-line", offset_of(body, b"--AaB03xZZ\r\n", expect=b"--")),
        d("boundary-prefix-line", offset_of(body, b"--AaB03xZZ--", expect=b"--"))],
       [p("files", NESTED_PREFIX, content_type="multipart/mixed; boundary=AaB03xZZ")])

# ---------------------------------------------------------------------------------------------
# Values and names that look encoded but are literal
# ---------------------------------------------------------------------------------------------

body = part("subject", "=?UTF-8?B?w6k=?=") + close()
vector("charset/y-encoded-word-in-value", body,
       "an RFC 2047 encoded-word as a field value is literal text: part bodies are never header-decoded",
       ["RFC 2047 §5", "RFC 7578 §5.1"],
       [], [p("subject", "=?UTF-8?B?w6k=?=")])

body = part("a", b"\xef\xbb\xbfa") + close()
# Valid UTF-8, so nothing is reported; U+FEFF stays part of the value (WHATWG "UTF-8 decode without
# BOM" keeps it; a decoder that strips a BOM changes the value).
vector("charset/y-bom-in-value", body,
       "a text value that starts with a UTF-8 byte order mark (EF BB BF a): valid UTF-8, the BOM is content",
       ["RFC 7578 §5.1.2", "RFC 3629 §6"],
       [], [p("a", "\ufeffa")])

body = part("a&#601;b", "x&#601;y") + close()
vector("charset/y-ncr-in-name-and-value", body,
       "numeric character references (&#601;) in a name and a value, as a windows-1252 form sends: literal",
       ["RFC 7578 §5.1.2", "WHATWG HTML multipart/form-data encoding"],
       [d("parameter-value-separator", 54)], [p("a&#601;b", "x&#601;y")],
       producer="WHATWG HTML form submission from a windows-1252 page")
