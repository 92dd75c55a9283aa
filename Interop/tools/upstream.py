"""Writes the upstream reports, Interop/reports/<id>.md: one per parser whose results show silent
data loss, a crash or a misread valid body, ready to file with its maintainers.

Each report is generated from the parser's result and the corpus, never typed: the version, then
for each of those problems one case (the smallest body, a valid one first) with a standalone
reproduction in the parser's own language, what was expected and what the parser returned, the
specification's text, and which other parsers read the body as expected; then every vector with
that problem. A reproduction is a template from tools/repro/ (named after the row's id, its
extension giving the language) with the vector's Content-Type and bytes written in as literals,
shown with what it printed when tools/repros.py ran it here; one this machine cannot run
(NOT_RUN_HERE) says why, beside the driver's command. A row without a template gets a report whose
reproduction is the driver and its contract request.
"""
import base64
import json
import os
import re
import shutil

import interop
import outcomes

FOLDER = "reports"
TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "repro")

# The problems a report is written for, worst first, with a heading and how to say it in one line.
PROBLEMS = [
    ("loses-data-clients-send", "Silent data loss on what clients send",
     "accepts a body real clients send (a browser's or a library's) without an error but hands the application fewer parts or shorter values than it holds"),
    ("loses-data", "Silent data loss", "accepts the body without an error but hands the application fewer parts or shorter values than it holds"),
    ("no-answer", "Crash", "crashes, fails or hangs on the body instead of returning parts or an error"),
    ("misreads-valid", "Misread valid body", "accepts a valid body but returns other parts (names, filenames, types or content) than it holds"),
    ("loses-data-from-invalid", "Silent data loss on an invalid body",
     "accepts an invalid body without an error but hands the application less than every reading of it agrees it holds"),
]

# Why each problem is a defect and not a choice the specifications leave to a receiver: one line a
# maintainer can weigh before reading the case. Receiver freedoms (a filename's directory dropped) and
# documented conventions (conventions.tsv) are graded as passes, so they never reach a report.
WHY_A_DEFECT = {
    "loses-data-clients-send": "Real clients send this body: an application on this parser is told the upload succeeded and "
                               "gets less than was sent, with no error to act on; no specification lets a receiver drop or "
                               "cut a part of a body it accepts.",
    "loses-data": "The application is told the upload succeeded and gets less than was sent, with no error to act on; "
                  "no specification lets a receiver drop or cut a part of a body it accepts.",
    "no-answer": "Any client can send this body, so an exception, a crash or a hang on it is a denial of service, "
                 "whatever the body's validity: a receiver should answer with parts or an error.",
    "misreads-valid": "The body is one the specifications require a receiver to read as listed (or, for an `i-` body, allow "
                      "only the readings listed); the application gets other names, filenames, types or content than the "
                      "client sent, with no error.",
    "loses-data-from-invalid": "A receiver may refuse this body, but it accepts it and drops what every reading of it agrees "
                               "is there (a part whose delimiter came before the defect, or the content before it): an "
                               "upload cut short, its close delimiter missing, then looks complete to the application, "
                               "with no error to act on.",
}

# How many causes of one problem a report writes out in full (the strongest: a valid body first, then the
# most vectors); the others are listed with their vectors, each a case on the site with its command.
CAUSES_IN_FULL = 1

