# @@TITLE@@
# Tested with @@VERSION@@.  Run: pip install multipart && python3 repro.py
import io

from multipart import MultipartParser, parse_options_header

CONTENT_TYPE = @@CONTENT_TYPE@@
BODY = @@BODY@@

_, options = parse_options_header(CONTENT_TYPE)
parser = MultipartParser(io.BytesIO(BODY), options["boundary"], content_length=len(BODY), charset="utf8")
parts = list(parser)
for index, part in enumerate(parts):
    content_type = next((value for key, value in part.headerlist if key.lower() == "content-type"), None)
    print(f"part {index}: name={part.name!r} filename={part.filename!r} content_type={content_type!r} body={part.raw!r}")
print(f"{len(parts)} part(s)")
