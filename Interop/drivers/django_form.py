"""Django's `MultiPartParser`, as views read `request.POST` and `request.FILES` (default settings).

Fields and files come back in two dictionaries, so the order between a field and a file is not
known; text fields are `str` without their Content-Type; filenames are the sanitised names Django
gives (`UploadedFile.name`), and a file's Content-Type is its media type and charset alone.
Rejections are what the parser raises and Django answers with a 400: MultiPartParserError,
SuspiciousOperation (its limits) and ValueError; this driver adds no rule of its own.
"""
import io

import django
from django.conf import settings

settings.configure(DEFAULT_CHARSET="utf-8")
django.setup()

from django.core.exceptions import SuspiciousOperation  # noqa: E402
from django.core.files.uploadhandler import MemoryFileUploadHandler, TemporaryFileUploadHandler  # noqa: E402
from django.http.multipartparser import MultiPartParser, MultiPartParserError  # noqa: E402
from interop_contract import Rejected, part, serve  # noqa: E402


def _media_type(upload):
    # Django keeps the media type and its charset apart and drops any other parameter.
    if upload.charset:
        return "%s; charset=%s" % (upload.content_type, upload.charset)
    return upload.content_type


def decode(content_type, body):
    meta = {"CONTENT_TYPE": content_type, "CONTENT_LENGTH": str(len(body))}
    handlers = [MemoryFileUploadHandler(), TemporaryFileUploadHandler()]
    try:
        post, files = MultiPartParser(meta, io.BytesIO(body), handlers, "utf-8").parse()
    except (MultiPartParserError, SuspiciousOperation, ValueError) as error:
        raise Rejected("%s: %s" % (type(error).__name__, error)) from None
    parts = [part(name, None, None, value) for name, values in post.lists() for value in values]
    for name, uploads in files.lists():
        for upload in uploads:
            parts.append(part(name, upload.name, _media_type(upload), upload.read()))
    return parts


serve(decode)
