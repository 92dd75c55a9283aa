"""Litestar's form parser, as a handler reads `await request.form()`.

The application-facing call is `Request.form()` inside a route handler of a bare `Litestar()`
application (default `multipart_form_part_limit` of 1,000 and request body limit), reached through
Litestar's TestClient, which runs the application in this process over ASGI. Litestar parses with
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
import base64
import logging

from litestar import Litestar, Request, post
from litestar.datastructures import UploadFile
from litestar.testing import TestClient

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
    with TestClient(app=APPLICATION, raise_server_exceptions=True) as client:
        response = client.post("/upload", content=body, headers={"Content-Type": content_type})
    if response.status_code >= 400:
        raise Rejected("%d: %s" % (response.status_code, response.text))
    response.raise_for_status()
    return response.json()


logging.disable(logging.CRITICAL)
serve(decode)
