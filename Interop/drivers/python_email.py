"""Python's standard `email` package (policy HTTP) read as a multipart/form-data parser."""
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
