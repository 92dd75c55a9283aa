"""WebOb's `Request.POST` (Pyramid, TurboGears), which reads a multipart body with the standard
library's `cgi.FieldStorage` (WebOb's `cgi_FieldStorage` subclass).

Every part comes back in a MultiDict in body order: a text field as a `str` (decoded as UTF-8 with
errors replaced... as WebOb's request charset does), a file as a `FieldStorage` with its filename,
type and bytes. A text field's Content-Type is not reported. `cgi.FieldStorage` raises `ValueError`
for bodies it cannot read (an invalid boundary, too many fields): a rejection. The driver adds no
rule of its own.
"""
import io
import warnings

warnings.simplefilter("ignore", DeprecationWarning)  # the cgi module is deprecated in Python 3.11

from interop_contract import Rejected, part, serve
from webob import Request


def decode(content_type, body):
    request = Request.blank("/upload", method="POST", content_type=content_type, body=body)
    request.environ["CONTENT_TYPE"] = content_type
    request.environ["wsgi.input"] = io.BytesIO(body)
    try:
        form = request.POST
    except ValueError as error:
        raise Rejected(str(error)) from None
    parts = []
    for name, value in form.items():
        if hasattr(value, "filename"):
            parts.append(part(name, value.filename, value.type if "content-type" in value.headers else None, value.value))
        else:
            parts.append(part(name, None, None, value))
    return parts


serve(decode)
