"""PHP's curl extension (`CURLOPT_POSTFIELDS` with an array, `CURLStringFile` for files), driven by
php_curl.php and captured by a loopback listener.

What the API cannot say: two fields with one name (the fields are the keys of a PHP array), a media
type on a field without a filename (a text field is a plain string), and an empty form (an empty
array sends no multipart body). A file without a type is given CURLStringFile's own default,
`application/octet-stream`.
"""
import base64
import json
import os
import subprocess

from encoder_contract import Unsayable, serve
from loopback_capture import capture

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "php_curl.php")


def encode(fields, boundary):
    if not fields:
        raise Unsayable("an empty array sends no multipart body")
    request = {"fields": []}
    for field in fields:
        entry = {"name": field.name, "value_base64": base64.b64encode(field.value_bytes).decode("ascii")}
        if field.filename is not None:
            entry["filename"] = field.filename
            if field.content_type is not None:
                entry["content_type"] = field.content_type
        elif field.content_type is not None:
            raise Unsayable("a text field is a plain string, which has no media type")
        request["fields"].append(entry)

    def send(url):
        completed = subprocess.run(["php", SCRIPT, url], input=json.dumps(request).encode(), capture_output=True)
        if completed.returncode != 0:
            raise RuntimeError("php failed (%d): %s" % (completed.returncode, completed.stderr.decode(errors="replace").strip()))

    return capture(send)


serve(encode)