# Normative text of the sections the corpus cites most, quoted so a report stands on its own.
SPEC_TEXT = {
    "RFC 2046 §5.1.1": [
        "The boundary delimiter MUST occur at the beginning of a line, i.e., following a CRLF, and the "
        "initial CRLF is considered to be attached to the boundary delimiter line rather than part of "
        "the preceding part.",
        "Boundary delimiters must not appear within the encapsulated material, and must be no longer "
        "than 70 characters, not counting the two leading hyphens.",
        "NOTE TO IMPLEMENTORS: Boundary string comparisons must compare the boundary value with the "
        "beginning of each candidate line. An exact match of the entire candidate line is not "
        "required; it is sufficient that the boundary appear in its entirety following the CRLF.",
    ],
    "RFC 2045 §5.1": [
        "The type, subtype, and parameter names are not case sensitive.",
    ],
    "RFC 7578 §4.1": [
        "As noted in Section 5.1 of [RFC2046], the boundary delimiter MUST NOT appear inside any of "
        "the encapsulated parts, and it is often necessary to enclose the \"boundary\" parameter "
        "values in quotes in the Content-Type header field.",
    ],
    "RFC 7578 §4.2": [
        "Each part MUST contain a Content-Disposition header field [RFC2183] where the disposition "
        "type is \"form-data\". The Content-Disposition header field MUST also contain an additional "
        "parameter of \"name\"; the value of the \"name\" parameter is the original field name from "
        "the form (possibly encoded; see Section 5.1).",
        "For form data that represents the content of a file, a name for the file SHOULD be supplied "
        "as well, by using a \"filename\" parameter of the Content-Disposition header field.",
    ],
    "RFC 7578 §4.3": [
        "To match widely deployed implementations, multiple files MUST be sent by supplying each file "
        "in a separate part but all with the same \"name\" parameter.",
    ],
    "RFC 7578 §4.4": [
        "Each part MAY have an (optional) \"Content-Type\" header field, which defaults to "
        "\"text/plain\". If the contents of a file are to be sent, the file data SHOULD be labeled "
        "with an appropriate media type, if known, or \"application/octet-stream\".",
    ],
    "RFC 7578 §4.5": [
        "In the case where the form data is text, the charset parameter for the \"text/plain\" "
        "Content-Type MAY be used to indicate the character encoding used in that part.",
    ],
    "RFC 7578 §4.8": [
        "The multipart/form-data media type does not support any MIME header fields in parts other "
        "than Content-Type, Content-Disposition, and (in limited circumstances) "
        "Content-Transfer-Encoding. Other header fields MUST NOT be included and MUST be ignored.",
    ],
    "RFC 9110 §5.6.4": [
        "Recipients that process the value of a quoted-string MUST handle a quoted-pair as if it were "
        "replaced by the octet following the backslash.",
    ],
}

SPEC_LINK = re.compile(r"^RFC (\d+) §([\d.]+)")


def spec_link(spec):
    match = SPEC_LINK.match(spec)
    if not match:
        return spec
    return "[%s](https://www.rfc-editor.org/rfc/rfc%s#section-%s)" % (spec, match.group(1), match.group(2))


# -- Literals in each language --------------------------------------------------------------------

def _escaped(data, escapes, byte_escape, printable_extra=b""):
    out = []
    for byte in data:
        character = bytes([byte])
        if character in escapes:
            out.append(escapes[character])
        elif 0x20 <= byte < 0x7F:
            out.append(chr(byte))
        else:
            out.append(byte_escape % byte)
    return "".join(out)


def _lines(data):
    """The bytes split after each LF, so a literal reads line by line."""
    pieces, start = [], 0
    while start < len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end + 1
        pieces.append(data[start:end])
        start = end
    return pieces or [b""]


C_ESCAPES = {b"\r": "\\r", b"\n": "\\n", b"\t": "\\t", b"\\": "\\\\", b'"': '\\"'}


def python_bytes(data):
    lines = ['    b"%s"' % _escaped(line, C_ESCAPES, "\\x%02x") for line in _lines(data)]
    return "(\n%s\n)" % "\n".join(lines)


def go_bytes(data):
    lines = ['"%s"' % _escaped(line, C_ESCAPES, "\\x%02x") for line in _lines(data)]
    return "[]byte(%s)" % (" +\n\t\t".join(lines))


def js_bytes(data):
    escapes = {b"\r": "\\r", b"\n": "\\n", b"\t": "\\t", b"\\": "\\\\", b"'": "\\'"}
    lines = ["'%s'" % _escaped(line, escapes, "\\x%02x") for line in _lines(data)]
    return "Buffer.from(\n  %s,\n  'latin1')" % (" +\n  ".join(lines))


