"""Differential search: mutated corpus bodies on which the real parsers split but the validator is silent.

Usage (from anywhere; run Interop/setup.sh first):
  python3 Interop/tools/differential.py --minutes 60 [--seed N] [--out DIR] [--parser ID ...]

Each round takes a corpus body the validator reports nothing on, applies one or two framing-aimed
mutations (line endings, delimiter lines, header syntax, quoting and parameters, truncation), and
validates the results in one `multipart-check validate` run. Only bodies the validator is still
silent on go to every parser of parsers.tsv (or only those named with --parser); a body whose readings differ is kept in DIR (default
Interop/.differential/) as `<n>.http` (a raw HTTP capture that `validate` and `vectors new` accept)
with `<n>.json` holding the readings. The totals go to DIR/summary.json. Everything is reproducible
from the seed.
"""
import argparse
import base64
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import interop

BATCH = 200


def capture(content_type, body):
    head = "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n" % (content_type, len(body))
    return head.encode("latin-1", errors="replace") + body


def boundary_of(content_type):
    lowered = content_type.lower()
    at = lowered.find("boundary=")
    if at < 0:
        return None
    value = content_type[at + len("boundary="):].split(";")[0].strip()
    return value.strip('"').encode("latin-1", errors="replace")


def positions(body, needle):
    found, start = [], 0
    while True:
        at = body.find(needle, start)
        if at < 0:
            return found
        found.append(at)
        start = at + 1


def mutate(body, boundary, rng):
    """One framing-aimed mutation of the body."""
    delimiter = b"--" + boundary
    lines = positions(body, b"\r\n")
    delimiters = positions(body, delimiter)
    header_ends = positions(body, b"\r\n\r\n")
    choice = rng.randrange(16)
    if choice == 0 and lines:  # a CRLF loses its CR or its LF, or gains a byte
        at = rng.choice(lines)
        return body[:at] + rng.choice([b"\n", b"\r", b"\r\r\n", b"\n\r\n", b"\r\n "]) + body[at + 2:]
    if choice == 1 and delimiters:  # transport padding or junk after a delimiter
        at = rng.choice(delimiters) + len(delimiter)
        return body[:at] + rng.choice([b" ", b"\t", b"  ", b"-", b"--", b"x", b" --", b"\x00"]) + body[at:]
    if choice == 2 and delimiters:  # the delimiter's letters change case or lose one
        at = rng.choice(delimiters) + 2
        index = at + rng.randrange(max(1, len(boundary)))
        byte = body[index:index + 1]
        return body[:index] + (byte.swapcase() if rng.random() < 0.5 else b"") + body[index + 1:]
    if choice == 3 and header_ends:  # a header line inserted before the empty line
        at = rng.choice(header_ends)
        extra = rng.choice([
            b"Content-Type: text/plain", b"Content-Disposition: form-data; name=\"other\"", b"X-A: b",
            b" folded", b"Content-Transfer-Encoding: base64", b"content-disposition: form-data; name=b",
            b"Content-Length: 1", b"Content-Type: multipart/mixed; boundary=x",
        ])
        return body[:at] + b"\r\n" + extra + body[at:]
    if choice == 4:  # parameter syntax in Content-Disposition
        at = body.find(b"name=")
        if at >= 0:
            return body[:at] + rng.choice([
                b"name*=UTF-8''x; ", b"filename=\"\"; ", b"NAME=", b"name =", b"name= ", b"; name=\"dup\"; ",
                b"filename*=UTF-8''%E2%82%AC; ", b"x=\"a;b\"; ", b"x=a\\\"; ",
            ]) + body[at:]
    if choice == 5:  # quoting inside a quoted value
        quotes = positions(body, b"\"")
        if quotes:
            at = rng.choice(quotes)
            return body[:at] + rng.choice([b"\\\"", b"\\", b"\"\"", b"'", b"%22", b";", b"\\\\"]) + body[at + 1:]
    if choice == 6:  # truncation
        return body[: rng.randrange(len(body) + 1)]
    if choice == 7 and lines:  # a line break inside content or headers
        at = rng.randrange(len(body) + 1)
        return body[:at] + rng.choice([b"\r\n", b"\n", b"\r", b"\r\n\r\n"]) + body[at:]
    if choice == 8 and delimiters:  # a delimiter prefix inside content
        at = rng.randrange(len(body) + 1)
        return body[:at] + rng.choice([delimiter, b"\r\n" + delimiter + b"x", b"\r\n" + delimiter[:-1], b"--"]) + body[at:]
    if choice == 9:  # preamble or epilogue
        return rng.choice([b"preamble\r\n", b"\r\n", b" \r\n"]) + body if rng.random() < 0.5 else body + rng.choice([b"\r\n", b"epilogue", b"\r\n" + delimiter + b"--\r\n"])
    if choice == 10 and lines:  # a whole line duplicated
        start = rng.choice([0] + [at + 2 for at in lines])
        end = body.find(b"\r\n", start)
        if end > start:
            return body[:end + 2] + body[start:end + 2] + body[end + 2:]
    if choice == 11:  # whitespace in header syntax
        colons = positions(body, b": ")
        if colons:
            at = rng.choice(colons)
            return body[:at] + rng.choice([b" : ", b":", b":\t", b" :"]) + body[at + 2:]
    if choice == 12:  # semicolons and equals
        separators = positions(body, b"; ")
        if separators:
            at = rng.choice(separators)
            return body[:at] + rng.choice([b";", b" ; ", b";; ", b",", b"; ;"]) + body[at + 2:]
    if choice == 13:  # a byte flipped anywhere
        if body:
            at = rng.randrange(len(body))
            return body[:at] + bytes([rng.choice([0, 0x0D, 0x0A, 0x22, 0x5C, 0x2D, 0x3B, 0x80, 0xFF])]) + body[at + 1:]
    if choice == 14:  # filenames with paths and odd characters
        at = body.find(b"filename=\"")
        if at >= 0:
            at += len(b"filename=\"")
            return body[:at] + rng.choice([b"../", b"C:\\", b"a/", b" ", b"\t", b"%2F", b"=?utf-8?q?x?="]) + body[at:]
    if choice == 15:  # media type case and parameters of a part
        at = body.find(b"Content-Type: ")
        if at >= 0:
            return body[:at] + rng.choice([b"CONTENT-TYPE: ", b"Content-type:", b"Content-Type:  "]) + body[at + len(b"Content-Type: "):]
    return body


