"""Werkzeug's form parser, as Flask applications read `request.form` and `request.files`.

Fields and files come back in two dictionaries, so the order between a field and a file is not
known; text fields are `str` (UTF-8, invalid bytes replaced) without their Content-Type. Flask parses
with `silent=True`, which turns the errors reported here as rejections into an empty form.
Rejections are Werkzeug's ValueError and HTTPException (a 413 for a limit); this driver adds no
rule of its own.
"""
import io

from interop_contract import Rejected, part, serve
from werkzeug.exceptions import HTTPException
from werkzeug.formparser import parse_form_data


def decode(content_type, body):
    environ = {
        "REQUEST_METHOD": "POST",
        "CONTENT_TYPE": content_type,
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
    }
    try:
        _, form, files = parse_form_data(environ, silent=False)
    except (ValueError, HTTPException) as error:
        raise Rejected(str(error)) from None
    parts = [part(name, None, None, value) for name, value in form.items(multi=True)]
    for name, upload in files.items(multi=True):
        parts.append(part(name, upload.filename, upload.headers.get("Content-Type"), upload.read()))
    return parts


serve(decode)
