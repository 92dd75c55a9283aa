"""The `multipart` package (Bottle's parser) through its `MultipartParser`; values are the raw bytes.

Rejections: MultipartError from the parser, and one rule of this driver's, made before the parser
runs because MultipartParser takes a boundary rather than a Content-Type: a Content-Type that
`parse_options_header` does not read as multipart/form-data with a non-empty boundary is rejected
(the package's own `parse_form_data` raises ParserError for a missing boundary, and gives an empty
form for another media type unless strict).
"""
import io

from interop_contract import Rejected, part, serve
from multipart import MultipartError, MultipartParser, parse_options_header


def _header(item, name):
    return next((value for key, value in item.headerlist if key.lower() == name), None)


def decode(content_type, body):
    media_type, options = parse_options_header(content_type)
    if media_type != "multipart/form-data" or not options.get("boundary"):
        raise Rejected("not multipart/form-data with a boundary")
    try:
        parser = MultipartParser(io.BytesIO(body), options["boundary"], content_length=len(body), charset="utf8")
        # `content_type` defaults to text/plain; the header as sent is in `headerlist`.
        return [part(item.name, item.filename, _header(item, "content-type"), item.raw) for item in parser]
    except MultipartError as error:
        raise Rejected(str(error)) from None


serve(decode)
