"""requests-toolbelt's MultipartEncoder, the streaming encoder requests users reach for: a list of
`(name, value)` fields, a file as `(name, (filename, bytes, content_type))`, and a typed field without
a filename as `(name, (None, value, content_type))`; the given boundary is passed as `boundary=`.
`to_string()` is the body and `content_type` the answer's Content-Type. Text values are given as
strings, and values that are not UTF-8 as bytes, which the encoder writes as they are.

What the API cannot say: nothing; every form of the contract can be written.
"""
from requests_toolbelt.multipart.encoder import MultipartEncoder

from encoder_contract import serve


def encode(fields, boundary):
    entries = []
    for field in fields:
        if field.filename is None and field.content_type is None:
            entries.append((field.name, field.value))
        else:
            entries.append((field.name, (field.filename, field.value_bytes, field.content_type)))
    encoder = MultipartEncoder(fields=entries, boundary=boundary)
    return encoder.content_type, encoder.to_string()


serve(encode)