def java_bytes(data):
    # Octal escapes: a \\u escape is read before the lexer, so \\u000a would end the literal.
    lines = ['"%s"' % _escaped(line, C_ESCAPES, "\\%03o") for line in _lines(data)]
    return "(%s).getBytes(StandardCharsets.ISO_8859_1)" % ("\n            + ".join(lines))


def php_bytes(data):
    escapes = {**C_ESCAPES, b"$": "\\$"}
    lines = ['"%s"' % _escaped(line, escapes, "\\x%02x") for line in _lines(data)]
    return "\n    ".join(lines[:1] + [". " + line for line in lines[1:]])


def ruby_bytes(data):
    escapes = {**C_ESCAPES, b"#": "\\#"}
    lines = ['"%s"' % _escaped(line, escapes, "\\x%02x") for line in _lines(data)]
    return "(%s).b" % (" \\\n  ".join(lines))


def perl_bytes(data):
    escapes = {**C_ESCAPES, b"$": "\\$", b"@": "\\@"}
    lines = ['"%s"' % _escaped(line, escapes, "\\x%02x") for line in _lines(data)]
    return "\n    . ".join(lines)


def c_bytes(data):
    # Octal escapes, never \x: a C hex escape runs on over every hex digit after it.
    lines = ['"%s"' % _escaped(line, C_ESCAPES, "\\%03o") for line in _lines(data)]
    return "\n    ".join(lines)


def c_text(text):
    """A C string literal of `text`'s UTF-8 bytes."""
    return c_bytes(text.encode("utf-8"))


def erlang_bytes(data):
    # Adjacent string literals are one; octal escapes, since \x takes a varying number of digits.
    lines = ['"%s"' % _escaped(line, C_ESCAPES, "\\%03o") for line in _lines(data)]
    return "<<%s>>" % ("\n        ".join(lines))


def erlang_text(text):
    """An Erlang binary of `text`'s UTF-8 bytes."""
    return erlang_bytes(text.encode("utf-8"))


def csharp_bytes(data):
    # One char per byte through Latin-1; \u takes exactly four digits (\x would take up to four).
    lines = ['"%s"' % _escaped(line, C_ESCAPES, "\\u%04x") for line in _lines(data)]
    return "Encoding.GetEncoding(\"iso-8859-1\").GetBytes(\n            %s)" % ("\n            + ".join(lines))


def rust_bytes(data):
    # Each line a byte string; a line-ending backslash would also swallow the next line's leading spaces.
    lines = ['b"%s"' % _escaped(line, C_ESCAPES, "\\x%02x") for line in _lines(data)]
    return "[\n        %s,\n    ]\n    .concat()" % (",\n        ".join("&%s[..]" % line for line in lines))


def swift_bytes(data):
    # A Swift string literal cannot hold bytes that are not UTF-8, so the body is its byte values.
    values = ["0x%02X" % byte for byte in data]
    rows = [", ".join(values[at:at + 16]) for at in range(0, len(values), 16)]
    return "[\n    %s,\n]" % (",\n    ".join(rows))


def text_literal(text, code_point, extra=None):
    """A double-quoted string literal of `text`: C escapes, printable ASCII as it is, every other
    character through `code_point` (a function of its number), `extra` escapes for sigils."""
    escapes = {"\r": "\\r", "\n": "\\n", "\t": "\\t", "\\": "\\\\", '"': '\\"'}
    escapes.update(extra or {})
    out = []
    for character in text:
        if character in escapes:
            out.append(escapes[character])
        elif " " <= character <= "~":
            out.append(character)
        else:
            out.append(code_point(ord(character)))
    return '"' + "".join(out) + '"'


def java_code_point(number):
    if number < 0x20:
        return "\\%03o" % number  # never \\u000a: Java reads \\u escapes before the lexer
    if number > 0xFFFF:
        number -= 0x10000
        return "\\u%04x\\u%04x" % (0xD800 + (number >> 10), 0xDC00 + (number & 0x3FF))
    return "\\u%04x" % number


