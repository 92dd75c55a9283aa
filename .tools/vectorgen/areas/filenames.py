"""filenames: the bytes of the filename parameter (UTF-8, invalid UTF-8, escapes, paths, length).

Every body is browser-shaped (boundary AaB03x, CRLF everywhere, close delimiter with its final CRLF,
file parts with Content-Type) except for the one thing the vector shows. Offsets are computed from
the bytes with `at(...)` and checked against the byte they must name (`offset_of`).

Readings used throughout (CONFORMANCE.md, "How the strict validator reads a body"):
- UTF-8 in a filename is not reported: header-non-ascii is never reported on Content-Disposition
  lines. Invalid UTF-8 is header-invalid-utf8 at the first byte of the first invalid sequence,
  once per line, whatever a `_charset_` field says (that field only governs text values).
- "The first byte of the filename value" (filename-path, filename-empty, parameter-encoded-word) is
  the value as written: the opening quote of a quoted-string, as in the quoting area.
- Values are compared after quoted-pair removal and nothing else: `%XX`, `&#N;` and encoded-words
  stay as sent in `parts`; the i- outcomes say where a receiver may decode them.
"""
from vectorgen import DELIM, accept, close, d, field, file_part, offset_of, p, part, section_start, vector

OCTET = "application/octet-stream"


def _fvalue(body, nth=0):
    """The opening quote of the nth filename value."""
    return offset_of(body, b'filename="', nth, plus=9, expect=b'"')


def reject(because):
    return {"outcome": "reject", "because": because}


def one_file(filename, content="hello", content_type="text/plain", name="f"):
    """A body with a single browser-shaped file part."""
    return file_part(name, filename, content_type, content) + close()


def fpart(filename, content="hello", content_type="text/plain", name="f"):
    """The expected decoded file part."""
    return p(name, content, filename=filename, content_type=content_type)


RAW_BYTES = ("RFC 7578 §5.1.3: non-ASCII names and filenames may arrive as raw UTF-8 or in the form's charset, "
             "and interpreting them may require knowing that charset; the bytes are kept as sent")
FFFD = ("WHATWG Fetch formData() (Encoding 'UTF-8 decode without BOM'): filenames are decoded as UTF-8 and "
        "each maximal invalid subsequence becomes U+FFFD")
INVALID_UTF8_REFUSED = ("RFC 3629 §3: \"Implementations of the decoding algorithm above MUST protect against decoding "
                        "invalid sequences\"; a receiver that reads filenames as UTF-8 (RFC 7578 §5.1.1) may refuse "
                        "a filename that is not UTF-8 rather than guess what it means")
PCT_LITERAL = ("RFC 7578 §4.2 and WHATWG Fetch formData() as tested by WPT: the filename is the bytes between the "
               "quotes; %XX sequences are not decoded")
PCT_RFC_DECODED = ("RFC 7578 §2, §4.2: file names MAY be percent-encoded as in a file: URI (each UTF-8 octet as "
                   "%XX), so a receiver may percent-decode the filename")
PCT_WHATWG_DECODED = ("WHATWG HTML multipart/form-data encoding: LF in a filename is sent as %0A, so a receiver may "
                      "reverse that escape (as the draft Fetch parser does for %0A, %0D and %22)")
PATH_IGNORED = ("RFC 7578 §4.2 (RFC 2183 §2.3): the receiver must not use the path blindly and ignores directory "
                "information; the filename parameter itself is decoded as sent")

# ---------------------------------------------------------------------------------------------
# Raw UTF-8
# ---------------------------------------------------------------------------------------------

body = one_file(b"\xc3\xa9t\xc3\xa9.txt")
vector("filenames/y-utf8-2-byte", body,
       "a filename with 2-byte UTF-8 sequences (été.txt), sent raw as browsers do",
       ["RFC 7578 §4.2", "RFC 7578 §5.1.3"],
       [], [fpart("\u00e9t\u00e9.txt")], producer="WHATWG HTML form submission (browsers)")

