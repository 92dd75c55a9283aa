# @@TITLE@@
# Tested with @@VERSION@@.  Run: python3 repro.py
from email.parser import BytesParser
from email.policy import HTTP

CONTENT_TYPE = @@CONTENT_TYPE@@
BODY = @@BODY@@

message = BytesParser(policy=HTTP).parsebytes(b"Content-Type: " + CONTENT_TYPE.encode("latin-1") + b"\r\n\r\n" + BODY)
print(f"multipart: {message.is_multipart()}, defects: {message.defects}")
parts = list(message.iter_parts())
print(f"{len(parts)} part(s)")
for index, item in enumerate(parts):
    name = item.get_param("name", header="content-disposition")
    print(f"part {index}: disposition={item.get_content_disposition()!r} name={name!r} filename={item.get_filename()!r} "
          f"content_type={item.get('Content-Type')!r} defects={item.defects} body={item.get_payload(decode=True)!r}")
