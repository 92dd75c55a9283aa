"""BlackSheep's multipart parser, as a handler reads `await request.multipart()`.

The application-facing call is `Request.multipart()`: BlackSheep streams the body through
`blacksheep.multipart.parse_multipart_async` into a dictionary of parts by name, and `multipart()`
lists them name by name, so the order between names is not reported. Each `FormPart` has `name`,
`file_name`, `content_type` and `data` (bytes). BlackSheep reads only a Content-Type holding
`multipart/form-data;` (case-sensitive); for any other it returns no parts, reported as an accepted
empty form. A parsing exception is what BlackSheep answers with 400 Bad Request (`BadRequest` and
`ValueError` from the parser): a rejection. The driver adds no rule of its own.
"""
import asyncio

from blacksheep import Request, StreamedContent

from interop_contract import Rejected, part, serve


def decode(content_type, body):
    async def read():
        request = Request("POST", b"/upload", [(b"content-type", content_type.encode("latin-1"))])

        async def chunks():
            yield body

        request.with_content(StreamedContent(content_type.encode("latin-1"), chunks, len(body)))
        return await request.multipart()

    try:
        form_parts = asyncio.run(read()) or []
    except ValueError as error:
        raise Rejected("%s: %s" % (type(error).__name__, error)) from None
    return [part(p.name, p.file_name, p.content_type, p.data) for p in form_parts]


serve(decode)