body = one_file(b"\xe4\xb8\xad\xe6\x96\x87.txt")
vector("filenames/y-utf8-3-byte", body,
       "a filename with 3-byte UTF-8 sequences (中文.txt), the WPT shape",
       ["RFC 7578 §4.2", "RFC 7578 §5.1.3"],
       [], [fpart("\u4e2d\u6587.txt")], producer="WHATWG HTML form submission (browsers)")

body = one_file(b"\xf0\x9f\x92\xa9.txt")
vector("filenames/y-utf8-4-byte", body,
       "a filename with a 4-byte UTF-8 sequence (U+1F4A9 PILE OF POO), outside the BMP",
       ["RFC 7578 §4.2", "RFC 7578 §5.1.3", "RFC 3629 §3"],
       [], [fpart("\U0001f4a9.txt")], producer="WHATWG HTML form submission (browsers)")

body = (file_part("a", b"caf\xc3\xa9.txt", "text/plain", "NFC")
        + file_part("b", b"cafe\xcc\x81.txt", "text/plain", "NFD") + close())
vector("filenames/y-nfc-and-nfd", body,
       "the same visible name café.txt as NFC (C3 A9) in one part and NFD (65 CC 81) in another; both kept as sent",
       ["RFC 7578 §4.2", "RFC 7578 §5.1.3", "RFC 3629 §3"],
       [], [p("a", "NFC", filename="caf\u00e9.txt", content_type="text/plain"),
            p("b", "NFD", filename="cafe\u0301.txt", content_type="text/plain")],
       producer="macOS file systems (NFD names) and Windows or Linux (NFC) through browsers")

body = one_file(b"\xef\xbb\xbfa.txt")
vector("filenames/y-bom-prefixed", body,
       "a filename that starts with a UTF-8 byte order mark (EF BB BF): valid UTF-8, U+FEFF is kept",
       ["RFC 7578 §4.2", "RFC 3629 §6"],
       [], [fpart("\ufeffa.txt")])

body = one_file(b"invoice\xe2\x80\xaefdp.exe")
vector("filenames/y-rtl-override", body,
       "a filename holding U+202E RIGHT-TO-LEFT OVERRIDE (displays as invoiceexe.pdf): valid UTF-8, not reported",
       ["RFC 7578 §4.2", "RFC 7578 §7", "RFC 2183 §5"],
       [], [fpart("invoice\u202efdp.exe")])

body = one_file(b"..\xef\xbc\x8f..\xef\xbc\x8fetc\xef\xbc\x8fpasswd")
# Judgement: U+FF0F FULLWIDTH SOLIDUS is not "/" (0x2F), so filename-path does not fire; receivers
# that apply NFKC before choosing a file name turn it into "/" (RFC 7578 §7, RFC 2183 §5).
vector("filenames/y-fullwidth-solidus", body,
       "../etc/passwd spelled with U+FF0F FULLWIDTH SOLIDUS: no ASCII separator, so not a path to the validator",
       ["RFC 7578 §4.2", "RFC 7578 §7", "RFC 2183 §5"],
       [], [fpart("..\uff0f..\uff0fetc\uff0fpasswd")])

body = (DELIM + b'Content-Disposition: form-data; name="\xd1\x84\xd0\xb0\xd0\xb9\xd0\xbb"; '
        b'filename="\xd0\xb4\xd0\xbe\xd0\xba.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n' + close())
vector("filenames/y-name-and-filename-utf8", body,
       "a UTF-8 field name (файл) with a UTF-8 filename: only the name is reported (a note)",
       ["RFC 7578 §5.1.1", "RFC 7578 §4.2"],
       [d("name-non-ascii", offset_of(body, b'name="\xd1', plus=6, expect=b"\xd1\x84"))],
       [p("\u0444\u0430\u0439\u043b", "hello", filename="\u0434\u043e\u043a.txt", content_type="text/plain")])

