# @@TITLE@@
# Tested with @@VERSION@@.  Run: pip install blacksheep && python3 repro.py
import asyncio

from blacksheep import Request, StreamedContent

CONTENT_TYPE = @@CONTENT_TYPE@@
BODY = @@BODY@@


async def main():
    # As a BlackSheep handler reads `await request.multipart()`.
    request = Request("POST", b"/upload", [(b"content-type", CONTENT_TYPE.encode("latin-1"))])

    async def chunks():
        yield BODY

    request.with_content(StreamedContent(CONTENT_TYPE.encode("latin-1"), chunks, len(BODY)))
    parts = await request.multipart() or []
    for index, part in enumerate(parts):
        print(f"part {index}: name={part.name!a} file_name={part.file_name!a} content_type={part.content_type!a} data={part.data!a}")
    print(f"{len(parts)} part(s)")


asyncio.run(main())
