"""structure: parts, order, preamble, epilogue, zero parts, truncation."""
from vectorgen import B, CT, DELIM, at, close, d, file_part, offset_of, p, part, vector

CLOSE = b"--AaB03x--"
CD_A = b'Content-Disposition: form-data; name="a"\r\n'

S_FRAMING = "RFC 2046 §5.1.1"

ACCEPT_PREAMBLE = ("RFC 2046 §5.1.1: the preamble is to be ignored by receivers "
                   "(multipart-body := [preamble CRLF] dash-boundary ...)")
REJECT_PREAMBLE = ("WHATWG Fetch multipart/form-data parser (draft) and WPT formdata-parsing: the body must "
                   "start with \"--\" and the boundary; any byte before it is a parse failure")


body = part("a", "1") + close()
vector("structure/y-single-field", body,
       "one text field, framed exactly as browsers frame it",
       ["RFC 7578 §4", "RFC 2046 §5.1.1"],
       [], [p("a", "1")])

# ---------------------------------------------------------------------------------------------
# Parts: order, duplicates, fields and files
# ---------------------------------------------------------------------------------------------

body = part("a", "1") + part("b", "2") + part("c", "3") + close()
vector("structure/y-fields-in-order", body,
       "three fields a, b, c: decoded in body order",
       ["RFC 7578 §5.2", "RFC 2046 §5.1.1"],
       [], [p("a", "1"), p("b", "2"), p("c", "3")])

body = part("b", "2") + part("a", "1") + close()
vector("structure/y-fields-reverse-order", body,
       "fields b then a: order is the body's, not alphabetical",
       ["RFC 7578 §5.2"],
       [], [p("b", "2"), p("a", "1")])

body = part("a", "1") + part("a", "2") + part("a", "1") + close()
vector("structure/y-duplicate-names", body,
       "three parts named a (two with equal values): each is its own entry, never coalesced",
       ["RFC 7578 §5.2", "RFC 7578 §4.3"],
       [d("name-duplicate", 67)], [p("a", "1"), p("a", "2"), p("a", "1")])

body = (part("title", "Report") + file_part("file", "r.txt", "text/plain", "hello\r\n")
        + file_part("file", "r.bin", "application/octet-stream", b"\x00\x01\xff") + part("tag", "x") + close())
vector("structure/y-fields-and-files", body,
       "a field, two files under one name, and another field",
       ["RFC 7578 §4.2", "RFC 7578 §4.3", "RFC 7578 §4.4"],
       [d("name-duplicate", 186)], [p("title", "Report"), p("file", "hello\r\n", filename="r.txt", content_type="text/plain"),
            p("file", b"\x00\x01\xff", filename="r.bin", content_type="application/octet-stream"),
            p("tag", "x")])

body = part("a", "") + close()
vector("structure/y-empty-value", body,
       "an empty value: the blank line is directly followed by the delimiter's CRLF",
       [S_FRAMING],
       [], [p("a", "")])

body = part("a", "") + part("b", "") + close()
vector("structure/y-two-empty-values", body,
       "two empty values in a row",
       [S_FRAMING],
       [], [p("a", ""), p("b", "")])

value = b'Content-Disposition: form-data; name="b"\r\n\r\nx'
body = part("a", value) + close()
vector("structure/y-value-looks-like-a-part", body,
       "a value that looks like part headers, a blank line and a value: it is content",
       [S_FRAMING],
       [], [p("a", value)])

# ---------------------------------------------------------------------------------------------
# Preamble and epilogue
# ---------------------------------------------------------------------------------------------

body = b"This is the preamble.\r\n" + part("a", "1") + close()
vector("structure/i-preamble-text", body,
       "a line of text before the first delimiter",
       [S_FRAMING],
       [d("preamble-present", 0)],
       [p("a", "1")],
       outcomes=[{"outcome": "accept", "because": ACCEPT_PREAMBLE, "parts": [p("a", "1")]},
                 {"outcome": "reject", "because": REJECT_PREAMBLE}])