# ---------------------------------------------------------------------------------------------
# Invalid UTF-8
# ---------------------------------------------------------------------------------------------

body = one_file(b"\xff.txt")
vector("filenames/i-invalid-utf8-lone-ff", body,
       "a filename starting with the byte 0xFF, which never occurs in UTF-8",
       ["RFC 7578 §5.1.1", "RFC 7578 §5.1.3", "RFC 3629 §3"],
       [d("header-invalid-utf8", offset_of(body, b"\xff", expect=b"\xff.txt"))],
       [fpart(b"\xff.txt")],
       outcomes=[accept(RAW_BYTES, [fpart(b"\xff.txt")]),
                 accept(FFFD, [fpart("\ufffd.txt")]),
                 reject(INVALID_UTF8_REFUSED)])

body = one_file(b"..\xc0\xafpasswd")
# Judgement: C0 AF is an overlong encoding of "/" and is invalid UTF-8; the bytes hold no 0x2F, so
# filename-path does not fire. A decoder that maps C0 AF to "/" produces "../passwd" (RFC 3629 §10).
vector("filenames/i-invalid-utf8-overlong-slash", body,
       "..\\xC0\\xAFpasswd: an overlong '/' (C0 AF) is invalid UTF-8, not a path separator",
       ["RFC 7578 §5.1.1", "RFC 3629 §3", "RFC 3629 §10"],
       [d("header-invalid-utf8", offset_of(body, b"\xc0", expect=b"\xc0\xaf"))],
       [fpart(b"..\xc0\xafpasswd")],
       outcomes=[accept(RAW_BYTES, [fpart(b"..\xc0\xafpasswd")]),
                 accept(FFFD, [fpart("..\ufffd\ufffdpasswd")]),
                 reject(INVALID_UTF8_REFUSED)])

body = one_file(b"\xe4\xb8.txt")
vector("filenames/i-invalid-utf8-truncated", body,
       "a filename with a truncated 3-byte sequence (E4 B8, then '.'): reported at the sequence's first byte",
       ["RFC 7578 §5.1.1", "RFC 3629 §3"],
       [d("header-invalid-utf8", offset_of(body, b"\xe4\xb8", expect=b"\xe4\xb8."))],
       [fpart(b"\xe4\xb8.txt")],
       outcomes=[accept(RAW_BYTES, [fpart(b"\xe4\xb8.txt")]),
                 accept(FFFD, [fpart("\ufffd.txt")]),
                 reject(INVALID_UTF8_REFUSED)])

body = one_file(b"\xed\xa0\x80.txt")
vector("filenames/i-invalid-utf8-surrogate", body,
       "a filename holding the UTF-8 form of the surrogate U+D800 (ED A0 80), which UTF-8 forbids",
       ["RFC 7578 §5.1.1", "RFC 3629 §3"],
       [d("header-invalid-utf8", offset_of(body, b"\xed", expect=b"\xed\xa0\x80"))],
       [fpart(b"\xed\xa0\x80.txt")],
       outcomes=[accept(RAW_BYTES, [fpart(b"\xed\xa0\x80.txt")]),
                 accept(FFFD, [fpart("\ufffd\ufffd\ufffd.txt")]),
                 reject(INVALID_UTF8_REFUSED)])

