"""realworld: bodies shaped exactly as real producers write them, defects included."""
from vectorgen import at, d, offset_of, p, vector
from vectorgen import field as form_field

HB = b"Boundary-7D0E8E5B"

# The classic hand-rolled URLSession pattern: strings appended to Data, with three typical slips:
# "\n" instead of "\r\n" after the text field's header, the filename interpolated without escaping
# its quotes, no blank line between the file's headers and its bytes, and the close delimiter
# appended without a final line break.
body = (b"--" + HB + b"\r\n"
        + b'Content-Disposition: form-data; name="user"\n'
        + b"\n"
        + b"alice\r\n"
        + b"--" + HB + b"\r\n"
        + b'Content-Disposition: form-data; name="photo"; filename="my "best" photo.png"\r\n'
        + b"Content-Type: image/png\r\n"
        + b"PNGDATA\r\n"
        + b"--" + HB + b"--")
vector("realworld/n-hand-rolled-blog-body", body,
       "hand-rolled URLSession body: bare LF line ends, unescaped quotes in a filename, no blank line before file data",
       ["RFC 2046 §5.1.1", "RFC 5322 §2.2", "RFC 2183 §2"],
       [d("header-bare-lf", at(body, b'"user"\n', plus=6)),
        d("header-bare-lf", at(body, b'"user"\n\n', plus=7)),
        d("parameter-syntax", at(body, b'best"')),
        d("header-missing-colon", at(body, b"PNGDATA")),
        d("part-headers-unterminated", at(body, b"--" + HB + b"--")),
        d("close-delimiter-no-final-crlf", len(body))],
       [p("user", "alice"), p("photo", "", filename="my ", content_type="image/png")],
       content_type="multipart/form-data; boundary=Boundary-7D0E8E5B",
       producer="hand-rolled URLSession code from upload tutorials")


# =============================================================================================
# Producers, byte by byte. Each body below is written out the way the named encoder frames the
# same form; offsets are computed from the bytes and checked against the byte they must name.
# =============================================================================================

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01"
UTF8_NAME = "r\u00e9sum\u00e9.pdf"
PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"

S_FORM = "RFC 7578 §4"
S_FRAMING = "RFC 2046 §5.1.1"
S_WHATWG = "WHATWG HTML multipart/form-data encoding"

ACCEPT_PREAMBLE = ("RFC 2046 §5.1.1: multipart-body := [preamble CRLF] dash-boundary ...; the preamble "
                   "is to be ignored by receivers")
REJECT_PREAMBLE = ("WHATWG Fetch multipart/form-data parser (draft) and WPT formdata-parsing: the body must "
                   "start with \"--\" and the boundary; any byte before it is a parse failure")
ZERO_ACCEPT = ("WHATWG HTML and WPT formdata-serializing: an empty FormData is serialised as the close delimiter "
               "alone and parsed back as an empty form")
ZERO_REJECT = ("RFC 2046 §5.1.1: multipart-body := [preamble CRLF] dash-boundary transport-padding CRLF body-part "
               "*encapsulation close-delimiter ...; at least one body part is required")
PCT_LITERAL = ("RFC 7578 §4.2 and WHATWG Fetch formData() as tested by WPT: the filename is the bytes between the "
               "quotes; %XX sequences are not decoded")
PCT_DECODED = ("WHATWG HTML multipart/form-data encoding: '\"', CR and LF in names and filenames are sent as %22, "
               "%0D and %0A, so a receiver may reverse those three escapes (as the draft Fetch parser does)")
QP_RFC = ("RFC 9110 §5.6.4: recipients that process the value of a quoted-string MUST handle a quoted-pair as if "
          "it were replaced by the octet following the backslash (also RFC 5322 §3.2.4, RFC 2045 §5.1)")
QP_WHATWG_REJECT = ("WHATWG HTML/Fetch: names and filenames are never backslash-escaped and the Fetch "
                    "multipart/form-data parser ends the value at the first '\"', so the bytes after it break the "
                    "field and the body is rejected")
