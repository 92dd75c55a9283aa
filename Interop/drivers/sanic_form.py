"""Sanic's form parser, as a handler reads `request.form` and `request.files`.

The application-facing call is `Request.get_form()` (behind `request.form` and `request.files`):
it reads the media type and boundary with `sanic.headers.parse_content_header` and splits the body
with `sanic.request.form.parse_multipart_form`. This driver makes the same two calls in the same
way, since a `Request` cannot be built without a running application. Sanic never rejects a body:
when parsing raises, `get_form` logs the exception and the form is empty, so that is reported as
an accepted body with no parts. A part without a `name` is dropped by Sanic. Text fields and files
come in two dictionaries keyed by name (the order between names is not reported, nor a text
field's Content-Type); a text field is decoded with its part's charset (UTF-8 by default) and
reported as that string. A file part without a Content-Type is given `text/plain` by Sanic.
"""
from interop_contract import part, serve
from sanic.headers import parse_content_header
from sanic.request.form import parse_multipart_form


def decode(content_type, body):
    media_type, parameters = parse_content_header(content_type)
    if media_type != "multipart/form-data":
        return []
    try:
        fields, files = parse_multipart_form(body, parameters["boundary"].encode("utf-8"))
    except Exception:  # get_form logs "Failed when parsing form" and leaves the form empty
        return []
    parts = [part(name, None, None, value) for name, values in fields.items() for value in values]
    for name, uploads in files.items():
        parts += [part(name, upload.name, upload.type, upload.body) for upload in uploads]
    return parts


serve(decode)