body = part("_charset_", "iso-8859-1") + file_part("f", b"caf\xe9.txt", "text/plain", "hello") + close()
# Judgement: `_charset_` sets the default charset of text values (RFC 7578 §4.6); the header byte
# check ignores it, so the ISO-8859-1 filename is still header-invalid-utf8.
vector("filenames/i-latin1-with-charset-field", body,
       "_charset_=iso-8859-1, then a file named caf\\xE9.txt in ISO-8859-1: still not UTF-8 in the header",
       ["RFC 7578 §4.6", "RFC 7578 §5.1.2", "RFC 7578 §5.1.3"],
       [d("header-invalid-utf8", offset_of(body, b"\xe9", expect=b"\xe9.txt")), d("charset-field-not-utf8", 62)],
       [p("_charset_", "iso-8859-1"), fpart(b"caf\xe9.txt")],
       outcomes=[accept(RAW_BYTES, [p("_charset_", "iso-8859-1"), fpart(b"caf\xe9.txt")]),
                 accept("RFC 7578 §5.1.2: non-ASCII text may be encoded in the form-charset, which for HTML is "
                        "named by _charset_ (RFC 7578 §4.6), so a receiver may decode the filename as ISO-8859-1",
                        [p("_charset_", "iso-8859-1"), fpart("caf\u00e9.txt")]),
                 accept(FFFD, [p("_charset_", "iso-8859-1"), fpart("caf\ufffd.txt")]),
                 reject(INVALID_UTF8_REFUSED)])

# ---------------------------------------------------------------------------------------------
# Escapes that are not decoded: %XX, numeric character references, encoded-words
# ---------------------------------------------------------------------------------------------

body = one_file(b"%E2%82%AC.txt")
vector("filenames/i-percent-encoded-utf8", body,
       "a filename percent-encoded as RFC 7578 §2 allows (%E2%82%AC.txt, the euro sign): literal or decoded",
       ["RFC 7578 §2", "RFC 7578 §4.2"],
       [d("parameter-percent-encoded", offset_of(body, b"%E2", expect=b"%E2"))],
       [fpart("%E2%82%AC.txt")],
       outcomes=[accept(PCT_LITERAL, [fpart("%E2%82%AC.txt")]),
                 accept(PCT_RFC_DECODED, [fpart("\u20ac.txt")])],
       producer="Apache HttpClient 5 (EXTENDED mode)")

body = one_file(b"100%0Applejuice.pdf", "%PDF-1.4", "application/pdf")
vector("filenames/i-percent-encoded-newline", body,
       "100%0Applejuice.pdf: a literal file name, or 100<LF>pplejuice.pdf after reversing the WHATWG %0A escape",
       ["RFC 7578 §2", "RFC 7578 §4.2", "WHATWG HTML multipart/form-data encoding"],
       [d("parameter-percent-encoded", offset_of(body, b"%0A", expect=b"%0A"))],
       [fpart("100%0Applejuice.pdf", "%PDF-1.4", "application/pdf")],
       outcomes=[accept(PCT_LITERAL, [fpart("100%0Applejuice.pdf", "%PDF-1.4", "application/pdf")]),
                 accept(PCT_WHATWG_DECODED, [fpart("100\npplejuice.pdf", "%PDF-1.4", "application/pdf")])])

body = one_file(b"..%2F..%2Fetc%2Fpasswd")
# Judgement: filename-path looks at the bytes as sent (no 0x2F here), so only the %XX warning fires;
# a receiver that percent-decodes gets ../../etc/passwd.
vector("filenames/i-percent-encoded-traversal", body,
       "..%2F..%2Fetc%2Fpasswd: no separator as sent, a traversal once percent-decoded",
       ["RFC 7578 §2", "RFC 7578 §4.2", "RFC 2183 §2.3"],
       [d("parameter-percent-encoded", offset_of(body, b"%2F", expect=b"%2F"))],
       [fpart("..%2F..%2Fetc%2Fpasswd")],
       outcomes=[accept(PCT_LITERAL, [fpart("..%2F..%2Fetc%2Fpasswd")]),
                 accept(PCT_RFC_DECODED + "; the result is a path whose directory part the receiver ignores "
                        "(RFC 2183 §2.3)", [fpart("../../etc/passwd")])])

body = one_file(b"100% real, 50%off.txt")
vector("filenames/y-percent-without-hex", body,
       "'%' not followed by two hex digits (100% real, 50%off.txt) is no %XX sequence and is not reported",
       ["RFC 7578 §2", "RFC 7578 §4.2"],
       [], [fpart("100% real, 50%off.txt")])