v0 = part("a", "1") + close()
body = v0 + b"This is the epilogue.\r\nIt is ignored.\r\n"
vector("structure/y-epilogue-text", body,
       "two lines of text after the close delimiter line",
       [S_FRAMING],
       [d("epilogue-present", len(v0))],
       [p("a", "1")])

body = v0 + part("admin", "1") + close()
vector("structure/y-epilogue-with-parts", body,
       "a complete second part and close delimiter after the close delimiter: epilogue, never parts",
       [S_FRAMING],
       [d("epilogue-present", len(v0)),
        d("epilogue-contains-delimiter", offset_of(body, DELIM, 1, expect=b"--")),
        d("epilogue-contains-delimiter", offset_of(body, CLOSE, 1, expect=b"--"))],
       [p("a", "1")])

body = v0 + close()
vector("structure/y-close-delimiter-twice", body,
       "the close delimiter line sent twice",
       [S_FRAMING],
       [d("epilogue-present", len(v0)),
        d("epilogue-contains-delimiter", len(v0))],
       [p("a", "1")])

# ---------------------------------------------------------------------------------------------
# Zero parts, empty body, missing first delimiter
# ---------------------------------------------------------------------------------------------

body = close()
vector("structure/i-close-delimiter-only", body,
       "a body that is only the close delimiter line (--AaB03x--): zero parts",
       [S_FRAMING, "RFC 7578 §4"],
       [d("zero-parts", 0)],
       [],
       outcomes=[{"outcome": "accept", "parts": [],
                  "because": "WHATWG HTML and WPT formdata-serializing: an empty FormData is serialised as "
                             "--boundary--CRLF and parsed back as an empty form"},
                 {"outcome": "reject",
                  "because": "RFC 2046 §5.1.1: multipart-body := [preamble CRLF] dash-boundary transport-padding "
                             "CRLF body-part *encapsulation close-delimiter ...; at least one body part is required"}],
       producer="browsers (empty FormData), undici, urllib3",
       form=[])

# The close delimiter first, then a whole part: RFC 2046 receivers read an empty form and stop;
# parsers that read on, or look for the first `--boundary` CRLF, find the file. Only the first
# delimiter line after the close delimiter is the error; the final close delimiter stays the
# epilogue warning.
FOO = (b'Content-Disposition: form-data; name="files"; filename="foo"\r\n'
       b"Content-Type: application/octet-stream\r\n\r\nhidden\r\n")
body = close() + b"\r\n" + DELIM + FOO + close()
vector("structure/n-close-delimiter-then-part", body,
       "the close delimiter first, then an empty line and a whole file part with its own close delimiter: "
       "RFC 2046 receivers see no part, parsers that read on see the file",
       [S_FRAMING],
       [d("zero-parts", 0), d("epilogue-present", len(close())),
        d("close-delimiter-before-parts", offset_of(body, DELIM, expect=b"--AaB03x\r\n")),
        d("epilogue-contains-delimiter", offset_of(body, CLOSE, 1, expect=b"--"))],
       [])

body = close() + DELIM + FOO + close()
vector("structure/n-close-delimiter-then-part-at-once", body,
       "the close delimiter first, then a whole file part right after its line, with its own close delimiter",
       [S_FRAMING],
       [d("zero-parts", 0), d("epilogue-present", len(close())),
        d("close-delimiter-before-parts", len(close())),
        d("epilogue-contains-delimiter", offset_of(body, CLOSE, 1, expect=b"--"))],
       [])

body = b"--AaB03x--\r\nignored\r\n--AaB03x\r\n" + CD_A + b"\r\n1\r\n"
vector("structure/n-close-delimiter-then-unclosed-part", body,
       "the close delimiter first, then text and a part that no close delimiter ends",
       [S_FRAMING],
       [d("zero-parts", 0), d("epilogue-present", len(close())),
        d("close-delimiter-before-parts", offset_of(body, DELIM, expect=b"--AaB03x\r\n"))],
       [])

vector("structure/n-empty-body", b"",
       "a zero-length body",
       [S_FRAMING],
       [d("body-empty", 0)])