EMPTY_ACCEPT = "RFC 9110 §5.6.6: parameters = *( OWS \";\" OWS [ parameter ] ), so a parameter may be empty"
EMPTY_REJECT = "RFC 2045 §5.1 and RFC 2183 §2: every ';' must be followed by a parameter attribute=value"


def _b(x):
    return x.encode() if isinstance(x, str) else x


def field(b, name, value):
    """A text field as browsers, curl, urllib3, Alamofire and multipart-kit write it."""
    return (b"--" + b + b"\r\n" + b'Content-Disposition: form-data; name="' + _b(name) + b'"\r\n\r\n'
            + _b(value) + b"\r\n")


def upload(b, name, filename, ctype, data):
    """A file part: Content-Disposition with filename, then Content-Type."""
    return (b"--" + b + b"\r\n" + b'Content-Disposition: form-data; name="' + _b(name) + b'"; filename="'
            + _b(filename) + b'"\r\n' + b"Content-Type: " + _b(ctype) + b"\r\n\r\n" + _b(data) + b"\r\n")


def end(b):
    return b"--" + b + b"--\r\n"


def ctype(b):
    return "multipart/form-data; boundary=" + b.decode()


# ---------------------------------------------------------------------------------------------
# Chromium (Chrome, Edge) and WebKit (Safari): ----WebKitFormBoundary + 16 alphanumerics
# ---------------------------------------------------------------------------------------------

WK = b"----WebKitFormBoundary7MA4YWxkTrZu0gWq"
WK2 = b"----WebKitFormBoundaryaB3xK9pQr2LmN7sT"
CHROME = "Chromium (Chrome, Edge): HTML form submission / FormData"
SAFARI = "WebKit (Safari): HTML form submission / FormData"

body = field(WK, "q", "hello world") + end(WK)
vector("realworld/y-chromium-text-field", body,
       "Chromium submitting a form with one text input",
       [S_FORM, S_WHATWG], [], [p("q", "hello world")], content_type=ctype(WK), producer=CHROME)

body = field(WK, "username", "alice") + field(WK, "password", "s3cr3t p@ss") + end(WK)
vector("realworld/y-chromium-two-fields", body,
       "Chromium submitting a login form with two text inputs",
       [S_FORM, S_WHATWG], [], [p("username", "alice"), p("password", "s3cr3t p@ss")],
       content_type=ctype(WK), producer=CHROME)

body = field(WK, "caption", "my cat") + upload(WK, "photo", "cat.png", "image/png", PNG) + end(WK)
vector("realworld/y-chromium-text-and-png", body,
       "Chromium submitting a text input and a PNG file input",
       [S_FORM, "RFC 7578 §4.4", S_WHATWG], [],
       [p("caption", "my cat"), p("photo", PNG, filename="cat.png", content_type="image/png")],
       content_type=ctype(WK), producer=CHROME)

body = field(WK, "caption", "") + upload(WK, "photo", "", "application/octet-stream", b"") + end(WK)
vector("realworld/y-chromium-empty-file-input", body,
       "Chromium submitting an empty text input and a file input with no file chosen (filename=\"\")",
       [S_FORM, "RFC 7578 §4.2", S_WHATWG],
       [d("filename-empty", offset_of(body, b'filename=""', plus=9, expect=b'""'))],
       [p("caption", ""), p("photo", "", filename="", content_type="application/octet-stream")],
       content_type=ctype(WK), producer=CHROME)

body = (field(WK2, "album", "holiday")
        + upload(WK2, "photos", "IMG_0001.png", "image/png", PNG)
        + upload(WK2, "photos", "IMG_0002.png", "image/png", PNG + b"\x00\x01")
        + end(WK2))
vector("realworld/y-safari-multiple-files", body,
       "Safari submitting <input type=file multiple>: two files as two parts with the same name",
       [S_FORM, "RFC 7578 §4.3", S_WHATWG], [d("name-duplicate", 304)],
       [p("album", "holiday"), p("photos", PNG, filename="IMG_0001.png", content_type="image/png"),
        p("photos", PNG + b"\x00\x01", filename="IMG_0002.png", content_type="image/png")],
       content_type=ctype(WK2), producer=SAFARI)