def csharp_code_point(number):
    if number > 0xFFFF:
        number -= 0x10000
        return "\\u%04x\\u%04x" % (0xD800 + (number >> 10), 0xDC00 + (number & 0x3FF))
    return "\\u%04x" % number  # never \x, which takes up to four digits


def c_code_point(number):
    return "\\u%04x" % number if number <= 0xFFFF else "\\U%08x" % number


LANGUAGES = {
    ".py": ("python", python_bytes, lambda text: text_literal(text, c_code_point)),
    ".go": ("go", go_bytes, lambda text: text_literal(text, c_code_point)),
    ".js": ("js", js_bytes, lambda text: text_literal(text, lambda n: "\\u{%x}" % n)),
    ".java": ("java", java_bytes, lambda text: text_literal(text, java_code_point)),
    ".php": ("php", php_bytes, lambda text: text_literal(text, lambda n: "\\u{%x}" % n, {"$": "\\$"})),
    ".rb": ("ruby", ruby_bytes, lambda text: text_literal(text, lambda n: "\\u{%x}" % n, {"#": "\\#"})),
    ".pl": ("perl", perl_bytes, lambda text: text_literal(text, lambda n: "\\x{%x}" % n, {"$": "\\$", "@": "\\@"})),
    ".swift": ("swift", swift_bytes, lambda text: text_literal(text, lambda n: "\\u{%x}" % n)),
    ".c": ("c", c_bytes, c_text),
    ".cpp": ("cpp", c_bytes, c_text),
    ".erl": ("erlang", erlang_bytes, erlang_text),
    ".cs": ("csharp", csharp_bytes, lambda text: text_literal(text, csharp_code_point)),
    ".rs": ("rust", rust_bytes, lambda text: text_literal(text, lambda n: "\\u{%x}" % n)),
}


# Rows whose reproduction tools/repros.py cannot run on this machine, and why: the report says so
# where it shows the code, and gives the driver's command, which did run here, as the evidence.
NOT_RUN_HERE = {
    "multipart-kit": "it is a Swift package that fetches vapor/multipart-kit, which tools/repros.py does not build",
    "rust-multer": "this machine cannot reach crates.io for the multer crate; the row calls the same multer "
                   "(3.1.0) through its Python bindings, pymulter",
}


def template_for(implementation_id):
    """The reproduction template of a row: (path, extension), or None."""
    if not os.path.isdir(TEMPLATES):
        return None
    for name in sorted(os.listdir(TEMPLATES)):
        stem, extension = os.path.splitext(name)
        if stem == implementation_id and extension in LANGUAGES:
            return os.path.join(TEMPLATES, name), extension
    return None


def reproduction(implementation_id, document, vector_id, vector, body):
    """The reproduction of a vector for a row: (language for the code fence, file name, code), or None."""
    found = template_for(implementation_id)
    if found is None:
        return None
    path, extension = found
    language, literal, text = LANGUAGES[extension]
    with open(path, encoding="utf-8") as template:
        code = template.read()
    title = "%s: %s of the multipart/form-data conformance corpus" % (document["name"], vector_id)
    code = (code.replace("@@TITLE@@", title).replace("@@VERSION@@", document["version"])
            .replace("@@CONTENT_TYPE@@", text(vector["content_type"])).replace("@@BODY@@", literal(body)))
    return language, ("Repro" if extension == ".java" else "repro") + extension, code


# -- What a parser was asked and answered ---------------------------------------------------------

def problem_of(record):
    """A verdict's problem: as recorded, or for results that predate it, from the grade and answer."""
    if record.get("problem"):
        return record["problem"]
    kind = outcomes.cell_class(record)
    if kind == "data-loss":
        return "loses-data"
    if kind in ("crashed", "timed-out"):
        return "no-answer"
    if kind == "other-parts" and record["verdict"] in "yi":
        return "misreads-valid"
    return None


def shown(value):
    return "(none)" if value is None else json.dumps(value, ensure_ascii=False)


