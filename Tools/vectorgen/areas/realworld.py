"""realworld: bodies shaped exactly as real producers write them, defects included."""
from vectorgen import at, d, p, vector

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