body = CD_A + b"\r\n1\r\n" + close()
# The close delimiter is the only delimiter at a line start, so everything before it is preamble.
vector("structure/i-first-delimiter-missing", body,
       "a body that starts with the part's headers instead of the first delimiter",
       [S_FRAMING],
       [d("preamble-present", 0),
        d("zero-parts", offset_of(body, CLOSE, expect=b"--")), d("preamble-without-parts", offset_of(body, CLOSE, expect=b"--"))],
       [],
       outcomes=[{"outcome": "accept", "because": ACCEPT_PREAMBLE + "; the only delimiter is the close "
                                                  "delimiter, so the form is empty", "parts": []},
                 {"outcome": "reject", "because": REJECT_PREAMBLE}])

# The shape of python-multipart's test case bad_initial_boundary: the first delimiter line differs
# from the declared boundary by one letter, so it is preamble, and the parts are lost with it.
body = b"--AaB03y\r\n" + CD_A + b"\r\nThis is a test.\r\n" + close()
vector("structure/i-first-delimiter-misspelt", body,
       "the first delimiter line differs from the boundary by one letter, the close delimiter is right "
       "(the shape of python-multipart's test case bad_initial_boundary)",
       [S_FRAMING],
       [d("preamble-present", 0), d("zero-parts", offset_of(body, CLOSE, expect=b"--")),
        d("preamble-without-parts", offset_of(body, CLOSE, expect=b"--"))],
       [],
       outcomes=[{"outcome": "accept", "because": ACCEPT_PREAMBLE + "; the only delimiter is the close "
                                                  "delimiter, so the form is empty", "parts": []},
                 {"outcome": "reject", "because": REJECT_PREAMBLE}])

body = b"a=1&b=2"
vector("structure/n-urlencoded-body", body,
       "an application/x-www-form-urlencoded body sent as multipart/form-data: no delimiter at all",
       [S_FRAMING],
       [d("delimiter-not-found", 0)])

body = b"value" + CLOSE + b"\r\n"
vector("structure/n-only-misplaced-close", body,
       "the only dash-boundary in the body follows text on its line (value--AaB03x--)",
       [S_FRAMING],
       [d("delimiter-not-line-start", offset_of(body, CLOSE, expect=b"--"))])

# ---------------------------------------------------------------------------------------------
# Truncation and the close delimiter
# ---------------------------------------------------------------------------------------------

body = DELIM
# Judgement: the delimiter opens a part that the end of the body cuts off before its first byte:
# the finding is the missing close delimiter, not the headers of a part that never began (it is
# still counted and decoded as an empty part).
vector("structure/n-only-first-delimiter", body,
       "a body that is only the first delimiter line",
       [S_FRAMING],
       [d("close-delimiter-missing", len(body))])

body = part("a", "1")
vector("structure/n-no-close", body,
       "one part and no close delimiter; the final CRLF is content, since no delimiter follows it",
       [S_FRAMING],
       [d("close-delimiter-missing", len(body))],
       [p("a", "1\r\n")])

body = DELIM + CD_A + b"\r\n1"
vector("structure/n-no-close-no-crlf", body,
       "one part whose value runs to the end of the body",
       [S_FRAMING],
       [d("close-delimiter-missing", len(body))],
       [p("a", "1")])

body = part("a", "1") + DELIM
vector("structure/n-ends-after-delimiter", body,
       "a part, then a delimiter line and the end of the body (the close delimiter missing, not a part's headers)",
       [S_FRAMING],
       [d("close-delimiter-missing", len(body))],
       [p("a", "1"), p(None, "")])

body = part("a", "1") + CLOSE
vector("structure/y-close-without-final-crlf", body,
       "the body ends right after --AaB03x--, without the final CRLF",
       [S_FRAMING],
       [d("close-delimiter-no-final-crlf", len(body))],
       [p("a", "1")],
       producer="old Flash and Java clients; hand-written encoders")

body = part("a", "1") + b"--AaB03x-\r\n"
vector("structure/n-close-single-dash", body,
       "a close delimiter with one dash (--AaB03x-)",
       [S_FRAMING],
       [d("close-delimiter-junk", offset_of(body, b"--AaB03x-\r\n", plus=8, expect=b"-\r\n"))],
       [p("a", "1")])