def part_value(part, key):
    if part.get(key + "_base64") is not None:
        return "bytes " + base64.b64decode(part[key + "_base64"]).hex(" ")
    return shown(part.get(key))


def parts_markdown(parts, note_cut=False, unreported=()):
    if parts is None:
        return ["(not recorded)"]
    if not parts:
        return ["no parts"]
    lines = ["| # | name | filename | Content-Type | content |", "|---|---|---|---|---|"]
    for index, part in enumerate(parts):
        body = part_value(part, "body")
        if len(body) > 200:
            body = body[:200] + "…"
        if note_cut and part.get("body_length"):
            body += " (first %d of %d bytes)" % (interop.SHOWN_BYTES, part["body_length"])
        content_type = part_value(part, "content_type")
        if part.get("filename") is None and part.get("filename_base64") is None and "text-field-content-type" in unreported:
            content_type = "(not reported by this API)"
        lines.append("| %d | %s | %s | %s | %s |" % tuple(
            [index] + [cell(v) for v in (part_value(part, "name"), part_value(part, "filename"), content_type, body)]))
    return lines


def cell(text):
    return text.replace("|", "\\|").replace("\n", "\\n")


def expected_markdown(vector, record=None):
    verdict = vector["verdict"]
    if verdict == "y":
        return ["The body is valid: a receiver must accept it with these parts."] + [""] + parts_markdown(vector["parts"])
    if verdict == "n":
        # What every reading consistent with RFC 2046 and RFC 7578 agrees the body holds, as the verdict
        # states it; never the strict validator's own recovery, which is one reading among several.
        kept = [d for d in (record or {}).get("differences") or [] if not d.startswith("accepted a body")]
        lines = ["The body is invalid: a receiver may refuse it, and must answer either way."]
        if kept:
            lines += ["A receiver that accepts it must keep what every reading of it consistent with RFC 2046 and RFC 7578 "
                      "agrees it holds (CONFORMANCE.md, \"What an invalid body must keep\"):", ""] + ["- " + d for d in kept]
        return lines
    lines = ["Either outcome below is right:" if len(vector.get("outcomes") or []) > 1 else "The one reading allowed:"]
    for outcome in vector.get("outcomes") or []:
        lines += ["", "- **%s**: %s" % (outcome["outcome"], outcome["because"])]
        if outcome.get("parts") is not None:
            lines += [""] + ["  " + line for line in parts_markdown(outcome["parts"])]
    return lines


def actual_markdown(record, unreported):
    if record["answer"] == "accepted":
        lines = ["Accepted without an error, returning:", ""] + parts_markdown(record.get("parts"), True, unreported)
        differences = [d for d in record["differences"] if not d.startswith("accepted a body")]
        if differences:
            lines += ["", "Against what was expected:", ""] + ["- " + d for d in differences]
        return lines
    return ["No answer: " + record["summary"]]


def readers_as_expected(records_of, parser_id, vector_id):
    """The other parsers that read a vector as the corpus expects."""
    return sorted(other for other, records_by_id in records_of.items() if other != parser_id
                  and vector_id in records_by_id and outcomes.cell_class(records_by_id[vector_id]) in ("expected", "rejected-ok"))


# A sentence of the specifications that binds receivers, as a vector's allowed outcomes quote it.
RECEIVER_MUST = re.compile(r"\b(?:receivers?|recipients?) MUST\b|\bMUST be ignored\b")


def binds_receivers(vector):
    """Whether the vector's allowed outcomes quote a MUST on what a receiver does with the body
    (RFC 2046 §5.1.1's transport padding, say): a defect on it is the strongest case a report can lead
    with, since the receiver's own specification decides it."""
    return any(RECEIVER_MUST.search(outcome.get("because", "")) for outcome in (vector or {}).get("outcomes") or [])


# A valid body before an allowed-either-way one before an invalid one.
VERDICT_ORDER = {"y": 0, "i": 1, "n": 2}


