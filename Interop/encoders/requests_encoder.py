"""Python requests: a prepared POST with every field passed through `files=` as a list.

`files=[(name, (filename, value, content_type))]` keeps the fields in form order (fields given as
`data=` are always written before `files=`), so a text field is `(name, (None, value))`: requests
then writes no filename. The body and its Content-Type come from `Request(...).prepare()`; nothing
is sent. requests chooses its own boundary and cannot be given one.

What the API cannot say: an empty form (with no field, requests sends no multipart body at all).
"""
import requests

from encoder_contract import serve


def encode(fields, boundary):
    files = [(field.name, (field.filename, field.value, field.content_type)) if field.content_type is not None
             else (field.name, (field.filename, field.value)) for field in fields]
    prepared = requests.Request("POST", "http://127.0.0.1/", files=files).prepare()
    return prepared.headers["Content-Type"], prepared.body


serve(encode)
