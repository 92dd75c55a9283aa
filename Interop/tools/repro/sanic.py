# @@TITLE@@
# Tested with @@VERSION@@.  Run: pip install sanic && python3 repro.py
from sanic.headers import parse_content_header
from sanic.request.form import parse_multipart_form

CONTENT_TYPE = @@CONTENT_TYPE@@
BODY = @@BODY@@

# The two calls Request.get_form() makes behind `request.form` and `request.files` (a Request
# cannot be built without a running application).
media_type, parameters = parse_content_header(CONTENT_TYPE)
print(f"media type: {media_type!a}")
try:
    fields, files = parse_multipart_form(BODY, parameters["boundary"].encode("utf-8"))
except Exception as error:
    # What get_form does with it: logs "Failed when parsing form" and leaves the form empty.
    print(f"parse_multipart_form raised {type(error).__name__}: {error}")
    print("Request.get_form logs it and answers an empty form, no error for the handler")
    fields, files = {}, {}
for name, values in fields.items():
    for value in values:
        print(f"field: name={name!a} value={value!a}")
for name, uploads in files.items():
    for upload in uploads:
        print(f"file: name={name!a} filename={upload.name!a} type={upload.type!a} body={upload.body!a}")
print(f"{sum(map(len, fields.values()))} field(s), {sum(map(len, files.values()))} file(s)")