def validate(binary, items):
    """The number of findings per item (content type, body), from one validate run over HTTP captures."""
    with tempfile.TemporaryDirectory(prefix="differential-") as folder:
        paths = []
        for index, (content_type, body) in enumerate(items):
            path = os.path.join(folder, "%d.http" % index)
            with open(path, "wb") as output:
                output.write(capture(content_type, body))
            paths.append(path)
        completed = subprocess.run(
            [binary, "validate", "--format", "json", "--input", "http"] + paths, capture_output=True)
        document = json.loads(completed.stdout)
        counts = {entry["path"]: len(entry["diagnostics"]) for entry in document["files"]}
        return [counts.get(path, -1) for path in paths]


def reading(parser, content_type, body):
    request = json.dumps({"version": 1, "content_type": content_type, "body_base64": base64.b64encode(body).decode()})
    try:
        completed = subprocess.run(parser.command.split(" "), input=request.encode(), capture_output=True,
                                   cwd=interop.INTEROP, timeout=30)
    except subprocess.TimeoutExpired:
        return "no-answer:timed-out", "timed out"
    if completed.returncode != 0:
        return "no-answer:failed", completed.stderr.decode(errors="replace")[-200:]
    try:
        answer = json.loads(completed.stdout)
    except ValueError:
        return "no-answer:malformed-response", completed.stdout[:200].decode(errors="replace")
    if "error" in answer:
        return "rejected", answer["error"]
    parts = interop.decoded_parts(answer["parts"])
    return interop.digest(parts), "%d part(s): %s" % (len(parts), ", ".join(repr(p[0]) for p in parts)[:200])


def main():
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--minutes", type=float, default=60)
    options.add_argument("--seed", type=int, default=1)
    options.add_argument("--out", default=os.path.join(interop.INTEROP, ".differential"))
    options.add_argument("--parser", action="append", default=[], help="read with only this parser (repeatable)")
    arguments = options.parse_args()
    os.makedirs(arguments.out, exist_ok=True)
    binary = interop.multipart_check()
    parsers = [p for p in interop.parsers() if not arguments.parser or p.id in arguments.parser]
    unknown = set(arguments.parser) - {p.id for p in parsers}
    if unknown:
        sys.exit("unknown parser %s" % ", ".join(sorted(unknown)))
    vectors = interop.corpus()
    seeds = []
    for vector_id, vector in vectors.items():
        if vector.get("content_type") and vector["verdict"] in "yi":
            with open(os.path.join(interop.VECTORS, vector_id + ".body"), "rb") as body:
                seeds.append((vector_id, vector["content_type"], body.read()))
    rng = random.Random(arguments.seed)
    deadline = time.monotonic() + arguments.minutes * 60
    tried = silent = found = 0
    pool = ThreadPoolExecutor(max_workers=os.cpu_count() or 2)
    while time.monotonic() < deadline:
        batch = []
        for _ in range(BATCH):
            vector_id, content_type, body = rng.choice(seeds)
            boundary = boundary_of(content_type) or b"AaB03x"
            mutated = mutate(body, boundary, rng)
            if rng.random() < 0.3:
                mutated = mutate(mutated, boundary, rng)
            if mutated != body:
                batch.append((vector_id, content_type, mutated))
        counts = validate(binary, [(content_type, body) for _, content_type, body in batch])
        tried += len(batch)
        for (vector_id, content_type, body), count in zip(batch, counts):
            if count != 0 or time.monotonic() >= deadline:
                continue
            silent += 1
            readings = list(pool.map(lambda parser: (parser.id,) + reading(parser, content_type, body), parsers))
            if len({digest for _, digest, _ in readings}) > 1:
                found += 1
                with open(os.path.join(arguments.out, "%d.http" % found), "wb") as output:
                    output.write(capture(content_type, body))
                interop.write_json(os.path.join(arguments.out, "%d.json" % found), {
                    "mutated_from": vector_id, "content_type": content_type,
                    "readings": [{"parser": p, "reading": d, "summary": s} for p, d, s in readings],
                })
        summary = {"seed": arguments.seed, "bodies_tried": tried, "validator_silent": silent, "parsers_split": found}
        interop.write_json(os.path.join(arguments.out, "summary.json"), summary)
        print("tried %d, validator silent on %d, parsers split on %d" % (tried, silent, found), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
