# @@TITLE@@
# Tested with @@VERSION@@.  Run: pip install werkzeug && python3 repro.py
import io

from werkzeug.formparser import parse_form_data

CONTENT_TYPE = @@CONTENT_TYPE@@
BODY = @@BODY@@

# As Flask reads `request.form` and `request.files` (Flask passes silent=True, which hides errors).
environ = {"REQUEST_METHOD": "POST", "CONTENT_TYPE": CONTENT_TYPE, "CONTENT_LENGTH": str(len(BODY)), "wsgi.input": io.BytesIO(BODY)}
_, form, files = parse_form_data(environ, silent=False)
for name, value in form.items(multi=True):
    print(f"field: name={name!r} value={value!r}")
for name, upload in files.items(multi=True):
    print(f"file: name={name!r} filename={upload.filename!r} content_type={upload.headers.get('Content-Type')!r} body={upload.read()!r}")
print(f"{len(list(form.items(multi=True)))} field(s), {len(list(files.items(multi=True)))} file(s)")
