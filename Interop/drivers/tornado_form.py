"""Tornado's form parser, as a `RequestHandler` reads `self.request.body_arguments` and `self.request.files`.

The application-facing call is `HTTPServerRequest._parse_body()`, which Tornado runs before a handler
(`RequestHandler._execute`) and which calls `httputil.parse_body_arguments` with Tornado's default
limits. Text fields and files come back in two dictionaries keyed by name, so the order between
names is not reported, nor a text field's Content-Type; values are bytes. A file part without a
Content-Type is given `application/unknown` by Tornado, and reported so. `HTTPInputError` is what
Tornado answers with 400 Bad Request: a rejection. The driver adds no rule of its own.
"""
from interop_contract import Rejected, part, serve
from tornado.httputil import HTTPHeaders, HTTPInputError, HTTPServerRequest, RequestStartLine


def decode(content_type, body):
    request = HTTPServerRequest(start_line=RequestStartLine("POST", "/upload", "HTTP/1.1"),
                                headers=HTTPHeaders({"Host": "127.0.0.1", "Content-Type": content_type}), body=body)
    try:
        request._parse_body()
    except HTTPInputError as error:
        raise Rejected(str(error)) from None
    parts = [part(name, None, None, value) for name, values in request.body_arguments.items() for value in values]
    for name, uploads in request.files.items():
        parts += [part(name, upload.filename, upload.content_type, upload.body) for upload in uploads]
    return parts


serve(decode)