body = upload(WK2, "cv", UTF8_NAME, "application/pdf", PDF) + end(WK2)
vector("realworld/y-safari-utf8-filename", body,
       "Safari uploading r\u00e9sum\u00e9.pdf: the filename is raw UTF-8 inside the quotes",
       ["RFC 7578 §4.2", "RFC 7578 §5.1.3", S_WHATWG], [],
       [p("cv", PDF, filename=UTF8_NAME, content_type="application/pdf")],
       content_type=ctype(WK2), producer=SAFARI)

body = upload(WK, "doc", 'my %22best%22.txt', "text/plain", "hi") + end(WK)
vector("realworld/i-chromium-quote-in-filename", body,
       "Chromium uploading my \"best\".txt: the quotes are sent as %22",
       ["RFC 7578 §4.2", S_WHATWG],
       [d("parameter-percent-encoded", offset_of(body, b"%22", expect=b"%22"))],
       [p("doc", "hi", filename="my %22best%22.txt", content_type="text/plain")],
       content_type=ctype(WK), producer=CHROME,
       outcomes=[{"outcome": "accept", "because": PCT_LITERAL,
                  "parts": [p("doc", "hi", filename="my %22best%22.txt", content_type="text/plain")]},
                 {"outcome": "accept", "because": PCT_DECODED,
                  "parts": [p("doc", "hi", filename='my "best".txt', content_type="text/plain")]}],
       form=[form_field("doc", "hi", filename='my "best".txt', content_type="text/plain")])

# ---------------------------------------------------------------------------------------------
# Gecko (Firefox): ----geckoformboundary + hex (Firefox 136+), 27 dashes + digits before
# ---------------------------------------------------------------------------------------------

GK = b"----geckoformboundary9f2c4e1a7b3d5f6081a2b3c4d5e6f708"
GKOLD = b"---------------------------735323031399963166993862150"
FIREFOX = "Gecko (Firefox 136 and later): HTML form submission"
FIREFOX_OLD = "Gecko (Firefox before 136): HTML form submission"

body = field(GK, "caption", "my cat") + upload(GK, "photo", "cat.png", "image/png", PNG) + end(GK)
vector("realworld/y-firefox-text-and-png", body,
       "Firefox submitting a text input and a PNG file input",
       [S_FORM, "RFC 7578 §4.4", S_WHATWG], [],
       [p("caption", "my cat"), p("photo", PNG, filename="cat.png", content_type="image/png")],
       content_type=ctype(GK), producer=FIREFOX)

body = field(GKOLD, "first", "Jos\u00e9") + field(GKOLD, "last", "M\u00fcller") + end(GKOLD)
vector("realworld/y-firefox-legacy-two-fields", body,
       "older Firefox submitting two text inputs with UTF-8 values (27-dash boundary)",
       [S_FORM, "RFC 7578 §5.1.2", S_WHATWG], [],
       [p("first", "Jos\u00e9"), p("last", "M\u00fcller")],
       content_type=ctype(GKOLD), producer=FIREFOX_OLD)

body = upload(GKOLD, "doc", 'my \\"best\\".txt', "text/plain", "hi") + end(GKOLD)
vector("realworld/i-firefox-legacy-backslash-quote", body,
       "Firefox before Gecko bug 1686765 uploading my \"best\".txt: the quotes are backslash-escaped",
       ["RFC 9110 §5.6.4", "RFC 7578 §4.2", S_WHATWG],
       [d("parameter-quoted-pair", offset_of(body, b'\\"best', expect=b'\\"'))],
       [p("doc", "hi", filename='my "best".txt', content_type="text/plain")],
       content_type=ctype(GKOLD), producer="Gecko (Firefox before bug 1686765, 2021)",
       outcomes=[{"outcome": "accept", "because": QP_RFC,
                  "parts": [p("doc", "hi", filename='my "best".txt', content_type="text/plain")]},
                 {"outcome": "reject", "because": QP_WHATWG_REJECT}],
       form=[form_field("doc", "hi", filename='my "best".txt', content_type="text/plain")])