body = one_file(b"&#128169;.txt")
vector("filenames/y-ncr-literal", body,
       "&#128169;.txt, the numeric character reference a windows-1252 form sends for U+1F4A9, is literal text",
       ["RFC 7578 §4.2", "RFC 7578 §5.1.2", "WHATWG HTML multipart/form-data encoding"],
       [d("parameter-value-separator", 70)], [fpart("&#128169;.txt")],
       producer="WHATWG HTML form submission from a windows-1252 page")

body = one_file(b"=?UTF-8?B?w6kudHh0?=")
vector("filenames/i-encoded-word", body,
       "an RFC 2047 encoded-word as the filename (=?UTF-8?B?w6kudHh0?= is é.txt): literal or decoded",
       ["RFC 2047 §5", "RFC 7578 §5.1", "RFC 7578 §5.1.3"],
       [d("parameter-encoded-word", _fvalue(body)), d("parameter-value-separator", 62)],
       [fpart("=?UTF-8?B?w6kudHh0?=")],
       outcomes=[accept("RFC 2047 §5: an encoded-word MUST NOT appear within a quoted-string, so the value is "
                        "literal text", [fpart("=?UTF-8?B?w6kudHh0?=")]),
                 accept("RFC 7578 §5.1.3: receivers may see RFC 2047 encoding from RFC 2388-era senders and may "
                        "decode it", [fpart("\u00e9.txt")])])

# Two shapes the differential search found parsers split on (Interop/DIFFERENTIAL.md): an encoded-word
# inside a longer filename, and spaces around a filename.
body = one_file(b"report =?UTF-8?B?w6k=?= final.txt")
vector("filenames/i-encoded-word-inside", body,
       "an RFC 2047 encoded-word inside a longer filename (report =?UTF-8?B?w6k=?= final.txt): literal or decoded",
       ["RFC 2047 §5", "RFC 7578 §5.1", "RFC 7578 §5.1.3"],
       [d("parameter-encoded-word", _fvalue(body)), d("parameter-value-separator", offset_of(body, b"=?UTF", expect=b"="))],
       [fpart("report =?UTF-8?B?w6k=?= final.txt")],
       outcomes=[accept("RFC 2047 §5: an encoded-word MUST NOT appear within a quoted-string, so the value is "
                        "literal text", [fpart("report =?UTF-8?B?w6k=?= final.txt")]),
                 accept("RFC 7578 §5.1.3: receivers may see RFC 2047 encoding from RFC 2388-era senders and may "
                        "decode an encoded-word where it stands between spaces", [fpart("report \u00e9 final.txt")])])

body = one_file(b" notes.txt ")
vector("filenames/y-leading-and-trailing-space", body,
       "a filename with a space before and after it ( notes.txt ): the spaces are part of the value",
       ["RFC 7578 §4.2", "RFC 9110 §5.6.4"],
       [d("filename-whitespace", _fvalue(body))], [fpart(" notes.txt ")])

body = one_file(b"notes.txt\t")
vector("filenames/y-trailing-tab", body,
       "a filename ending with a tab (notes.txt\\t): the tab is part of the quoted value",
       ["RFC 7578 §4.2", "RFC 9110 §5.6.4"],
       [d("filename-whitespace", _fvalue(body))], [fpart("notes.txt\t")])

# ---------------------------------------------------------------------------------------------
# Paths
# ---------------------------------------------------------------------------------------------

body = one_file(b"../../etc/passwd", "root:x:0:0", "text/plain")
vector("filenames/y-path-traversal", body,
       "../../etc/passwd: a relative path that climbs directories; the receiver must ignore the path",
       ["RFC 7578 §4.2", "RFC 7578 §7", "RFC 2183 §2.3"],
       [d("filename-path", _fvalue(body))],
       [fpart("../../etc/passwd", "root:x:0:0")])

