"""Litestar's form parser, as a handler reads `await request.form()`.

The application-facing call is `Request.form()` inside a route handler of a bare `Litestar()`
application (default `multipart_form_part_limit` of 1,000 and request body limit), called in this
process over ASGI as a server calls it, with the request's header bytes as they came (an HTTP client
such as Litestar's TestClient refuses to send a header that is not ASCII). Litestar parses with
the `multipart` package's PushMultipartParser (the core of the `bottle-multipart` row) and its own
Content-Type and Content-Disposition reading, and builds a FormMultiDict by name, so the order
between names is not reported (the driver sorts by name, so a rerun answers alike). Text fields are strings decoded with the part's charset (UTF-8 by
default) and reported without their Content-Type; a file is an UploadFile (filename, content_type,
bytes), whose content_type is `text/plain` when the part has none, as Litestar gives it. A 4xx
answer (Litestar's `ClientException` and `ValidationException`) is a rejection. The driver's own
rule: a 5xx answer, which Litestar gives when its parsing raises (a text value that is not valid in
its charset raises UnicodeDecodeError), is reported as a rejection naming the status too, since the
client is refused either way; certify would otherwise stop the run at the corpus's first vectors,
which are such values.
"""
import asyncio
import json
import logging

from litestar import Litestar, Request, post
from litestar.datastructures import UploadFile

from interop_contract import Rejected, part, serve


@post("/upload")
async def upload(request: Request) -> list:
    form = await request.form()
    parts = []
    # The order between names is not reported and varies from run to run (the names are a set inside
    # Litestar): sorted by name, each name's parts in their own order, a rerun reads the same.
    for name, value in sorted(form.multi_items(), key=lambda item: item[0]):
        if isinstance(value, UploadFile):
            parts.append(part(name, value.filename, value.content_type, await value.read()))
        else:
            parts.append(part(name, None, None, value))
    return parts


APPLICATION = Litestar(route_handlers=[upload], logging_config=None)


def decode(content_type, body):
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": "/upload", "raw_path": b"/upload", "root_path": "", "query_string": b"",
             "headers": [(b"host", b"127.0.0.1"), (b"content-type", content_type.encode("utf-8")),
                         (b"content-length", str(len(body)).encode("ascii"))],
             "client": ("127.0.0.1", 40000), "server": ("127.0.0.1", 80), "state": {}}
    received = [{"type": "http.request", "body": body, "more_body": False}]
    sent = []

    async def receive():
        return received.pop(0) if received else {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    asyncio.run(APPLICATION(scope, receive, send))
    status = next(message["status"] for message in sent if message["type"] == "http.response.start")
    content = b"".join(message.get("body", b"") for message in sent if message["type"] == "http.response.body")
    if status >= 400:
        raise Rejected("%d: %s" % (status, content.decode("utf-8", "replace")))
    return json.loads(content)


logging.disable(logging.CRITICAL)
serve(decode)
