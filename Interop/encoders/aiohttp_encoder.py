"""aiohttp: `aiohttp.FormData` with `add_field`, serialised by its multipart payload into memory.

Each field is `add_field(name, value, content_type=..., filename=...)` on a
`FormData(default_to_multipart=True)` (without that flag a form of text fields is sent URL-encoded);
the multipart payload is made by calling the FormData, as a request does, and written into an
in-memory writer; nothing is sent. FormData has no public way to set the boundary, so aiohttp's
own choice is graded.

What the API cannot say: nothing; every form of the contract can be written.
"""
import asyncio

import aiohttp

from encoder_contract import serve


class Collect:
    """The smallest stream writer an aiohttp payload writes to."""

    def __init__(self):
        self.data = bytearray()

    async def write(self, chunk):
        self.data += chunk


def encode(fields, boundary):
    async def run():
        form = aiohttp.FormData(default_to_multipart=True)
        for field in fields:
            form.add_field(field.name, field.value, content_type=field.content_type, filename=field.filename)
        payload = form()
        sink = Collect()
        await payload.write(sink)
        return payload.content_type, bytes(sink.data)

    return asyncio.run(run())


serve(encode)