body = one_file(b"/tmp/x")
vector("filenames/y-absolute-unix-path", body,
       "/tmp/x: an absolute POSIX path as the filename",
       ["RFC 7578 §4.2", "RFC 2183 §2.3"],
       [d("filename-path", _fvalue(body))],
       [fpart("/tmp/x")])

body = one_file(b"C:\\fakepath\\a.txt")
# Judgement: RFC decoding removes both backslashes (\f and \a are quoted-pairs of ordinary
# characters), giving C:fakepatha.txt: parameter-backslash at the first backslash, and filename-path
# because the decoded value starts with a drive letter and ':'. No parameter-quoted-pair: neither
# backslash escapes '"' or '\'.
vector("filenames/i-windows-fakepath", body,
       "C:\\fakepath\\a.txt written WHATWG-style (raw backslashes): C:fakepatha.txt after RFC unescaping",
       ["RFC 9110 §5.6.4", "RFC 7578 §4.2", "RFC 2183 §2.3", "WHATWG HTML multipart/form-data encoding"],
       [d("parameter-backslash", offset_of(body, b"\\fakepath", expect=b"\\f")),
        d("filename-path", _fvalue(body))],
       [fpart("C:fakepatha.txt")],
       outcomes=[accept("RFC 9110 §5.6.4: recipients that process a quoted-string MUST replace a quoted-pair with "
                        "the octet after the backslash", [fpart("C:fakepatha.txt")]),
                 accept("WHATWG HTML/Fetch: backslashes are not escapes in filenames; " + PATH_IGNORED,
                        [fpart("C:\\fakepath\\a.txt")])],
       producer="Internet Explorer and pages that copy the file input's value (C:\\fakepath\\)",
       form=[field("f", "hello", filename="C:\\fakepath\\a.txt", content_type="text/plain")])

body = one_file(b"C:/Users/me/a.txt")
vector("filenames/y-windows-path-forward-slashes", body,
       "C:/Users/me/a.txt: a drive path with forward slashes (no backslash to unescape); reported once",
       ["RFC 7578 §4.2", "RFC 2183 §2.3"],
       [d("filename-path", _fvalue(body))],
       [fpart("C:/Users/me/a.txt")])

body = one_file(b"C:a.txt")
vector("filenames/y-drive-relative", body,
       "C:a.txt: a drive-relative Windows path (drive letter and ':', no separator)",
       ["RFC 7578 §4.2", "RFC 2183 §2.3"],
       [d("filename-path", _fvalue(body))],
       [fpart("C:a.txt")])

body = one_file(b"..")
vector("filenames/y-dot-dot", body,
       "a filename that is exactly '..', the parent directory",
       ["RFC 7578 §4.2", "RFC 2183 §2.3"],
       [d("filename-path", _fvalue(body))],
       [fpart("..")])

body = one_file(b".")
vector("filenames/y-dot", body,
       "a filename that is exactly '.', the current directory",
       ["RFC 7578 §4.2", "RFC 2183 §2.3"],
       [d("filename-path", _fvalue(body))],
       [fpart(".")])

body = one_file(b"...")
vector("filenames/y-three-dots", body,
       "a filename of three dots is an ordinary (if odd) base name and is not reported",
       ["RFC 7578 §4.2", "RFC 2183 §2.3"],
       [], [fpart("...")])

body = one_file(b".htaccess", "Options +ExecCGI", "application/octet-stream")
vector("filenames/y-dotfile", body,
       "a hidden file name (.htaccess) is a base name without directory information and is not reported",
       ["RFC 7578 §4.2", "RFC 2183 §2.3"],
       [], [fpart(".htaccess", "Options +ExecCGI", "application/octet-stream")])

# ---------------------------------------------------------------------------------------------
# Empty, missing Content-Type, long, spaces, browser defaults
# ---------------------------------------------------------------------------------------------

