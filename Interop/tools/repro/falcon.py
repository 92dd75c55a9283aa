# @@TITLE@@
# Tested with @@VERSION@@.  Run: pip install falcon && python3 repro.py
import falcon
import falcon.testing

CONTENT_TYPE = @@CONTENT_TYPE@@
BODY = @@BODY@@

# As a Falcon resource reads `req.get_media()` (default media handlers and MultipartParseOptions).
environ = falcon.testing.create_environ(path="/upload", method="POST", headers={"Content-Type": CONTENT_TYPE}, body=BODY)
request = falcon.Request(environ)
count = 0
try:
    for part in request.get_media():
        print(f"part {count}: name={part.name!a} filename={part.filename!a} content_type={part.content_type!a} body={part.data!a}")
        count += 1
except falcon.HTTPError as error:
    print(f"{type(error).__name__} ({error.status}): {error.title}: {error.description}")
print(f"{count} part(s)")
