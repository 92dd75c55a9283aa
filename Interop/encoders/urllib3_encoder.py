"""urllib3: `urllib3.encode_multipart_formdata` over `RequestField`s, with the boundary it is given.

Each field becomes `RequestField(name, data, filename)`, `make_multipart(content_type=...)`; a text
field without a type gets `make_multipart()` with urllib3's defaults. urllib3 takes a boundary, so
the given one is used.

What the API cannot say: nothing; every form of the contract can be written.
"""
from urllib3 import encode_multipart_formdata
from urllib3.fields import RequestField

from encoder_contract import serve


def encode(fields, boundary):
    request_fields = []
    for field in fields:
        request_field = RequestField(field.name, field.value, filename=field.filename)
        request_field.make_multipart(content_type=field.content_type)
        request_fields.append(request_field)
    body, content_type = encode_multipart_formdata(request_fields, boundary=boundary)
    return content_type, body


serve(encode)