# ---------------------------------------------------------------------------------------------
# curl -F: 24 dashes + 16 hex (7.x)
# ---------------------------------------------------------------------------------------------

CU = b"------------------------d74496d66958873e"
CURL = "curl 7.88 -F"

body = field(CU, "name", "alice") + field(CU, "msg", "hi there") + end(CU)
vector("realworld/y-curl-two-fields", body,
       "curl -F name=alice -F 'msg=hi there'",
       [S_FORM], [], [p("name", "alice"), p("msg", "hi there")],
       content_type=ctype(CU), producer=CURL)

body = field(CU, "title", "cat") + upload(CU, "file", "cat.png", "image/png", PNG) + end(CU)
vector("realworld/y-curl-text-and-png", body,
       "curl -F title=cat -F file=@cat.png: the file's Content-Type is guessed from the extension",
       [S_FORM, "RFC 7578 §4.4"], [],
       [p("title", "cat"), p("file", PNG, filename="cat.png", content_type="image/png")],
       content_type=ctype(CU), producer=CURL)

body = upload(CU, "data", "dump.xyz", "application/octet-stream", b"\x00\x01\x02\xff") + end(CU)
vector("realworld/y-curl-file-unknown-extension", body,
       "curl -F data=@dump.xyz: an unknown extension gets application/octet-stream",
       ["RFC 7578 §4.4"], [],
       [p("data", b"\x00\x01\x02\xff", filename="dump.xyz", content_type="application/octet-stream")],
       content_type=ctype(CU), producer=CURL)

# ---------------------------------------------------------------------------------------------
# Go mime/multipart.Writer: 60 hex, CreateFormFile => application/octet-stream
# ---------------------------------------------------------------------------------------------

GO = b"3c7e0f4a9b2d61e8c5f70a1b2c3d4e5f60718293a4b5c6d7e8f901a2b3c4"
assert len(GO) == 60
GOP = "Go mime/multipart.Writer (WriteField, CreateFormFile)"

body = field(GO, "caption", "my cat") + upload(GO, "photo", "cat.png", "application/octet-stream", PNG) + end(GO)
vector("realworld/y-go-text-and-file", body,
       "Go WriteField then CreateFormFile: the file part is application/octet-stream",
       [S_FORM, "RFC 7578 §4.4"], [],
       [p("caption", "my cat"), p("photo", PNG, filename="cat.png", content_type="application/octet-stream")],
       content_type=ctype(GO), producer=GOP)

body = b"\r\n" + end(GO)
vector("realworld/i-go-empty-form", body,
       "Go Writer closed with no parts: CRLF, then the close delimiter",
       [S_FRAMING, S_FORM],
       [d("preamble-present", 0), d("zero-parts", offset_of(body, b"--" + GO, expect=b"--"))],
       [], content_type=ctype(GO), producer="Go mime/multipart.Writer (Close with no parts)",
       outcomes=[{"outcome": "accept", "parts": [], "because": ACCEPT_PREAMBLE + "; " + ZERO_ACCEPT},
                 {"outcome": "reject", "because": ZERO_REJECT}],
       form=[])

# ---------------------------------------------------------------------------------------------
# urllib3 / requests: 32 hex
# ---------------------------------------------------------------------------------------------

U3 = b"9a4c2f0e6b8d41a3c5e7f9b1d3a5c7e9"
assert len(U3) == 32

body = field(U3, "caption", "my cat") + upload(U3, "photo", "cat.png", "image/png", PNG) + end(U3)
vector("realworld/y-urllib3-text-and-file", body,
       "urllib3 encode_multipart_formdata with a field and a (filename, data) tuple (type guessed)",
       [S_FORM, "RFC 7578 §4.4"], [],
       [p("caption", "my cat"), p("photo", PNG, filename="cat.png", content_type="image/png")],
       content_type=ctype(U3), producer="urllib3 2.x encode_multipart_formdata")

