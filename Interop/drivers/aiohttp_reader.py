"""aiohttp's `MultipartReader`, reading each part as `Request.post()` does (transfer encodings decoded).

aiohttp reports malformed bodies with ValueError, RuntimeError, LookupError (an unknown encoding)
or its HTTP errors (HttpProcessingError, answered 400): all are rejections here. One rule is this
driver's, taken from `Request.post()`: a part that is itself multipart is rejected, since post()
raises ValueError for it. Nothing else turns a reading into a rejection.
"""
import asyncio

from aiohttp import BodyPartReader, MultipartReader, StreamReader
from aiohttp.http_exceptions import HttpProcessingError
from interop_contract import Rejected, part, serve


class _Protocol:
    _reading_paused = False

    def pause_reading(self, *args, **kwargs):
        pass

    def resume_reading(self, *args, **kwargs):
        pass


def decode(content_type, body):
    async def parse():
        stream = StreamReader(_Protocol(), 2**16, loop=asyncio.get_running_loop())
        stream.feed_data(body)
        stream.feed_eof()
        try:
            reader = MultipartReader({"Content-Type": content_type}, stream)
            parts = []
            while (field := await reader.next()) is not None:
                if not isinstance(field, BodyPartReader):
                    raise Rejected("a nested multipart part (Request.post() raises ValueError)")
                content = await field.read(decode=True)
                parts.append(part(field.name, field.filename, field.headers.get("Content-Type"), content))
            return parts
        except (ValueError, RuntimeError, LookupError, HttpProcessingError) as error:
            raise Rejected("%s: %s" % (type(error).__name__, error)) from None

    return asyncio.run(parse())


serve(decode)
