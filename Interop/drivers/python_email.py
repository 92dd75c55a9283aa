"""Python's standard `email` package (policy HTTP) read as a multipart/form-data parser.

The email package never rejects a body: whatever it is given, it returns a message, and records
what it found wrong as `defects` on the message and on each part. Every rejection in this row's
results is therefore this driver's own rule, each taken from what the package reports:

1. the message is not multipart (no boundary, or not a multipart type): rejected;
2. the message has any defect (a missing start or end boundary, bytes it could not place): rejected;
3. a part has any defect (a malformed header line, say): rejected;
4. a part's Content-Disposition is not `form-data`: rejected.

An application that ignored the defects would accept every body these rules reject, with whatever
parts the package made of it. Values are the decoded payloads (`get_payload(decode=True)`).
"""
from email.parser import BytesParser
from email.policy import HTTP

from interop_contract import Rejected, part, serve


def decode(content_type, body):
    head = b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n"
    message = BytesParser(policy=HTTP).parsebytes(head + body)
    if not message.is_multipart() or message.defects:
        raise Rejected("not a well-formed multipart body: %s" % (message.defects or "no parts"))
    parts = []
    for item in message.iter_parts():
        if item.get_content_disposition() != "form-data" or item.defects:
            raise Rejected("a part is not form-data or is malformed")
        name = item.get_param("name", header="content-disposition")
        parts.append(part(name, item.get_filename(), item.get("Content-Type"), item.get_payload(decode=True) or b""))
    return parts


serve(decode)