def case_strength(record, vectors):
    """How strong a case a verdict makes, strongest least: its vector binds receivers, then a real client
    sends it (the vector names its `producer`), then a valid body before an allowed-either-way one before
    an invalid one."""
    vector = vectors.get(record["id"]) or {}
    return (0 if binds_receivers(vector) else 1, 0 if vector.get("producer") else 1, VERDICT_ORDER[record["verdict"]])


def group_order(cause_and_records, vectors):
    """The order of one problem's causes: by the strongest case each holds, then the most vectors."""
    cause, records = cause_and_records
    return (min(case_strength(r, vectors) for r in records), -len(records), cause)


def ordered_problems(by_problem, vectors):
    """The problems a report shows, in order: one with a case that binds receivers first, then the
    ladder's order (data loss before crashes before misreadings)."""
    present = [problem for problem in PROBLEMS if problem[0] in by_problem]
    return sorted(present, key=lambda problem: (
        min(case_strength(r, vectors)[0] for r in by_problem[problem[0]]), PROBLEMS.index(problem)))


def chosen_case(records, body_of, records_of, parser_id, vectors=None):
    """The record to reproduce: the strongest case (``case_strength``), then the one most other parsers
    read as expected (the plainest case to argue), then the smallest."""
    vectors = vectors or {}
    return min(records, key=lambda r: (case_strength(r, vectors), -len(readers_as_expected(records_of, parser_id, r["id"])),
                                       len(body_of(r["id"])), r["id"]))


