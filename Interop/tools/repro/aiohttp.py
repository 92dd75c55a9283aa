# @@TITLE@@
# Tested with @@VERSION@@.  Run: pip install aiohttp && python3 repro.py
import asyncio

from aiohttp import MultipartReader, StreamReader

CONTENT_TYPE = @@CONTENT_TYPE@@
BODY = @@BODY@@


class Protocol:
    """Just enough of a transport protocol for a StreamReader fed by hand."""

    _reading_paused = False

    def pause_reading(self, *args, **kwargs):
        pass

    def resume_reading(self, *args, **kwargs):
        pass


async def main():
    stream = StreamReader(Protocol(), 2**16, loop=asyncio.get_running_loop())
    stream.feed_data(BODY)
    stream.feed_eof()
    # Each part read as Request.post() reads it, transfer encodings decoded.
    reader = MultipartReader({"Content-Type": CONTENT_TYPE}, stream)
    index = 0
    while (part := await reader.next()) is not None:
        content = await part.read(decode=True)
        print(f"part {index}: name={part.name!r} filename={part.filename!r} content_type={part.headers.get('Content-Type')!r} body={bytes(content)!r}")
        index += 1
    print(f"{index} part(s)")


asyncio.run(main())
