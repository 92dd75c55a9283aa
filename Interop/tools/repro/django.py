# @@TITLE@@
# Tested with @@VERSION@@.  Run: pip install django && python3 repro.py
import io

import django
from django.conf import settings

settings.configure(DEFAULT_CHARSET="utf-8")
django.setup()

from django.core.files.uploadhandler import MemoryFileUploadHandler, TemporaryFileUploadHandler  # noqa: E402
from django.http.multipartparser import MultiPartParser  # noqa: E402

CONTENT_TYPE = @@CONTENT_TYPE@@
BODY = @@BODY@@

# As a view reads `request.POST` and `request.FILES` with the default upload handlers.
meta = {"CONTENT_TYPE": CONTENT_TYPE, "CONTENT_LENGTH": str(len(BODY))}
handlers = [MemoryFileUploadHandler(), TemporaryFileUploadHandler()]
post, files = MultiPartParser(meta, io.BytesIO(BODY), handlers, "utf-8").parse()
for name, values in post.lists():
    for value in values:
        print(f"field: name={name!r} value={value!r}")
for name, uploads in files.lists():
    for upload in uploads:
        print(f"file: name={name!r} filename={upload.name!r} content_type={upload.content_type!r} body={upload.read()!r}")
print(f"{sum(len(values) for _, values in post.lists())} field(s), {sum(len(uploads) for _, uploads in files.lists())} file(s)")