def write_report(into, document, documents, vectors, body_of, rules, repro_outputs=None):
    parser_id = document["parser"]
    by_problem = {}
    for record in document["vectors"]:
        problem = problem_of(record)
        if problem in dict((p[0], p) for p in PROBLEMS):
            by_problem.setdefault(problem, []).append(record)
    if not by_problem:
        return None
    records_of = {d["parser"]: {r["id"]: r for r in d["vectors"]} for d in documents}
    repro_outputs = repro_outputs or {}
    provenance = document.get("provenance") or {}
    corpus = provenance.get("corpus") or {}
    problems = ordered_problems(by_problem, vectors)
    lines = [
        "# %s: %s" % (document["name"], "; ".join(
            "%s (%d %s)" % (title, len(by_problem[key]), "vector" if len(by_problem[key]) == 1 else "vectors")
            for key, title, _ in problems)),
        "",
        "<!-- Generated by Interop/run.sh from Interop/results/%s.json and Vectors/; do not edit. -->" % parser_id,
        "",
        "- **Version:** %s" % document["version"],
        "- **How it was called:** `Interop/drivers/` (the row `%s` of `Interop/parsers.tsv`), as applications call it; "
        "%s" % (parser_id, reproduction_note(parser_id, parser_id in repro_outputs)),
        "- **Found by:** the multipart/form-data conformance corpus (%s vectors%s), run %s with %s." % (
            corpus.get("vectors", len(vectors)),
            ", manifest SHA-256 `%s`" % corpus["manifest_sha256"][:16] if corpus.get("manifest_sha256") else "",
            provenance.get("date", "on a date these results do not record"), provenance.get("tool", "multipart-check")),
        "",
    ]
    shared = interop.cores().get(parser_id)
    if shared:
        lines += ["- **Shares its core with:** %s (%s): a defect here is likely there too." % (
            ", ".join("`%s`" % other for other in shared[1]), shared[2]), ""]
    for key, title, meaning in problems:
        records = by_problem[key]
        # One cause shown on many vectors is one finding: group by the cause each verdict records.
        causes = {}
        for each in records:
            causes.setdefault(each.get("cause") or each["summary"], []).append(each)
        groups = sorted(causes.items(), key=lambda item: group_order(item, vectors))
        lines += ["## %s: it %s" % (title, meaning), "",
                  "**Why this is a defect, not a choice:** %s" % WHY_A_DEFECT[key], "",
                  "%d vector%s show%s it, from %d cause%s (verdicts grouped by what they share: what reads otherwise, "
                  "on bodies of which area with which findings)." % (
                      len(records), "" if len(records) == 1 else "s", "s" if len(records) == 1 else "",
                      len(groups), "" if len(groups) == 1 else "s"), ""]
        for number, (cause, group) in enumerate(groups[:CAUSES_IN_FULL], start=1):
            record = chosen_case(group, body_of, records_of, parser_id, vectors)
            vector_id = record["id"]
            vector = vectors[vector_id]
            body = body_of(vector_id)
            lines += ["### %d. %s" % (number, cause), "",
                      "%d vector%s. The case below, `%s`, is %s: %s." % (
                          len(group), "" if len(group) == 1 else "s", vector_id,
                          "a valid body" if vector["verdict"] == "y" else
                          ("a body with one allowed reading" if len(vector.get("outcomes") or []) == 1
                           else "a body either reading of which is allowed") if vector["verdict"] == "i" else "an invalid body",
                          vector["description"]), ""]
            repro = reproduction(parser_id, document, vector_id, vector, body)
            lines += ["#### Reproduction", ""]
            if repro is None:
                lines += ["No standalone reproduction template exists for this row yet (`Interop/tools/repro/%s.*`); "
                          "the driver reproduces it from `Interop/`:" % parser_id, "", "```sh",
                          "echo '%s' | %s" % (contract_request(vector, body), interop_command(parser_id)), "```", ""]
            else:
                language, name, code = repro
                lines += ["`%s` (the body is `Vectors/%s.body`, %d bytes, written in as a literal):" % (name, vector_id, len(body)), "",
                          "```" + language, code.rstrip("\n"), "```", ""]
                output = repro_outputs.get(parser_id, {}).get(vector_id)
                if output is not None:
                    lines += ["What it printed here (%s):" % output["ran"], "", "```text", output["output"].rstrip("\n"), "```", ""]
                elif parser_id in NOT_RUN_HERE:
                    lines += ["Not run here: %s. The driver shows the reading below from `Interop/`:" % NOT_RUN_HERE[parser_id], "",
                              "```sh", "echo '%s' | %s" % (contract_request(vector, body), interop_command(parser_id)), "```", ""]
            lines += ["#### Expected", ""] + expected_markdown(vector, record) + [""]
            lines += ["#### Actual", ""] + actual_markdown(record, document["unreported_details"]) + [""]
            lines += ["#### What the specifications say", ""] + spec_markdown(vector, rules) + [""]
            readers = readers_as_expected(records_of, parser_id, vector_id)
            same = sorted(other for other, records_by_id in records_of.items() if other != parser_id
                          and vector_id in records_by_id and records_by_id[vector_id]["reading"] == record["reading"])
            lines += ["#### Other implementations", "",
                      "%d of the %d other parsers run on the corpus read this body as expected%s." % (
                          len(readers), len(records_of) - 1, (": " + ", ".join(readers)) if readers else ""),
                      "Reading it the same way as this one: %s." % (", ".join(same) if same else "none"), ""]
            if len(group) > 1:
                lines += ["#### Every vector with this cause", "", "| vector | what happened |", "|---|---|"]
                lines += ["| `%s` | %s |" % (each["id"], cell(each["summary"])) for each in group]
                lines.append("")
        if len(groups) > CAUSES_IN_FULL:
            lines += ["### Other causes", "", "| cause | vectors |", "|---|---|"]
            for cause, group in groups[CAUSES_IN_FULL:]:
                lines.append("| %s | %s |" % (cell(cause), ", ".join("`%s`" % each["id"] for each in group)))
            lines.append("")
    path = os.path.join(into, FOLDER, parser_id + ".md")
    with open(path, "w", encoding="utf-8") as output:
        output.write("\n".join(lines).rstrip("\n") + "\n")
    return path


def reproduction_note(parser_id, ran):
    """What the report's header says of its reproductions; `ran` when tools/repros.py recorded their output."""
    if template_for(parser_id) is None:
        return "no standalone reproduction exists for this row yet: each case below gives the driver's command."
    directly = "the reproductions below call the library directly, with nothing of this project"
    if ran:
        return directly + ", and each shows what it printed when run here."
    if parser_id in NOT_RUN_HERE:
        return directly + ", but were not run here: %s." % NOT_RUN_HERE[parser_id]
    return directly + "; they were not run with these results (the language's toolchain was not installed)."


