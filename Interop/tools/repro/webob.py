# @@TITLE@@
# Tested with @@VERSION@@.  Run: pip install webob && python3 repro.py
import io
import warnings

warnings.simplefilter("ignore", DeprecationWarning)  # WebOb reads the body with the deprecated cgi module

from webob import Request

CONTENT_TYPE = @@CONTENT_TYPE@@
BODY = @@BODY@@

# As a Pyramid or TurboGears view reads `request.POST`.
request = Request.blank("/upload", method="POST", content_type=CONTENT_TYPE, body=BODY)
request.environ["CONTENT_TYPE"] = CONTENT_TYPE
request.environ["wsgi.input"] = io.BytesIO(BODY)
items = list(request.POST.items())
for index, (name, value) in enumerate(items):
    if hasattr(value, "filename"):
        print(f"part {index}: name={name!a} filename={value.filename!a} type={value.type!a} body={value.value!a}")
    else:
        print(f"part {index}: name={name!a} value={value!a}")
print(f"{len(items)} part(s)")
