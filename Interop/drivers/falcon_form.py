"""Falcon's multipart form handler, as a resource reads `req.get_media()` (a `MultipartForm`).

The application-facing call is `req.get_media()` on a WSGI `falcon.Request`, with Falcon's default
media handlers and `MultipartParseOptions`; the form is iterated part by part and each part's
`name`, `filename`, `content_type` and `data` are read, in body order. Falcon's HTTP errors
(`MediaMalformedError` and its `MultipartParseError`, `MediaNotFoundError`, and
`HTTPUnsupportedMediaType` for a media type it has no handler for) are what Falcon answers with a
4xx status: rejections. Anything else raised (a UnicodeDecodeError on header bytes that are not
UTF-8) is a crash.
A part's `content_type` is `text/plain` when the part has none, as Falcon gives it. The driver adds
no rule of its own.
"""
import falcon
import falcon.testing

from interop_contract import Rejected, part, serve


def decode(content_type, body):
    environ = falcon.testing.create_environ(path="/upload", method="POST", headers={"Content-Type": content_type}, body=body)
    request = falcon.Request(environ)
    try:
        parts = []
        for body_part in request.get_media():
            parts.append(part(body_part.name, body_part.filename, body_part.content_type, body_part.data))
        return parts
    except falcon.HTTPError as error:
        raise Rejected("%s: %s" % (error.title, error.description)) from None


serve(decode)
