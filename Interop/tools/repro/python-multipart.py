# @@TITLE@@
# Tested with @@VERSION@@.  Run: pip install python-multipart && python3 repro.py
from python_multipart.multipart import MultipartParser, parse_options_header

CONTENT_TYPE = @@CONTENT_TYPE@@
BODY = @@BODY@@

# The library's own parser, no framework on top; each part's Content-Disposition read with the
# library's parse_options_header, as its FormParser reads it.
_, parameters = parse_options_header(CONTENT_TYPE)
parts, current = [], {}
callbacks = {
    "on_part_begin": lambda: current.update(headers={}, field=b"", value=b"", data=b""),
    "on_header_field": lambda data, start, end: current.update(field=current["field"] + data[start:end]),
    "on_header_value": lambda data, start, end: current.update(value=current["value"] + data[start:end]),
    "on_header_end": lambda: current.update(headers={**current["headers"], current["field"].lower(): current["value"]},
                                            field=b"", value=b""),
    "on_part_data": lambda data, start, end: current.update(data=current["data"] + data[start:end]),
    "on_part_end": lambda: parts.append(dict(current)),
}
parser = MultipartParser(parameters[b"boundary"], callbacks)
parser.write(BODY)
parser.finalize()
for index, found in enumerate(parts):
    _, options = parse_options_header(found["headers"].get(b"content-disposition"))
    print(f"part {index}: name={options.get(b'name')!r} filename={options.get(b'filename')!r} "
          f"content_type={found['headers'].get(b'content-type')!r} body={found['data']!r}")
print(f"{len(parts)} part(s)")
