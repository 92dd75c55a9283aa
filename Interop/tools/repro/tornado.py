# @@TITLE@@
# Tested with @@VERSION@@.  Run: pip install tornado && python3 repro.py
from tornado.httputil import HTTPHeaders, HTTPInputError, HTTPServerRequest, RequestStartLine

CONTENT_TYPE = @@CONTENT_TYPE@@
BODY = @@BODY@@

# As Tornado parses a request body before a RequestHandler reads `self.request.body_arguments`
# and `self.request.files` (RequestHandler._execute calls _parse_body).
request = HTTPServerRequest(start_line=RequestStartLine("POST", "/upload", "HTTP/1.1"),
                            headers=HTTPHeaders({"Host": "127.0.0.1", "Content-Type": CONTENT_TYPE}), body=BODY)
try:
    request._parse_body()
except HTTPInputError as error:
    print(f"HTTPInputError (400 Bad Request): {error}")
for name, values in request.body_arguments.items():
    for value in values:
        print(f"field: name={name!a} value={value!a}")
for name, uploads in request.files.items():
    for upload in uploads:
        print(f"file: name={name!a} filename={upload.filename!a} content_type={upload.content_type!a} body={upload.body!a}")
print(f"{sum(map(len, request.body_arguments.values()))} field(s), {sum(map(len, request.files.values()))} file(s)")
