"""Rust's multer (the parser behind axum's `Multipart` extractor and warp's form filter), through
the `pymulter` bindings.

The application-facing calls mirror multer's: `parse_boundary(content_type)`, then a parser fed the
whole body and closed, then `next_field()` until it returns None, reading each field's chunks.
multer reports every part in order with its name, filename and Content-Type; a part whose
Content-Disposition has no `name` comes back with an empty name from the bindings, reported as an
empty name. Any exception from `parse_boundary`, `feed` or `next_field` is multer's error (axum
answers 400): a rejection. The driver adds no rule of its own and sets no constraint (multer's
defaults: no size limits).
"""
import asyncio
import os
import sys

import pymulter

from interop_contract import Rejected, part, serve


def decode(content_type, body):
    async def read():
        parser = pymulter.MultipartParser(pymulter.parse_boundary(content_type))
        await parser.feed(body)
        await parser.close()
        parts = []
        while True:
            field = await parser.next_field()
            if field is None:
                return parts
            data = bytearray()
            async for chunk in field:
                data += chunk
            parts.append(part(field.name, field.filename, field.content_type, bytes(data)))

    try:
        return asyncio.run(read())
    except Exception as error:  # pymulter raises multer's errors as plain exceptions
        raise Rejected("%s: %s" % (type(error).__name__, error)) from None


serve(decode)
# The bindings' runtime panics while the interpreter shuts down, after the answer is written.
sys.stdout.flush()
os._exit(0)
