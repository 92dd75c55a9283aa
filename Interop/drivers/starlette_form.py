"""Starlette's form parser (built on python-multipart), as FastAPI applications read `await request.form()`.

Text fields come back as `str` (decoded as UTF-8, invalid bytes replaced), so they are sent as that
string's UTF-8; the form does not keep a text field's Content-Type. Starlette turns its own limit
errors into MultiPartException (a 400); python-multipart's parse errors (FormParserError) escape
Starlette uncaught (a 500 in the application). Both are reported here as rejections; this driver
adds no rule of its own.
"""
import asyncio

from interop_contract import Rejected, part, serve
from python_multipart.exceptions import FormParserError
from starlette.datastructures import Headers, UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser


def decode(content_type, body):
    async def stream():
        yield body
        yield b""

    async def parse():
        try:
            form = await MultiPartParser(Headers({"content-type": content_type}), stream()).parse()
        except MultiPartException as error:
            raise Rejected(error.message) from None
        except FormParserError as error:
            raise Rejected("%s (uncaught by Starlette): %s" % (type(error).__name__, error)) from None
        parts = []
        for name, value in form.multi_items():
            if isinstance(value, UploadFile):
                parts.append(part(name, value.filename, value.content_type, await value.read()))
            else:
                parts.append(part(name, None, None, value))
        return parts

    return asyncio.run(parse())


serve(decode)
