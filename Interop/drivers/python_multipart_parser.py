"""python-multipart's own MultipartParser, without a framework on top: the parts as the library frames
them, each part's Content-Disposition read with the library's parse_options_header, as its FormParser
reads it (names and filenames as bytes, a header's value as sent).

Starlette (`starlette_form.py`) sits on this parser; the two rows tell which layer a reading comes from.
The parser's limits are its defaults. Errors it raises (MultipartParseError) are rejections; this
driver adds no rule of its own.
"""
from interop_contract import Rejected, part, serve
from python_multipart.exceptions import FormParserError
from python_multipart.multipart import MultipartParser, parse_options_header


def decode(content_type, body):
    _, parameters = parse_options_header(content_type)
    boundary = parameters.get(b"boundary")
    if not boundary:
        raise Rejected("no boundary parameter in the Content-Type")
    parts = []
    current = {}

    def on_part_begin():
        current.clear()
        current.update(headers=[], field=b"", value=b"", data=bytearray())

    def on_header_field(data, start, end):
        current["field"] += data[start:end]

    def on_header_value(data, start, end):
        current["value"] += data[start:end]

    def on_header_end():
        current["headers"].append((current["field"].lower(), current["value"]))
        current["field"], current["value"] = b"", b""

    def on_part_data(data, start, end):
        current["data"] += data[start:end]

    def on_part_end():
        headers = dict(current["headers"])
        _, options = parse_options_header(headers.get(b"content-disposition"))
        parts.append(part(options.get(b"name"), options.get(b"filename"), headers.get(b"content-type"), bytes(current["data"])))

    parser = MultipartParser(boundary, {
        "on_part_begin": on_part_begin, "on_header_field": on_header_field, "on_header_value": on_header_value,
        "on_header_end": on_header_end, "on_part_data": on_part_data, "on_part_end": on_part_end,
    })
    try:
        parser.write(body)
        parser.finalize()
    except FormParserError as error:
        raise Rejected("%s: %s" % (type(error).__name__, error)) from None
    return parts


serve(decode)