def contract_request(vector, body):
    """The decoder contract's request for a vector, as one line of JSON."""
    return json.dumps({"version": 1, "content_type": vector["content_type"], "body_base64": base64.b64encode(body).decode("ascii")})


def interop_command(parser_id):
    for parser in interop.parsers():
        if parser.id == parser_id:
            return parser.command
    return "(the driver command of parsers.tsv)"


def spec_markdown(vector, rules):
    lines = []
    for spec in vector.get("specs") or []:
        quotes = SPEC_TEXT.get(spec)
        if quotes:
            lines += ["%s:" % spec_link(spec), ""] + ["> %s" % quote for quote in quotes] + [""]
        else:
            lines += ["- %s" % spec_link(spec)]
    if vector["verdict"] == "i":
        for outcome in vector.get("outcomes") or []:
            lines.append("- Allowed outcome, %s: %s" % (outcome["outcome"], outcome["because"]))
    findings = sorted({d["rule"] for d in vector.get("diagnostics") or []})
    if findings:
        lines += ["", "The strict validator (`multipart-check validate`) reports on this body:", ""]
        for rule_id in findings:
            rule = rules.get(rule_id, {})
            lines.append("- `%s` (%s, %s): %s" % (rule_id, rule.get("severity", "?"), rule.get("citation", "?"), rule.get("summary", "")))
    else:
        lines += ["", "The strict validator (`multipart-check validate`) finds nothing to report on this body."]
    return lines


REPRO_OUTPUTS = os.path.join("results", "repro-outputs.json")


def load_repro_outputs(into):
    """What each reproduction printed when run here (tools/repros.py): {parser: {vector: {"ran", "output"}}}."""
    path = os.path.join(into, REPRO_OUTPUTS)
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as saved:
        return json.load(saved)


def chosen_cases(document, documents, body_of, known=None):
    """The vectors a report writes out in full: for each problem, the case of each of its first causes
    (of the vectors `known`, when given: a result older than the corpus may name a vector since renamed)."""
    records_of = {d["parser"]: {r["id"]: r for r in d["vectors"]} for d in documents}
    vectors = known if isinstance(known, dict) else {}
    chosen = []
    for key, _, _ in PROBLEMS:
        causes = {}
        for record in document["vectors"]:
            if problem_of(record) == key and (known is None or record["id"] in known):
                causes.setdefault(record.get("cause") or record["summary"], []).append(record)
        groups = sorted(causes.items(), key=lambda item: group_order(item, vectors))
        chosen += [chosen_case(group, body_of, records_of, document["parser"], vectors)["id"] for _, group in groups[:CAUSES_IN_FULL]]
    return chosen


def write_reports(into, vectors, rules):
    """Writes a report for every parser with a problem a report is for; returns their paths."""
    folder = os.path.join(into, FOLDER)
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    documents = outcomes.load_results(into)
    bodies = {}

    def body_of(vector_id):
        if vector_id not in bodies:
            with open(os.path.join(interop.VECTORS, vector_id + ".body"), "rb") as body:
                bodies[vector_id] = body.read()
        return bodies[vector_id]

    outputs = load_repro_outputs(into)
    written = [write_report(into, document, documents, vectors, body_of, rules, outputs) for document in documents]
    written = [path for path in written if path]
    index = ["# Upstream reports", "",
             "<!-- Generated by Interop/run.sh from Interop/results/; do not edit. -->", "",
             "One report per parser whose results show silent data loss, a crash or a misread valid body,",
             "written to be filed with its maintainers as it is. Each reproduction runs on its own with",
             "the library installed.", ""]
    for path in written:
        index.append("- [%s](%s)" % (os.path.basename(path)[:-3], os.path.basename(path)))
    with open(os.path.join(folder, "README.md"), "w", encoding="utf-8") as output:
        output.write("\n".join(index) + "\n")
    return written
