# @@TITLE@@
# Tested with @@VERSION@@.  Run: pip install starlette python-multipart && python3 repro.py
import asyncio

from starlette.datastructures import Headers, UploadFile
from starlette.formparsers import MultiPartParser

CONTENT_TYPE = @@CONTENT_TYPE@@
BODY = @@BODY@@


async def main():
    async def stream():
        yield BODY
        yield b""

    # As FastAPI and Starlette applications read `await request.form()`.
    form = await MultiPartParser(Headers({"content-type": CONTENT_TYPE}), stream()).parse()
    for index, (name, value) in enumerate(form.multi_items()):
        if isinstance(value, UploadFile):
            content = await value.read()
            print(f"part {index}: name={name!r} filename={value.filename!r} content_type={value.content_type!r} body={content!r}")
        else:
            print(f"part {index}: name={name!r} value={value!r}")
    print(f"{len(form.multi_items())} part(s)")


asyncio.run(main())
