# @@TITLE@@
# Tested with @@VERSION@@.  Run: pip install litestar && python3 repro.py
import asyncio
import json
import logging

from litestar import Litestar, Request, post
from litestar.datastructures import UploadFile

CONTENT_TYPE = @@CONTENT_TYPE@@
BODY = @@BODY@@


# As a Litestar route handler reads `await request.form()`; the form's names printed sorted
# (their order varies from run to run inside Litestar), each name's values in their own order.
@post("/upload")
async def upload(request: Request) -> list:
    form = await request.form()
    lines = []
    for name, value in sorted(form.multi_items(), key=lambda item: item[0]):
        if isinstance(value, UploadFile):
            content = await value.read()
            lines.append(f"file: name={name!a} filename={value.filename!a} content_type={value.content_type!a} body={content!a}")
        else:
            lines.append(f"field: name={name!a} value={value!a}")
    return lines


async def main():
    # The request as an ASGI server hands it to the application: the header's bytes as they came.
    application = Litestar(route_handlers=[upload], logging_config=None)
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": "/upload", "raw_path": b"/upload", "root_path": "", "query_string": b"",
             "headers": [(b"host", b"127.0.0.1"), (b"content-type", CONTENT_TYPE.encode("utf-8")),
                         (b"content-length", str(len(BODY)).encode("ascii"))],
             "client": ("127.0.0.1", 40000), "server": ("127.0.0.1", 80), "state": {}}
    received = [{"type": "http.request", "body": BODY, "more_body": False}]
    sent = []

    async def receive():
        return received.pop(0) if received else {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    await application(scope, receive, send)
    status = next(message["status"] for message in sent if message["type"] == "http.response.start")
    content = b"".join(message.get("body", b"") for message in sent if message["type"] == "http.response.body")
    print(f"status {status}")
    if status < 400:
        lines = json.loads(content)
        for line in lines:
            print(line)
        print(f"{len(lines)} part(s)")
    else:
        print(content.decode("utf-8", "replace"))


logging.disable(logging.CRITICAL)
asyncio.run(main())