body = (field(U3, "caption", "my cat")
        + b"--" + U3 + b'\r\nContent-Disposition: form-data; name="photo"; filename="cat.png"\r\n\r\n' + PNG + b"\r\n"
        + end(U3))
vector("realworld/y-requests-file-without-type", body,
       "requests files={'photo': ('cat.png', data)}: a file part with no Content-Type",
       [S_FORM, "RFC 7578 §4.4"],
       [d("file-content-type-missing", offset_of(body, b"filename=", expect=b"f"))],
       [p("caption", "my cat"), p("photo", PNG, filename="cat.png")],
       content_type=ctype(U3), producer="requests 2.x files= (2-tuple)")

body = upload(U3, "doc", "a%0D%0Ab.txt", "text/plain", "hi") + end(U3)
vector("realworld/i-urllib3-crlf-in-filename", body,
       "urllib3 with the filename a<CR><LF>b.txt: CR and LF are sent as %0D%0A",
       ["RFC 7578 §4.2", S_WHATWG],
       [d("parameter-percent-encoded", offset_of(body, b"%0D", expect=b"%0D"))],
       [p("doc", "hi", filename="a%0D%0Ab.txt", content_type="text/plain")],
       content_type=ctype(U3), producer="urllib3 2.x encode_multipart_formdata",
       outcomes=[{"outcome": "accept", "because": PCT_LITERAL,
                  "parts": [p("doc", "hi", filename="a%0D%0Ab.txt", content_type="text/plain")]},
                 {"outcome": "accept", "because": PCT_DECODED,
                  "parts": [p("doc", "hi", filename="a\r\nb.txt", content_type="text/plain")]}],
       form=[form_field("doc", "hi", filename="a\r\nb.txt", content_type="text/plain")])

# ---------------------------------------------------------------------------------------------
# Alamofire 5 and Moya 15: alamofire.boundary. + 16 hex, no escaping at all
# ---------------------------------------------------------------------------------------------

AF = b"alamofire.boundary.3f9a1c7e52b04d86"
ALAMOFIRE = "Alamofire 5 MultipartFormData"

body = field(AF, "caption", "my cat") + upload(AF, "photo", "cat.png", "image/png", PNG) + end(AF)
vector("realworld/y-alamofire-text-and-png", body,
       "Alamofire append(data, withName:) then append(data, withName:, fileName:, mimeType:)",
       [S_FORM, "RFC 7578 §4.4"], [],
       [p("caption", "my cat"), p("photo", PNG, filename="cat.png", content_type="image/png")],
       content_type=ctype(AF), producer=ALAMOFIRE)

vector("realworld/n-alamofire-empty-form", b"",
       "Alamofire encoding a MultipartFormData with no parts: a zero-length body",
       [S_FRAMING],
       [d("body-empty", 0)], content_type=ctype(AF), producer=ALAMOFIRE + " (no parts)")

body = upload(AF, "doc", 'say "hi".txt', "text/plain", "hi") + end(AF)
vector("realworld/n-alamofire-unescaped-quotes-filename", body,
       "Alamofire with the file name say \"hi\".txt: the quotes go out raw and end the quoted-string early",
       ["RFC 2045 §5.1", "RFC 2183 §2", "RFC 7578 §4.2"],
       [d("parameter-syntax", offset_of(body, b'hi".txt', expect=b"h"))],
       [p("doc", "hi", filename="say ", content_type="text/plain")],
       content_type=ctype(AF), producer=ALAMOFIRE + " (Alamofire#2647)")

body = upload(AF, "photo", 'cat.png"\r\nX-Injected: yes', "image/png", PNG) + end(AF)
vector("realworld/n-alamofire-crlf-injection-filename", body,
       "Alamofire with the file name cat.png\"<CR><LF>X-Injected: yes: a header line is injected",
       ["RFC 7578 §4.2", "RFC 7578 §4.8", "RFC 9110 §5.5"],
       [d("header-not-allowed", offset_of(body, b"X-Injected", expect=b"X"))],
       [p("photo", PNG, filename="cat.png", content_type="image/png")],
       content_type=ctype(AF), producer=ALAMOFIRE + " (no CR/LF escaping)")

