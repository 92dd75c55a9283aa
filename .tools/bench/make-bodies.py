#!/usr/bin/env python3
"""Writes the benchmark bodies used to measure the validator (release build) into a directory.

Usage: python3 .tools/bench/make-bodies.py OUTDIR [--huge]

  big-binary.body   256 MiB file part (random bytes) plus 3 small fields
  many-fields.body  100,000 small text fields
  crlf-heavy.body   64 MiB file part dense in CRLF, "\\r\\n--" and prefixes of the boundary
  no-cr.body        with --huge: 1 GiB without a single CR or LF (no delimiter at all)

All use the Content-Type printed at the end. Measure with, for example:
  /usr/bin/time -v .build/release/multipart-check validate --quiet --content-type "$CT" OUTDIR/big-binary.body
"""
import os
import sys

BOUNDARY = b"----WebKitFormBoundary7MA4YWxkTrZu0gW"


def field(name, value):
    return (b"--" + BOUNDARY + b'\r\nContent-Disposition: form-data; name="' + name + b'"\r\n\r\n' + value + b"\r\n")


def file_head(name, filename):
    return (b"--" + BOUNDARY + b'\r\nContent-Disposition: form-data; name="' + name + b'"; filename="' + filename
            + b'"\r\nContent-Type: application/octet-stream\r\n\r\n')


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    close = b"\r\n--" + BOUNDARY + b"--\r\n"
    with open(os.path.join(out, "big-binary.body"), "wb") as f:
        for name in (b"a", b"b", b"c"):
            f.write(field(name, b"value"))
        f.write(file_head(b"file", b"big.bin"))
        block = os.urandom(1 << 20)
        for _ in range(256):
            f.write(block)
        f.write(close)
    with open(os.path.join(out, "many-fields.body"), "wb") as f:
        for i in range(100_000):
            f.write(field(b"field%d" % i, b"value %d" % i))
        f.write(b"--" + BOUNDARY + b"--\r\n")
    with open(os.path.join(out, "crlf-heavy.body"), "wb") as f:
        f.write(file_head(b"file", b"dense.bin"))
        fragment = b"".join(b"\r\n--" + BOUNDARY[:k] + b"\r\n\r\n--" for k in range(1, len(BOUNDARY)))
        f.write(fragment * ((64 << 20) // len(fragment)))
        f.write(close)
    if "--huge" in sys.argv:
        with open(os.path.join(out, "no-cr.body"), "wb") as f:
            block = b"a" * (1 << 20)
            for _ in range(1024):
                f.write(block)
    print("Content-Type: multipart/form-data; boundary=" + BOUNDARY.decode())


if __name__ == "__main__":
    main()