body = part("a", "1") + b"--AaB03x--junk\r\n"
vector("structure/n-close-junk", body,
       "text after the close delimiter's -- on its line (--AaB03x--junk)",
       [S_FRAMING],
       [d("close-delimiter-junk", offset_of(body, b"junk", expect=b"j"))],
       [p("a", "1")])

body = part("a", "1") + b"--AaB03x-- x\r\n"
vector("structure/n-close-padding-then-junk", body,
       "a space and then text after the close delimiter's --",
       [S_FRAMING],
       [d("transport-padding", offset_of(body, b"-- x", plus=2, expect=b" ")),
        d("close-delimiter-junk", offset_of(body, b"-- x", plus=3, expect=b"x"))],
       [p("a", "1")])

# ---------------------------------------------------------------------------------------------
# Header sections: absent, empty, unterminated
# ---------------------------------------------------------------------------------------------

body = DELIM + b"\r\n" + b"value\r\n" + close()
vector("structure/n-part-without-headers", body,
       "the only part has no header fields: the delimiter line is followed by the blank line",
       [S_FRAMING, "RFC 7578 §4.2"],
       [d("content-disposition-missing", len(DELIM))],
       [p(None, "value")])

body = DELIM + CD_A + b"\r\n" + close()
vector("structure/i-part-body-absent", body,
       "the blank line after the headers is also the close delimiter's CRLF: a part with no body section",
       [S_FRAMING],
       [d("part-body-absent", offset_of(body, CLOSE, expect=b"--"))],
       [p("a", "")],
       outcomes=[{"outcome": "accept", "parts": [p("a", "")],
                  "because": "RFC 2046 §5.1.1: body-part := MIME-part-headers [CRLF *OCTET]; the body section "
                             "is optional, so the part's value is empty"},
                 {"outcome": "reject",
                  "because": "WHATWG Fetch multipart/form-data parser (draft): after the headers and their "
                             "CRLF CRLF the value runs to the next CRLF and delimiter, which this body does "
                             "not have"}])

body = DELIM + CD_A + b"1\r\n" + close()
vector("structure/n-headers-unterminated", body,
       "no blank line after the headers: the value line is read as a header line and the close delimiter ends the headers",
       [S_FRAMING, "RFC 5322 §2.1"],
       [d("header-missing-colon", offset_of(body, b"\r\n1\r\n", plus=2, expect=b"1")),
        d("part-headers-unterminated", offset_of(body, CLOSE, expect=b"--"))],
       [p("a", "")])

body = DELIM + CD_A + part("b", "2") + close()
vector("structure/n-headers-unterminated-before-delimiter", body,
       "a part whose header section is directly followed by the next delimiter line",
       [S_FRAMING, "RFC 5322 §2.1"],
       [d("part-headers-unterminated", offset_of(body, DELIM, 1, expect=b"--"))],
       [p("a", ""), p("b", "2")])

# ---------------------------------------------------------------------------------------------
# Examples from the RFCs
# ---------------------------------------------------------------------------------------------

# RFC 7578 §4.6 as printed: the middle delimiter is a close delimiter (--AaB03x--) and the last line
# lacks its leading dashes (AaB03x--), so field1 falls into the epilogue.
body = (b"--AaB03x\r\n"
        b'content-disposition: form-data; name="_charset_"\r\n'
        b"\r\n"
        b"iso-8859-1\r\n"
        b"--AaB03x--\r\n"
        b'content-disposition: form-data; name="field1"\r\n'
        b"\r\n"
        b"...text encoded in iso-8859-1 ...\r\n"
        b"AaB03x--\r\n")
vector("structure/y-rfc7578-4-6-as-printed", body,
       "the RFC 7578 §4.6 _charset_ example byte for byte as printed (before erratum 4676): one part, then an epilogue",
       ["RFC 7578 §4.6", S_FRAMING],
       [d("epilogue-present", offset_of(body, b"--AaB03x--\r\n", plus=12, expect=b"content-disposition")), d("charset-field-not-utf8", 62)],
       [p("_charset_", "iso-8859-1")])