body = field(AF, "title", "log") + upload(AF, "file", "", "", b"line1\n") + end(AF)
vector("realworld/n-moya-empty-content-type-and-filename", body,
       "Moya .stream provider without fileName or mimeType: filename=\"\" and an empty Content-Type field",
       ["RFC 2045 §5.1", "RFC 9110 §8.3.1", "RFC 7578 §4.2"],
       [d("filename-empty", offset_of(body, b'filename=""', plus=9, expect=b'""')),
        d("part-content-type-syntax", offset_of(body, b"Content-Type: \r", plus=14, expect=b"\r\n")),
        d("filename-empty-with-content", offset_of(body, b"line1\n", expect=b"l"))],
       [p("title", "log"), p("file", b"line1\n", filename="", content_type="")],
       content_type=ctype(AF), producer="Moya 15 (MultipartFormData.stream, no fileName or mimeType)")

# ---------------------------------------------------------------------------------------------
# Vapor / multipart-kit: ----vaporBoundary + 16 random, names not escaped
# ---------------------------------------------------------------------------------------------

VP = b"----vaporBoundaryk3J9xQ2mP7rT5wZa"
VAPOR = "Vapor 4 FormDataEncoder / multipart-kit 4 MultipartSerializer"

body = field(VP, "name", "Vapor") + field(VP, "tags[]", "swift") + field(VP, "tags[]", "server") + end(VP)
vector("realworld/y-vapor-struct-with-array", body,
       "multipart-kit encoding struct { name; tags: [String] } as form data: tags[] once per element",
       [S_FORM, "RFC 7578 §4.3"], [d("name-brackets", 170), d("name-brackets", 263)],
       [p("name", "Vapor"), p("tags[]", "swift"), p("tags[]", "server")],
       content_type=ctype(VP), producer=VAPOR)

body = field(VP, 'nick"name', "neo") + end(VP)
vector("realworld/n-multipart-kit-unescaped-quote-name", body,
       "multipart-kit encoding a key nick\"name: the quote goes out raw and ends the name early",
       ["RFC 2045 §5.1", "RFC 2183 §2", "RFC 7578 §4.2"],
       [d("parameter-syntax", offset_of(body, b'name"', expect=b"n"))],
       [p("nick", "neo")],
       content_type=ctype(VP), producer="multipart-kit 4 / 5 FormDataEncoder (no escaping)")

# ---------------------------------------------------------------------------------------------
# werkzeug test client: leading CRLF, CRLF before every delimiter
# ---------------------------------------------------------------------------------------------

WZ = b"---------------WerkzeugFormPart_1700000000.1234560.8444218515250481"
assert len(WZ) <= 70
body = (b"\r\n--" + WZ + b'\r\nContent-Disposition: form-data; name="caption"\r\n\r\nmy cat'
        + b"\r\n--" + WZ + b'\r\nContent-Disposition: form-data; name="photo"; filename="cat.png"\r\n'
        + b"Content-Type: image/png\r\n\r\n" + PNG
        + b"\r\n--" + WZ + b"--\r\n")
parts_wz = [p("caption", "my cat"), p("photo", PNG, filename="cat.png", content_type="image/png")]
vector("realworld/i-werkzeug-test-client-leading-crlf", body,
       "werkzeug's test client (stream_encode_multipart): the body starts with CRLF before the first delimiter",
       [S_FRAMING, S_FORM],
       [d("preamble-present", 0)], parts_wz,
       content_type=ctype(WZ), producer="werkzeug 3 test client (stream_encode_multipart)",
       outcomes=[{"outcome": "accept", "because": ACCEPT_PREAMBLE, "parts": parts_wz},
                 {"outcome": "reject", "because": REJECT_PREAMBLE}])

# ---------------------------------------------------------------------------------------------
# Python email, default policy (compat32): LF only, MIME-Version per part, base64, RFC 2231
# ---------------------------------------------------------------------------------------------

