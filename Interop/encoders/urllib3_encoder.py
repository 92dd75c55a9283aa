"""urllib3: `urllib3.encode_multipart_formdata` over `RequestField`s, with the boundary it is given.

Fields are given the way urllib3's documentation shows: a text field as `(name, value)`, a file as
`(name, (filename, data))` or `(name, (filename, data, type))` (without a type, urllib3 guesses one
from the filename); a typed field without a filename, which a tuple cannot say, as a `RequestField`
with `make_multipart(content_type=...)`. urllib3 takes a boundary, so the given one is used.

What the API cannot say: nothing; every form of the contract can be written.
"""
from urllib3 import encode_multipart_formdata
from urllib3.fields import RequestField

from encoder_contract import serve


def encode(fields, boundary):
    request_fields = []
    for field in fields:
        if field.filename is None and field.content_type is not None:
            request_field = RequestField(field.name, field.value)
            request_field.make_multipart(content_type=field.content_type)
            request_fields.append(request_field)
        elif field.filename is None:
            request_fields.append((field.name, field.value))
        elif field.content_type is None:
            request_fields.append((field.name, (field.filename, field.value)))
        else:
            request_fields.append((field.name, (field.filename, field.value, field.content_type)))
    body, content_type = encode_multipart_formdata(request_fields, boundary=boundary)
    return content_type, body


serve(encode)
