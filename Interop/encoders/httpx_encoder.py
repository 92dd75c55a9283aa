"""HTTPX: a `httpx.Request("POST", ..., files=[...])`, its content read without sending it.

Every field goes through `files=` as a list so that the form order is kept (`data=` fields are
written before `files=`): `(name, (filename, value, content_type))`, with `None` as filename for a
text field. HTTPX chooses its own boundary unless the Content-Type header names one; the driver does
not set headers, so the library's own choice is graded.

What the API cannot say: an empty form (with no field HTTPX sends no multipart body).
"""
import httpx

from encoder_contract import serve


def encode(fields, boundary):
    files = [(field.name, (field.filename, field.value, field.content_type)) for field in fields]
    request = httpx.Request("POST", "http://127.0.0.1/", files=files)
    return request.headers["Content-Type"], request.read()


serve(encode)