EM = b"===============8720484183843621459=="
EM_CT = 'multipart/form-data; boundary="' + EM.decode() + '"'
EMAIL = "Python email (MIMEMultipart('form-data') + MIMEText, default policy, as_bytes after the outer headers)"

text_headers = (b'Content-Type: text/plain; charset="utf-8"\n'
                b"MIME-Version: 1.0\n"
                b"Content-Transfer-Encoding: base64\n"
                b'Content-Disposition: form-data; name="user"\n'
                b"\n")
body = b"--" + EM + b"\n" + text_headers + b"YWxpY2U=\n" + b"\n--" + EM + b"--\n"
lf_ends = [i for i, c in enumerate(body) if c == 0x0A]
# LF #0 ends the first delimiter line; #1-#5 end the four header lines and the blank line; #6 ends
# the base64 line (content); #7 precedes the close delimiter; #8 ends the close delimiter line.
vector("realworld/n-python-email-default-policy", body,
       "Python email's default generator: LF line ends, quoted boundary, MIME-Version and base64 in the part",
       [S_FRAMING, "RFC 5322 §2.2", "RFC 7578 §4.7", "RFC 7578 §4.8"],
       [d("boundary-quoted", EM_CT.index('"'), "content-type"),
        d("delimiter-line-ending", lf_ends[0]),
        d("header-bare-lf", lf_ends[1]),
        d("field-content-type-present", offset_of(body, b"Content-Type", expect=b"C")),
        d("header-bare-lf", lf_ends[2]),
        d("header-not-allowed", offset_of(body, b"MIME-Version", expect=b"M")),
        d("header-bare-lf", lf_ends[3]),
        d("content-transfer-encoding-present", offset_of(body, b"Content-Transfer-Encoding", expect=b"C")),
        d("header-bare-lf", lf_ends[4]),
        d("header-bare-lf", lf_ends[5]),
        d("delimiter-bare-lf", lf_ends[7]),
        d("delimiter-line-ending", lf_ends[8])],
       [p("user", "YWxpY2U=\n", content_type='text/plain; charset="utf-8"')],
       content_type=EM_CT, producer=EMAIL)

file_headers = (b"Content-Type: application/octet-stream\n"
                b"MIME-Version: 1.0\n"
                b"Content-Transfer-Encoding: base64\n"
                b"Content-Disposition: form-data; name=\"cv\"; filename*=utf-8''r%C3%A9sum%C3%A9.pdf\n"
                b"\n")
b64 = b"JVBERi0xLjQK\n"
body = b"--" + EM + b"\n" + file_headers + b64 + b"\n--" + EM + b"--\n"
lf_ends = [i for i, c in enumerate(body) if c == 0x0A]
# Judgement: with only filename* the part has no filename, so it is a non-file part with a
# non-text Content-Type (field-content-type-present and filename-missing).
vector("realworld/n-python-email-filename-star", body,
       "Python email attaching r\u00e9sum\u00e9.pdf: only filename*=utf-8''..., LF line ends, base64",
       ["RFC 7578 §4.2", "RFC 5987 §1", S_FRAMING, "RFC 7578 §4.7"],
       [d("boundary-quoted", EM_CT.index('"'), "content-type"),
        d("delimiter-line-ending", lf_ends[0]),
        d("header-bare-lf", lf_ends[1]),
        d("field-content-type-present", offset_of(body, b"Content-Type", expect=b"C")),
        d("header-bare-lf", lf_ends[2]),
        d("header-not-allowed", offset_of(body, b"MIME-Version", expect=b"M")),
        d("header-bare-lf", lf_ends[3]),
        d("content-transfer-encoding-present", offset_of(body, b"Content-Transfer-Encoding", expect=b"C")),
        d("header-bare-lf", lf_ends[4]),
        d("filename-missing", offset_of(body, b"Content-Disposition", expect=b"C")),
        d("filename-star", offset_of(body, b"filename*", expect=b"f")),
        d("header-bare-lf", lf_ends[5]),
        d("delimiter-bare-lf", lf_ends[7]),
        d("delimiter-line-ending", lf_ends[8])],
       [p("cv", b64, content_type="application/octet-stream")],
       content_type=EM_CT, producer=EMAIL)

