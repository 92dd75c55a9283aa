"""libsoup 3's SoupMultipart (Debian's libsoup-3.0), as a GNOME application builds a form body:
soup_multipart_new("multipart/form-data"), soup_multipart_append_form_string(name, value) for a text
field, soup_multipart_append_form_file(name, filename, media type, bytes) for a file (with a NULL
filename for a typed field or a value that a C string cannot hold), then soup_multipart_to_message,
whose Content-Type header and body are the answer. The C program (encoders/c/soup_encoder.c, built
by setup.sh) does the calls; this driver hands it the form. libsoup chooses its own boundary.

What the API cannot say: nothing; every form of the contract can be written.
"""
import os
import subprocess

from encoder_contract import serve

PROGRAM = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".build", "c", "soup-encoder")


def item(value):
    if value is None:
        return b"N"
    data = value.encode("utf-8") if isinstance(value, str) else value
    return b"S%d:" % len(data) + data


def encode(fields, boundary):
    request = b"".join(item(f.name) + item(f.filename) + item(f.content_type) + item(f.value_bytes) for f in fields)
    completed = subprocess.run([PROGRAM], input=request, capture_output=True, check=True)
    content_type, _, body = completed.stdout.partition(b"\n")
    return content_type.decode("latin-1"), body


serve(encode)