body = (b"--AaB03x\r\n"
        b'content-disposition: form-data; name="_charset_"\r\n'
        b"\r\n"
        b"iso-8859-1\r\n"
        b"--AaB03x\r\n"
        b'content-disposition: form-data; name="field1"\r\n'
        b"\r\n"
        b"Joe owes caf\xe9 100\r\n"
        b"--AaB03x--\r\n")
vector("structure/y-rfc7578-4-6-erratum-4676", body,
       "the RFC 7578 §4.6 example as corrected by erratum 4676, with field1 really in ISO-8859-1 (caf\\xe9)",
       ["RFC 7578 §4.6", "RFC 7578 §5.1.2"],
       [d("charset-field-not-utf8", 62)], [p("_charset_", "iso-8859-1"), p("field1", b"Joe owes caf\xe9 100")])

ct = 'multipart/form-data; boundary="simple boundary"'
pre = (b"This is the preamble.  It is to be ignored, though it\r\n"
       b"is a handy place for composition agents to include an\r\n"
       b"explanatory note to non-MIME conformant readers.\r\n")
v1 = b"This is implicitly typed plain US-ASCII text.\r\nIt does NOT end with a linebreak."
v2 = b"This is explicitly typed plain US-ASCII text.\r\nIt DOES end with a linebreak.\r\n"
body = (pre + b"\r\n"
        b"--simple boundary\r\n"
        b'Content-Disposition: form-data; name="a"\r\n'
        b"\r\n" + v1 + b"\r\n"
        b"--simple boundary\r\n"
        b"Content-type: text/plain; charset=us-ascii\r\n"
        b'Content-Disposition: form-data; name="b"\r\n'
        b"\r\n" + v2 + b"\r\n"
        b"--simple boundary--\r\n"
        b"\r\n"
        b"This is the epilogue.  It is also to be ignored.\r\n")
vector("structure/i-rfc2046-sample", body,
       "RFC 2046 §5.1.1's sample body (preamble, two parts, epilogue) with Content-Disposition added to each part",
       [S_FRAMING, "RFC 7578 §4.2"],
       [d("boundary-quoted", ct.index('"'), "content-type"),
        d("preamble-present", 0),
        d("field-content-type-present", offset_of(body, b"Content-type", expect=b"Content-type")),
        d("epilogue-present", offset_of(body, b"--simple boundary--\r\n", plus=21,
                                  expect=b"\r\nThis is the epilogue.")), d("header-name-case", 326)],
       [p("a", v1), p("b", v2, content_type="text/plain; charset=us-ascii")],
       content_type=ct,
       outcomes=[{"outcome": "accept", "because": ACCEPT_PREAMBLE + "; the epilogue likewise",
                  "parts": [p("a", v1), p("b", v2, content_type="text/plain; charset=us-ascii")]},
                 {"outcome": "reject", "because": REJECT_PREAMBLE}])

# ---------------------------------------------------------------------------------------------
# Parts cut off inside their headers: nothing about a body that is not there (found by fuzzing)
# ---------------------------------------------------------------------------------------------

body = (b'--AaB03x\r\nContent-Disposition: form-data; name="m"\r\nContent-Type: multipart/mixed; boundary=BbC04y\r\n'
        + close())
vector("structure/n-nested-part-headers-unterminated", body,
       "a multipart/mixed part whose headers end at the close delimiter: no body, so no nested body to report on",
       [S_FRAMING, "RFC 7578 §4.3"],
       [d("nested-multipart", at(body, b"multipart/mixed")),
        d("part-headers-unterminated", at(body, b"--AaB03x--"))],
       [p("m", b"", content_type="multipart/mixed; boundary=BbC04y")])

body = (b'--AaB03x\r\nContent-Disposition: form-data; name="_charset_"\r\n'
        + part("a", "1") + close())
vector("structure/n-charset-field-headers-unterminated", body,
       "a _charset_ part cut off by the next delimiter before its blank line: it has no value to name a charset",
       [S_FRAMING, "RFC 7578 §4.6"],
       [d("part-headers-unterminated", at(body, b"--AaB03x", nth=1))],
       [p("_charset_", b""), p("a", "1")])