# ---------------------------------------------------------------------------------------------
# Hand-rolled URLSession code from blog posts: Boundary-<UUID>
# ---------------------------------------------------------------------------------------------

HR = b"Boundary-5C1A4E3B-9D2F-4A7E-8B6C-0F1E2D3C4B5A"
HR_OTHER = b"Boundary-0B9E7D61-3A2C-4F5E-9D8C-7B6A5F4E3D2C"
HAND = "hand-rolled URLSession code from upload tutorials"

body = field(HR, "user", "alice") + field(HR, "note", "hi") + b"--" + HR + b"\xe2\x80\x94\r\n"
vector("realworld/n-hand-rolled-em-dash-close", body,
       "the close delimiter typed as --boundary\u2014 (an em dash, E2 80 94, instead of --): an open delimiter",
       [S_FRAMING],
       [d("delimiter-line-ending", offset_of(body, b"\xe2\x80\x94", expect=b"\xe2")),
        d("close-delimiter-missing", len(body))],
       [p("user", "alice"), p("note", "hi"), p(None, "")],
       content_type=ctype(HR), producer=HAND + " (smart punctuation in the copied snippet)")

body = field(HR, "user", "alice") + b"\xe2\x80\x94" + HR + b"\xe2\x80\x94\r\n"
vector("realworld/n-hand-rolled-em-dash-both-ends", body,
       "the close delimiter typed as \u2014boundary\u2014 (em dashes on both sides): no close delimiter at all",
       [S_FRAMING],
       [d("close-delimiter-missing", len(body))],
       [p("user", b"alice\r\n\xe2\x80\x94" + HR + b"\xe2\x80\x94\r\n")],
       content_type=ctype(HR), producer=HAND + " (smart punctuation in the copied snippet)")

body = field(HR, "user", "alice") + end(HR)
vector("realworld/n-hand-rolled-boundary-mismatch", body,
       "one UUID in the Content-Type header and another in the body (UUID() called twice)",
       [S_FRAMING, "RFC 2045 §5.1"],
       [d("delimiter-not-found", 0)],
       content_type=ctype(HR_OTHER), producer=HAND + " (boundary generated twice)")

body = (b"--" + HR + b'\r\nContent-Disposition: form-data; name="user";\r\n\r\nalice\r\n' + end(HR))
vector("realworld/i-hand-rolled-trailing-semicolon", body,
       "Content-Disposition: form-data; name=\"user\"; with a trailing ';' from a string template",
       ["RFC 9110 §5.6.6", "RFC 2045 §5.1", "RFC 2183 §2"],
       [d("parameter-empty", offset_of(body, b'"user";', plus=6, expect=b";\r\n"))],
       [p("user", "alice")], content_type=ctype(HR), producer=HAND,
       outcomes=[{"outcome": "accept", "because": EMPTY_ACCEPT, "parts": [p("user", "alice")]},
                 {"outcome": "reject", "because": EMPTY_REJECT}])

ct = "multipart/form-data; charset=utf-8; boundary=" + HR.decode()
body = field(HR, "user", "alice") + end(HR)
vector("realworld/y-hand-rolled-charset-on-form-data", body,
       "Content-Type: multipart/form-data; charset=utf-8; boundary=...: a charset on the form",
       ["RFC 7578 §8", "RFC 2045 §5.1"],
       [d("content-type-parameter-unexpected", ct.index("charset"), "content-type")],
       [p("user", "alice")], content_type=ct, producer=HAND)

body = field(HR, "user", "alice") + b"--" + HR + b"--"
vector("realworld/y-hand-rolled-no-final-crlf", body,
       "the close delimiter appended without its final CRLF",
       [S_FRAMING],
       [d("close-delimiter-no-final-crlf", len(body))],
       [p("user", "alice")], content_type=ctype(HR), producer=HAND)