body = part("a", "1") + file_part("f", "", OCTET, "") + close()
vector("filenames/y-empty-filename-empty-body", body,
       "filename=\"\" with application/octet-stream and an empty body: a file input with no file selected",
       ["RFC 7578 §4.2", "WHATWG HTML multipart/form-data encoding"],
       [d("filename-empty", _fvalue(body))],
       [p("a", "1"), fpart("", "", OCTET)],
       producer="WHATWG HTML form submission (browsers), empty file input")

body = part("a", "1") + file_part("q", "", "text/plain", "hello") + close()
vector("filenames/y-empty-filename-text-value", body,
       "filename=\"\" with text/plain and a value, as a script sends a typed file with an empty name: valid, but "
       "receivers that read filename=\"\" as a file input left empty drop or empty it",
       ["RFC 7578 §4.2", "WHATWG HTML multipart/form-data encoding"],
       [d("filename-empty", _fvalue(body)),
        d("filename-empty-with-content", offset_of(body, b"hello", expect=b"h"))],
       [p("a", "1"), fpart("", "hello", "text/plain", name="q")])

body = DELIM + b'Content-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\nhello\r\n' + close()
vector("filenames/y-file-without-content-type", body,
       "a file part with a filename but no Content-Type: it defaults to text/plain",
       ["RFC 7578 §4.4", "RFC 2046 §5.1"],
       [d("file-content-type-missing", offset_of(body, b"filename=", expect=b"f"))],
       [fpart("a.txt", "hello", None)],
       producer="requests 2.x (files= with a two-element tuple)")

body = one_file(b"blob", "x", OCTET)
vector("filenames/y-blob-default", body,
       "filename=\"blob\", the name browsers give a Blob appended to FormData without a file name",
       ["RFC 7578 §4.2", "WHATWG XHR FormData", "WHATWG HTML multipart/form-data encoding"],
       [], [fpart("blob", "x", OCTET)], producer="WHATWG FormData.append(name, blob)")

body = one_file(b"my holiday photo (1).jpg", "JPEG", "image/jpeg")
vector("filenames/y-spaces", body,
       "spaces and parentheses in a quoted filename are ordinary characters",
       ["RFC 7578 §4.2", "RFC 2045 §5.1"],
       [], [fpart("my holiday photo (1).jpg", "JPEG", "image/jpeg")])

LONG = b"a" * 4092 + b".txt"
body = one_file(LONG)
vector("filenames/y-filename-4k", body,
       "a 4 KiB filename: its Content-Disposition line exceeds 998 bytes (but not the 8192-byte line limit)",
       ["RFC 5322 §2.1.1", "RFC 7578 §4.2"],
       [d("header-line-too-long", section_start(body))],
       [fpart(LONG.decode())])

# ---------------------------------------------------------------------------------------------
# The canonical encoding's defaults for file parts
# ---------------------------------------------------------------------------------------------

body = file_part("meta", "blob", "application/json", '{"a":1}') + close()
vector("filenames/y-typed-field-gets-blob", body,
       "a text field given a media type and no filename: sent as a file part named blob, as browsers send a Blob",
       ["RFC 7578 §4.2", "RFC 7578 §4.4", "WHATWG XHR FormData (a Blob entry's default filename)"],
       [],
       [p("meta", '{"a":1}', filename="blob", content_type="application/json")],
       producer="browsers, for a Blob appended to FormData without a filename",
       form=[field("meta", '{"a":1}', content_type="application/json")])

body = file_part("f", "data.bin", OCTET, b"\x00\x01\x02\xff") + close()
vector("filenames/y-untyped-file-gets-octet-stream", body,
       "a file given no media type: sent with Content-Type: application/octet-stream, as browsers do",
       ["RFC 7578 §4.4", "RFC 2046 §4.5.1", "WHATWG XHR FormData (a File with an empty type)"],
       [],
       [p("f", b"\x00\x01\x02\xff", filename="data.bin", content_type=OCTET)],
       producer="browsers, for a file whose type the system does not know",
       form=[field("f", b"\x00\x01\x02\xff", filename="data.bin")])
