"""Writes the results site, Interop/site/: static pages generated from results/ and the corpus.

One folder, plain HTML and one style sheet, no script, nothing fetched: it opens from the disk and
publishes as it is. Pages:

  index.html                 every parser and encoder: language, version, level, counts, links
  parsers/<id>.html          a parser's failures by outcome class: bytes, expected, returned, who agrees
  encoders/<id>.html         an encoder's problems: the form, what it wrote, the validator's findings
  vectors/<area>/<name>.html a vector: bytes, verdict, findings, every parser's reading side by side
  patterns.html              vectors grouped by their pattern of results (the pruned view)
  vectors.html               every vector with its pattern, by area
  browsers.html              the browser captures with their forms

Every fact is text on the page (no tooltips), tables fold into labelled rows at phone width, and
every page names the run dates, the corpus and the tool recorded in the results: nothing depends
on when or where the site is generated, so `run.sh --check` can regenerate it and compare.
"""
import base64
import hashlib
import html
import os
import shutil

import encoders
import firewall
import interop
import outcomes

FOLDER = "site"

# Outcome classes of a parser on a vector (outcomes.CLASSES), each with a short mark used in grids
# and a heading; problems first, worst first, as the implementation pages list them.
MARKS = {
    "expected": "✓", "rejected-ok": "r", "lenient": "L", "rejected-valid": "R", "other-parts": "M",
    "data-loss": "D", "crashed": "C", "timed-out": "T", "no-content-type": "·",
}
HEADINGS = {
    "data-loss": "Silent data loss: accepted without error, with fewer parts or shorter values",
    "crashed": "Crashed, failed or answered garbage",
    "timed-out": "Timed out",
    "other-parts": "Misread: accepted with other parts than the body holds",
    "rejected-valid": "Rejected a body it must accept",
    "lenient": "Accepted an invalid body (lenient)",
}
PROBLEM_ORDER = ["data-loss", "crashed", "timed-out", "other-parts", "rejected-valid", "lenient"]
# Column headings of the outcome classes.
COLUMNS = {
    "expected": "as expected", "rejected-ok": "rejected, allowed", "lenient": "lenient", "rejected-valid": "rejected valid",
    "other-parts": "misread", "data-loss": "data loss", "crashed": "crashed", "timed-out": "timed out",
    "no-content-type": "not sent",
}
VERDICTS = {"y": "must be accepted", "n": "must be rejected", "i": "either outcome is allowed"}

ENCODER_PROBLEMS = [
    ("changes-fields", "Wrote a body that holds other fields than it was given"),
    ("writes-invalid", "Wrote an invalid body, though every field reads as given"),
    ("no-answer", "Crashed, timed out or answered garbage"),
    ("writes-ignored-headers", "Wrote header fields receivers must ignore (RFC 7578 \u00a74.8), every field as given"),
    ("writes-invalid-input", "Wrote the caller's invalid input through instead of refusing it"),
    ("refuses-forms", "Refused a form it should write"),
    ("avoidable-warnings", "Passed with warnings an encoder can avoid"),
]

# How much of a body a page shows: vector pages nearly all of it, implementation pages enough to see.
VECTOR_PAGE_BYTES = 8192
LIST_BYTES = 1024


# -- Bytes made visible ---------------------------------------------------------------------------

def visible(data, limit=None):
    """HTML for bytes with CR, LF, tab and every byte that is not printable made visible: CR as a
    boxed `CR`, LF as a boxed `LF` followed by a line break, other controls and invalid UTF-8 as a
    boxed `\\xHH`, so that they cannot be mistaken for the same letters in the data (and need no
    font with the Control Pictures block, which many phones lack). A long value shows its head and
    tail with the number of bytes left out between them."""
    if data is None:
        return '<span class="none">none</span>'
    if limit is not None and len(data) > limit:
        head, tail = limit * 3 // 4, limit // 4
        return (_visible(data[:head]) + '<span class="cut">[… %d bytes not shown …]</span>' % (len(data) - head - tail)
                + _visible(data[len(data) - tail:]))
    return _visible(data)


def _visible(data):
    out = []
    index = 0
    while index < len(data):
        byte = data[index]
        if byte == 0x0D:
            out.append('<span class="esc">CR</span>')
        elif byte == 0x0A:
            out.append('<span class="esc">LF</span>\n')
        elif byte == 0x09:
            out.append('<span class="esc">TAB</span>')
        elif 0x20 <= byte < 0x7F:
            out.append(html.escape(chr(byte)))
        elif byte >= 0x80:
            length = 2 if byte >> 5 == 0b110 else 3 if byte >> 4 == 0b1110 else 4 if byte >> 3 == 0b11110 else 0
            try:
                character = data[index:index + length].decode("utf-8") if length else None
            except UnicodeDecodeError:
                character = None
            if character is not None:
                out.append('<span class="utf8">%s</span>' % html.escape(character))
                index += length
                continue
            out.append('<span class="esc">\\x%02X</span>' % byte)
        else:
            out.append('<span class="esc">\\x%02X</span>' % byte)
        index += 1
    return "".join(out)


def value_bytes(fields, key):
    """A `key` / `key_base64` value of a sidecar part, a contract part or a result's shown part, as bytes."""
    if fields.get(key + "_base64") is not None:
        return base64.b64decode(fields[key + "_base64"])
    value = fields.get(key)
    return None if value is None else value.encode("utf-8")


def inline(data, limit=None):
    return '<code class="bytes">%s</code>' % visible(data, limit)


def block(data, limit=None):
    return '<pre class="bytes">%s</pre>' % visible(data, limit)


# -- The results, loaded once ---------------------------------------------------------------------

class Results:
    """Everything the pages are made of: the corpus, the parsers' and encoders' results, the rules."""

    def __init__(self, into, vectors, rules):
        self.into = into
        self.vectors = vectors
        self.rules = rules
        self.parsers = outcomes.load_results(into)
        self.encoders = encoders.load_results(into)
        self.records = {d["parser"]: {r["id"]: r for r in d["vectors"]} for d in self.parsers}
        self.encoder_problems = {d["encoder"]: {p["id"]: p for p in d["problems"]} for d in self.encoders}
        self.cores = interop.cores()
        self.conventions = interop.conventions()
        # Each row's command, from parsers.tsv and encoders.tsv: its driver and the reproduction line.
        self.commands = {row.id: row.command for row in interop.parsers() + interop.encoders()}
        self.bodies = {}

    def body(self, vector_id):
        if vector_id not in self.bodies:
            with open(os.path.join(interop.VECTORS, vector_id + ".body"), "rb") as body:
                self.bodies[vector_id] = body.read()
        return self.bodies[vector_id]

    def corpus_sha256(self):
        with open(os.path.join(interop.VECTORS, "MANIFEST.sha256"), "rb") as manifest:
            return hashlib.sha256(manifest.read()).hexdigest()

    def provenance_line(self, documents=None):
        """Run dates, corpus and tool, as recorded in the results (never the time of generating)."""
        documents = self.parsers + self.encoders if documents is None else documents
        recorded = [d["provenance"] for d in documents if d.get("provenance")]
        corpus = "corpus %d vectors, manifest SHA-256 %s" % (len(self.vectors), self.corpus_sha256()[:16])
        if not recorded:
            return "Run date and tool not recorded in these results (they predate provenance); %s." % corpus
        dates = sorted({p["date"][:10] for p in recorded})
        when = dates[0] if len(dates) == 1 else "%s to %s" % (dates[0], dates[-1])
        tools = ", ".join(sorted({p["tool"] for p in recorded}))
        corpora = sorted({(p.get("corpus") or {}).get("manifest_sha256") or "unknown" for p in recorded})
        missing = len(documents) - len(recorded)
        line = "Run %s with %s; %s" % (when, tools, corpus)
        if corpora != [self.corpus_sha256()]:
            line += " (results recorded over %s)" % ", ".join(c[:16] for c in corpora)
        if missing:
            line += "; %d result(s) without a recorded run date" % missing
        return line + "."


def class_counts(document):
    counts = {name: 0 for name, _ in outcomes.CLASSES}
    for record in document["vectors"]:
        counts[outcomes.cell_class(record)] += 1
    return counts


def expected_parts(vector):
    """The parts a reader should return: the sidecar's, or the first accepting outcome's."""
    if vector.get("parts") is not None:
        return vector["parts"]
    for outcome in vector.get("outcomes") or []:
        if outcome.get("outcome") == "accept" and outcome.get("parts") is not None:
            return outcome["parts"]
    return None


def encoder_features(vector):
    """The encoder features (CONFORMANCE.md, "Encoders") the vector's form needs."""
    form = vector.get("encoder_input")
    if not form:
        return set()
    fields = form["fields"]
    names = [field["name"] for field in fields]
    needed = set()
    if not fields:
        needed.add("empty-form")
    if len(set(names)) < len(names):
        needed.add("duplicate-names")
    if "" in names:
        needed.add("empty-names")
    for field in fields:
        if field.get("filename") is None and field.get("content_type") is not None:
            needed.add("typed-text-fields")
        if field.get("filename") is None and "value_base64" in field:
            needed.add("non-utf8-text-values")
    return needed


# -- Page frame -----------------------------------------------------------------------------------

def page(title, depth, results, body, provenance=None):
    root = "../" * depth
    e = html.escape
    nav = "".join('<a href="%s%s">%s</a>' % (root, href, label) for href, label in (
        ("index.html", "Implementations"), ("patterns.html", "Result patterns"), ("vectors.html", "All vectors"),
        ("browsers.html", "Browser captures"), ("atlas/index.html", "Bypass atlas")))
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<title>%s · multipart/form-data interop</title>\n<link rel="stylesheet" href="%ssite.css">\n</head>\n<body>\n'
        '<header><p class="site"><a href="%sindex.html">multipart/form-data: the corpus through real parsers and encoders</a></p>\n'
        '<nav>%s</nav>\n<p class="provenance">%s</p></header>\n<main>\n<h1>%s</h1>\n%s</main>\n'
        '<footer><p>Generated by <code>Interop/run.sh</code> from <code>Interop/results/</code> and <code>Vectors/</code>; '
        'do not edit. %s</p></footer>\n</body>\n</html>\n'
    ) % (e(title), root, root, nav, e(provenance or results.provenance_line()), e(title), body,
         e(results.provenance_line()))


def level_badge(document, short=False):
    """The level in a badge coloured by the level; `short` leaves out the problem counts (the index's table)."""
    text = interop.LEVEL_TITLES.get(document["level"], document["level"]) if short else interop.level_text(document)
    return '<span class="level %s">%s</span>' % (html.escape(document["level"]), html.escape(text))


def table(headers, rows, css="data"):
    """A table whose cells carry their column's name, so it folds into labelled rows on a phone."""
    e = html.escape
    out = ['<div class="scroll"><table class="%s">\n<thead><tr>' % css]
    out += ["<th>%s</th>" % e(header) for header in headers]
    out.append("</tr></thead>\n<tbody>\n")
    for row in rows:
        out.append("<tr>")
        for header, cell in zip(headers, row):
            css_class = ""
            if isinstance(cell, tuple):
                cell, css_class = cell
            out.append('<td data-label="%s"%s><div>%s</div></td>' % (e(header), ' class="%s"' % css_class if css_class else "", cell))
        out.append("</tr>\n")
    out.append("</tbody></table></div>\n")
    return "".join(out)


def vector_link(vector_id, depth, results):
    if vector_id not in results.vectors:
        return "<code>%s</code>" % html.escape(vector_id)
    return '<a href="%svectors/%s.html"><code>%s</code></a>' % ("../" * depth, html.escape(vector_id), html.escape(vector_id))


def parser_link(parser_id, depth):
    return '<a href="%sparsers/%s.html">%s</a>' % ("../" * depth, html.escape(parser_id), html.escape(parser_id))


def encoder_link(encoder_id, depth):
    return '<a href="%sencoders/%s.html">%s</a>' % ("../" * depth, html.escape(encoder_id), html.escape(encoder_id))


def driver_link(results, row_id, depth):
    """A link to the row's driver (the first file of its command under drivers/ or encoders/), or its command."""
    command = results.commands.get(row_id, "")
    for word in command.split(" "):
        if word.startswith(("drivers/", "encoders/")) and os.path.exists(os.path.join(interop.INTEROP, word)):
            return '<a href="%s%s"><code>%s</code></a>' % ("../" * (depth + 1), html.escape(word), html.escape(word))
    return "<code>%s</code>" % html.escape(command or "unknown")


def report_link(row_id, depth):
    """A link to the row's upstream report, or None when none was generated."""
    if not os.path.exists(os.path.join(interop.INTEROP, "reports", row_id + ".md")):
        return None
    return '<a href="%sreports/%s.md">reports/%s.md</a>' % ("../" * (depth + 1), html.escape(row_id), html.escape(row_id))


def body_link(vector_id, depth):
    """A link that downloads the vector's raw body from the corpus."""
    return '<a href="%sVectors/%s.body" download>%s.body</a>' % ("../" * (depth + 2), html.escape(vector_id), html.escape(vector_id))


def reproduction(results, row_id, vector_id, decoder):
    """The one command, run from Interop/, that reproduces the row's verdict on the vector."""
    kind = "--decoder " if decoder else ""
    return "<p class=\"repro\">Reproduce (from <code>Interop/</code>, after <code>setup.sh</code>): <code>multipart-check certify %s--vector '%s' -- %s</code></p>\n" % (
        kind, html.escape(vector_id), html.escape(results.commands.get(row_id, "...")))


def layer_html(results, parser_id, vector_id):
    """For a row that shares its core (cores.tsv): what the other rows of that core made of the vector, so a
    reader sees whether a failure comes from the parser underneath or from the layer on top."""
    shared = results.cores.get(parser_id)
    if not shared:
        return ""
    said = []
    for other in shared[1]:
        record = results.records.get(other, {}).get(vector_id)
        if record is not None:
            said.append("%s: %s" % (parser_link(other, 1), html.escape(COLUMNS.get(outcomes.cell_class(record), outcomes.cell_class(record)))))
    if not said:
        return ""
    return '<p class="layer">The same core (%s) through its other rows: %s.</p>\n' % (html.escape(shared[0]), "; ".join(said))


def defects_html(document):
    """The row's problems grouped by cause: one defect, however many vectors show it."""
    defects = document.get("defects") or []
    if not defects:
        return ""
    rows = [[html.escape(d["problem"]), html.escape(d["cause"]), str(d["count"])] for d in defects]
    return ("<h2 id=\"causes\">Causes (%d)</h2>\n<p>The verdicts with a problem, grouped by what they share (the rules a "
            "body breaks, what reads otherwise, on which bodies): one cause is one thing to fix, however many vectors "
            "show it.</p>\n" % len(defects)) + table(["problem", "cause", "vectors"], rows, "data")


def mark(kind):
    return '<span class="mark %s">%s</span>' % (kind, MARKS[kind])


def legend():
    return '<p class="legend">%s</p>\n' % " ".join(
        '<span class="item">%s %s</span>' % (mark(name), html.escape(meaning)) for name, meaning in outcomes.CLASSES)


# -- Parts side by side ---------------------------------------------------------------------------

def parts_table(parts, expected, unreported, limit):
    """Parts as a table; with `expected`, each cell that differs from the expected part at the same
    place is marked ≠ (compared as the interop readings are: by name order when the parser does not
    report the order, a text field's Content-Type never, content types without case)."""
    if parts is None:
        return "<p>(the parts were not recorded)</p>"
    if not parts:
        return "<p>no parts</p>"
    shown, wanted = list(parts), list(expected) if expected is not None else None
    if wanted is not None and "part-order" in unreported:
        def by_name(part):
            return value_bytes(part, "name") or b""
        shown, wanted = sorted(shown, key=by_name), sorted(wanted, key=by_name)
    rows = []
    for index, part in enumerate(shown):
        other = wanted[index] if wanted is not None and index < len(wanted) else None
        row = [str(index)]
        for key in ("name", "filename", "content_type", "body"):
            data = value_bytes(part, key)
            cell = inline(data, limit)
            if key == "body" and part.get("body_length") is not None:
                cell += ' <span class="note">(first %d of %d bytes)</span>' % (len(data), part["body_length"])
            differs = False
            if wanted is not None:
                if other is None:
                    differs = True
                elif key == "content_type":
                    mine, theirs = data, value_bytes(other, key)
                    if value_bytes(part, "filename") is not None:
                        differs = (mine or b"").strip(b" \t").lower() != (theirs or b"").strip(b" \t").lower() or (mine is None) != (theirs is None)
                elif key == "body" and part.get("body_length") is not None:
                    differs = True
                else:
                    differs = data != value_bytes(other, key)
            row.append((('<span class="differs">≠</span> ' if differs else "") + cell, "diff" if differs else ""))
        rows.append(row)
    out = table(["#", "name", "filename", "Content-Type", "content"], rows, "parts")
    if wanted is not None and len(wanted) > len(shown):
        out += '<p class="differs-note"><span class="differs">≠</span> %d expected part(s) missing: %s</p>\n' % (
            len(wanted) - len(shown), ", ".join(inline(value_bytes(p, "name")) for p in wanted[len(shown):]))
    return out


REJECTION_PREFIX = "the decoder said: refused: the decoder rejected the body: "


def answer_text(record):
    """A parser's answer other than parts, in words: not sent, rejected with its message, or no answer."""
    if record["answer"] == "not-sent":
        return "not sent: " + record["summary"]
    if record["answer"] == "rejected":
        said = next((d for d in record["differences"] if d.startswith("the decoder said:")), None)
        if said is None:
            return "rejected (%s)" % record["summary"]
        return "rejected: " + (said[len(REJECTION_PREFIX):] if said.startswith(REJECTION_PREFIX) else said)
    return record["summary"]


def reading_html(record, vector, unreported, limit):
    """What one parser made of one vector, as HTML."""
    kind = outcomes.cell_class(record)
    if record["answer"] != "accepted":
        return "<p>%s</p>" % html.escape(answer_text(record))
    if record["matches_expected"]:
        return "<p>the expected parts%s</p>" % (" (as the strict reading recovers them)" if vector["verdict"] == "n" else "")
    out = ""
    if record["differences"] and kind != "lenient":
        out += "<ul class=\"differences\">%s</ul>\n" % "".join("<li>%s</li>" % html.escape(d) for d in record["differences"])
    return out + parts_table(record.get("parts"), expected_parts(vector), unreported, limit)


def expected_html(vector, limit):
    """What the corpus expects of a reader, as HTML."""
    out = []
    verdict = vector["verdict"]
    if verdict == "n":
        out.append("<p>Rejected: the body is invalid.</p>")
        if vector.get("parts") is not None:
            out.append("<p>A reader that accepts it anyway must not lose data: the strict reading recovers these parts.</p>")
            out.append(parts_table(vector["parts"], None, [], limit))
    elif verdict == "y":
        out.append("<p>Accepted, with these parts:</p>")
        out.append(parts_table(vector["parts"], None, [], limit))
    else:
        for outcome in vector.get("outcomes") or []:
            out.append("<p><strong>%s</strong>: %s</p>" % (
                "accept" if outcome["outcome"] == "accept" else "reject", html.escape(outcome["because"])))
            if outcome.get("parts") is not None:
                out.append(parts_table(outcome["parts"], None, [], limit))
        if not vector.get("outcomes") and vector.get("parts") is not None:
            out.append(parts_table(vector["parts"], None, [], limit))
    return "\n".join(out)


# -- Pages ----------------------------------------------------------------------------------------

def index_page(results):
    e = html.escape
    applications = [d for d in results.parsers if d["parser"] != firewall.FIREWALL]
    walls = [d for d in results.parsers if d["parser"] == firewall.FIREWALL]
    third_party = [d for d in results.encoders if d["encoder"] not in encoders.OWN]
    own = [d for d in results.encoders if d["encoder"] in encoders.OWN]
    body = ['<p>Every vector of the corpus (<code>Vectors/</code>) through real parsers (the decoder process contract) '
            'and real encoders (the encoder process contract), graded by <code>multipart-check certify</code>. The level '
            'is the worst problem found, worst first below the strict top levels (CONFORMANCE.md, "Levels"). '
            'Follow an implementation for its failures with the bytes, what was expected and what it returned, '
            'the body to download and the command that reproduces each; '
            '<a href="patterns.html">result patterns</a> groups the vectors that every parser treats alike.</p>\n',
            '<h2 id="parsers">Parsers (%d rows, %d independent cores)</h2>\n' % (
                len(applications), interop.independent_cores([d["parser"] for d in applications], results.cores)),
            '<p>In rank order: valid bodies first (the <code>y-</code> and <code>i-</code> bodies read as the specifications '
            'allow), then fewer causes of problems, worst first; a parser that rejects everything ranks last.</p>\n', legend()]
    # Narrow enough for 1400 px: the level without its counts (the causes column and the row's page
    # have them), the vectors not sent left out, the shared core under the name.
    classes = [(name, meaning) for name, meaning in outcomes.CLASSES if name != "no-content-type"]
    headers = ["rank", "parser", "language", "level", "valid bodies read as allowed", "causes"] + [
        COLUMNS[name] for name, _ in classes]

    def parser_row(rank, document):
        counts = class_counts(document)
        shared = results.cores.get(document["parser"])
        valid = sum(1 for record in document["vectors"] if record["verdict"] in ("y", "i") and record["answer"] != "not-sent")
        core = ('<br><span class="label">shares its core with %s</span>' % ", ".join(parser_link(other, 0) for other in shared[1])
                if shared else "")
        return [
            rank, '%s<br><span class="label">%s; %s</span>%s' % (
                parser_link(document["parser"], 0), e(document["name"]), e(document["version"]), core),
            e(document["language"]), level_badge(document, short=True),
            "%d of %d" % (interop.valid_read(document, "decoder"), valid), str(len(document.get("defects") or [])),
        ] + [(("%s %d" % (mark(name), counts[name])) if counts[name] else "0", "count") for name, _ in classes]

    parser_ranks = interop.ranks(applications, "decoder")
    rows = [parser_row(str(rank), document)
            for rank, document in sorted(zip(parser_ranks, applications), key=lambda pair: pair[0])]
    body.append(table(headers, rows, "data implementations"))
    if walls:
        body.append('<h2 id="firewall">The firewall (not ranked)</h2>\n<p>A web application firewall is not a parser an '
                    'application reads forms with: it stands in front of one. What matters is where its reading differs '
                    'from the applications\' (RESULTS.md, "Firewall differential"); a valid body it rejects is a request '
                    'it blocks.</p>\n')
        body.append(table(headers, [parser_row("-", document) for document in walls], "data implementations"))
    body.append('<h2 id="encoders">Encoders (%d third-party rows, %d independent cores)</h2>\n' % (
        len(third_party), interop.independent_cores([d["encoder"] for d in third_party], results.cores)))
    body.append("<p>A boundary the encoder chose itself is shown as <code>BOUNDARY</code>. Options: whether it takes the "
                "boundary it is given, and the features its API cannot express (those vectors are not run).</p>\n")
    headers = ["rank", "encoder", "language", "options", "level", "causes", "vectors run", "pass", "with warnings", "refused",
               "fail", "canonical bodies reproduced"]

    def encoder_row(rank, document):
        counts, canonical = document["counts"], document.get("canonical") or {}
        options = (["boundary-accepted"] if document["accepts_boundary"] else []) + document["unsupported_features"]
        return [
            rank, '%s<br><span class="label">%s; %s</span>' % (
                encoder_link(document["encoder"], 0), e(document["name"]), e(document["version"])),
            e(document["language"]), e(", ".join(options) or "-"), level_badge(document, short=True),
            str(len(document.get("defects") or [])),
            e(encoders.coverage_text(document)), str(counts.get("pass", 0)), str(counts.get("pass-with-warnings", 0)),
            str(counts.get("refused", 0)), str(counts.get("fail", 0)),
            "%d of %d" % (canonical["identical"], canonical["checked"]) if document["accepts_boundary"] and canonical else "-",
        ]

    encoder_ranks = interop.ranks(third_party, "encoder")
    body.append(table(headers, [encoder_row(str(rank), document)
                                for rank, document in sorted(zip(encoder_ranks, third_party), key=lambda pair: pair[0])],
                      "data implementations"))
    if own:
        body.append('<h2 id="own-encoders">This project\'s encoders (not ranked)</h2>\n<p>The reference encoder, and the '
                    'hand-rolled tutorial pattern that <code>Examples/HandRolledCertification</code> shows failing: ours, so '
                    'not ranked among the libraries.</p>\n')
        body.append(table(headers, [encoder_row("-", document) for document in own], "data implementations"))
    return page("Real parsers and encoders", 0, results, "".join(body))


def agreeing(results, parser_id, vector_id):
    """The other parsers that read the vector exactly as this one did, and how many read it as expected."""
    mine = results.records[parser_id][vector_id]["reading"]
    same, expected = [], 0
    for other, records in results.records.items():
        record = records.get(vector_id)
        if record is None or other == parser_id:
            continue
        if record["reading"] == mine:
            same.append(other)
        if outcomes.cell_class(record) in ("expected", "rejected-ok"):
            expected += 1
    return same, expected


def parser_page(results, document):
    e = html.escape
    parser_id = document["parser"]
    unreported = document["unreported_details"]
    counts = class_counts(document)
    facts = [
        ("name", e(document["name"])), ("language", e(document["language"])), ("version", e(document["version"])),
        ("level", level_badge(document)), ("headline", e(document["headline"])),
        ("not reported by its API", e(", ".join(unreported) or "nothing: order, names, filenames, types and content are all compared")),
    ]
    shared = results.cores.get(parser_id)
    if shared:
        facts.append(("shares its core with", "%s: %s (%s)" % (
            e(shared[0]), ", ".join(parser_link(other, 1) for other in shared[1]), e(shared[2]))))
    facts.append(("driver", driver_link(results, parser_id, 1)))
    facts.append(("upstream report", report_link(parser_id, 1) or "none: nothing a maintainer need act on"))
    conventional = [r for r in document["vectors"] if r.get("conventions")]
    if document.get("conventions"):
        facts.append(("documented conventions", "; ".join(
            '%s (<a href="%s">documented</a>)' % (e(c["convention"]), e(c["documented"])) for c in document["conventions"])
            + ": %d valid bod%s read as they say, graded as passes" % (len(conventional), "y" if len(conventional) == 1 else "ies")))
    if document.get("limits"):
        # Results written before verdicts carried `refused_past_limit` say it only in the summary.
        refused = sum(1 for r in document["vectors"]
                      if r.get("refused_past_limit") or r["summary"].startswith("rejected past its declared limit"))
        facts.append(("declared limits", "; ".join(
            '%s (<a href="%s">declared</a>)' % (e(l["limit"]), e(l["documented"])) for l in document["limits"])
            + ": %d valid bod%s refused past them, graded as passes" % (refused, "y" if refused == 1 else "ies")))
    provenance = document.get("provenance")
    if provenance:
        facts.append(("run", e("%s with %s over %s vectors (manifest SHA-256 %s)" % (
            provenance["date"], provenance["tool"], (provenance.get("corpus") or {}).get("vectors", "?"),
            ((provenance.get("corpus") or {}).get("manifest_sha256") or "unknown")[:16]))))
    body = ['<dl class="facts">%s</dl>\n' % "".join("<dt>%s</dt><dd>%s</dd>" % fact for fact in facts)]
    body.append(defects_html(document))
    if conventional:
        body.append('<h2 id="conventions">Read by its documented conventions (%d)</h2>\n<p>Valid bodies this parser hands '
                    'over as its documentation says, not as the specifications read them: no defect, but an application '
                    'developer must know.</p>\n' % len(conventional))
        body.append(table(["vector", "conventions", "what it did"], [
            [vector_link(r["id"], 1, results), e(", ".join(r["conventions"])), e(r["summary"])] for r in conventional], "data"))
    body.append("<h2>Outcomes</h2>\n" + legend())
    body.append(table(["outcome", "vectors"], [[mark(name) + " " + e(meaning), str(counts[name])] for name, meaning in outcomes.CLASSES], "counts"))
    grouped = {kind: [] for kind in PROBLEM_ORDER}
    for record in document["vectors"]:
        kind = outcomes.cell_class(record)
        if kind in grouped:
            grouped[kind].append(record)
    body.append("<h2>Contents</h2>\n<ul>%s</ul>\n" % "".join(
        '<li><a href="#%s">%s</a>: %d</li>' % (kind, e(HEADINGS[kind]), len(grouped[kind])) for kind in PROBLEM_ORDER))
    for kind in PROBLEM_ORDER:
        records = grouped[kind]
        body.append('<h2 id="%s">%s %s (%d)</h2>\n' % (kind, mark(kind), e(HEADINGS[kind]), len(records)))
        if not records:
            body.append("<p>None.</p>\n")
            continue
        if kind == "lenient":
            # Accepting an invalid body is not a failure (Lenient is one of the top levels): a list
            # with what the parser made of each; the bytes are on the vector's page.
            body.append("<p>Each accepted an invalid body and returned the parts the strict reading recovers, "
                        "unless marked. Follow a vector for its bytes.</p>\n")
            body.append(table(["vector", "why it is invalid", "returned"], [
                [vector_link(r["id"], 1, results), e(r["summary"]),
                 "the parts the strict reading recovers" if r["matches_expected"] else
                 "other parts: " + e("; ".join(d for d in r["differences"] if not d.startswith("accepted a body")))]
                for r in records], "data"))
            continue
        for record in records:
            vector = results.vectors[record["id"]]
            same, expected = agreeing(results, parser_id, record["id"])
            others = len(results.records) - 1
            agree = ("%s read it the same way" % ", ".join(parser_link(p, 1) for p in same)) if same else "no other parser reads it this way"
            body.append(
                '<section class="case">\n<h3>%s <span class="verdict">%s: %s</span></h3>\n<p>%s</p>\n'
                '<p class="summary">%s</p>\n<h4>The body</h4>\n<p class="ct">Content-Type: %s</p>\n%s'
                '<div class="pair"><div><h4>Expected</h4>\n%s</div><div><h4>Returned</h4>\n%s</div></div>\n'
                '<p class="agree">Other parsers: %s; %d of %d read it as the corpus expects.</p>\n%s</section>\n' % (
                    vector_link(record["id"], 1, results), record["verdict"], e(VERDICTS[record["verdict"]]),
                    e(vector["description"]), e(record["summary"]),
                    inline(None if vector.get("content_type") is None else vector["content_type"].encode("utf-8")),
                    block(results.body(record["id"]), LIST_BYTES), expected_html(vector, 256),
                    reading_html(record, vector, unreported, 256), agree, expected, others,
                    layer_html(results, parser_id, record["id"]) +
                    '<p class="links">The body: %s.</p>\n%s' % (body_link(record["id"], 1), reproduction(results, parser_id, record["id"], True))))
    return page("%s (%s)" % (document["name"], parser_id), 1, results, "".join(body), results.provenance_line([document]))


def encoder_page(results, document):
    e = html.escape
    facts = [
        ("name", e(document["name"])), ("language", e(document["language"])), ("version", e(document["version"])),
        ("level", level_badge(document)), ("headline", e(document["headline"])),
        ("takes the boundary it is given", "yes" if document["accepts_boundary"] else "no: it chooses its own, shown as BOUNDARY"),
        ("features its API cannot express", e(", ".join(document["unsupported_features"]) or "none")),
        ("vectors run", e(encoders.coverage_text(document))),
    ]
    if document.get("refused"):
        facts.append(("refused forms, by what they hold", e(", ".join("%s %d" % item for item in document["refused"].items()))))
    shared = results.cores.get(document["encoder"])
    if shared:
        facts.append(("shares its core with", "%s: %s (%s)" % (
            e(shared[0]), ", ".join(encoder_link(other, 1) for other in shared[1]), e(shared[2]))))
    facts.append(("driver", driver_link(results, document["encoder"], 1)))
    facts.append(("upstream report", report_link(document["encoder"], 1) or "none: nothing a maintainer need act on"))
    provenance = document.get("provenance")
    if provenance:
        facts.append(("run", e("%s with %s" % (provenance["date"], provenance["tool"]))))
    body = ['<dl class="facts">%s</dl>\n' % "".join("<dt>%s</dt><dd>%s</dd>" % fact for fact in facts)]
    body.append(defects_html(document))
    grouped = {}
    for problem in document["problems"]:
        grouped.setdefault(problem.get("problem") or problem["grade"], []).append(problem)
    order = [key for key, _ in ENCODER_PROBLEMS] + sorted(set(grouped) - {key for key, _ in ENCODER_PROBLEMS})
    titles = dict(ENCODER_PROBLEMS)
    if not document["problems"]:
        body.append("<p>Every vector run passes without warnings.</p>\n")
    for key in order:
        problems = grouped.get(key)
        if not problems:
            continue
        body.append('<h2 id="%s">%s (%d)</h2>\n' % (e(key), e(titles.get(key, key)), len(problems)))
        for problem in problems:
            vector = results.vectors.get(problem["id"])
            form = (vector or {}).get("encoder_input")
            failing = sorted(other["encoder"] for other in results.encoders
                             if other is not document and problem["id"] in results.encoder_problems[other["encoder"]])
            body.append('<section class="case">\n<h3>%s <span class="verdict">%s</span></h3>\n' % (
                vector_link(problem["id"], 1, results), e(problem["grade"])))
            if vector:
                body.append("<p>%s</p>\n" % e(vector["description"]))
            body.append("<h4>Findings</h4>\n<ul class=\"differences\">%s</ul>\n" % "".join("<li>%s</li>" % e(d) for d in problem["details"]))
            body.append('<div class="pair"><div><h4>The form it was given</h4>\n%s</div><div><h4>What it wrote</h4>\n%s</div></div>\n' % (
                form_html(form) if form else "<p>a probe: see CONFORMANCE.md, \"Encoders\", rule 8</p>",
                written_html(problem.get("written"))))
            body.append('<p class="agree">Other encoders with a problem on this form: %s.</p>\n' % (
                ", ".join(encoder_link(other, 1) for other in failing) or "none"))
            if vector:
                body.append('<p class="links">The canonical body: %s.</p>\n' % body_link(problem["id"], 1))
            options = " ".join((["--boundary-accepted"] if document["accepts_boundary"] else [])
                               + ["--unsupported %s" % f for f in document["unsupported_features"]])
            body.append(reproduction(results, document["encoder"], problem["id"], False).replace(
                "certify --vector", ("certify %s --vector" % options) if options else "certify --vector"))
            body.append("</section>\n")
    return page("%s (%s)" % (document["name"], document["encoder"]), 1, results, "".join(body), results.provenance_line([document]))


def form_html(form):
    rows = []
    for field in form["fields"]:
        value = value_bytes(field, "value")
        rows.append([inline(field["name"].encode("utf-8"), 256),
                     inline(None if field.get("filename") is None else field["filename"].encode("utf-8"), 256),
                     inline(None if field.get("content_type") is None else field["content_type"].encode("utf-8"), 256), inline(value, 256)])
    out = "<p>boundary given: %s</p>\n" % inline(form["boundary"].encode("utf-8"))
    return out + (table(["name", "filename", "Content-Type", "value"], rows, "parts") if rows else "<p>no fields</p>")


def written_html(written):
    if not written:
        return "<p>(not recorded)</p>"
    if "error" in written:
        return "<p>refused or failed: %s</p>" % html.escape(written["error"])
    data = value_bytes(written, "body")
    note = ' <span class="note">(first %d of %d bytes)</span>' % (len(data), written["body_length"]) if written.get("body_length") else ""
    return '<p class="ct">Content-Type: %s</p>\n%s%s' % (inline(written["content_type"].encode("utf-8")), block(data, LIST_BYTES), note)


def vector_page(results, vector_id):
    e = html.escape
    vector = results.vectors[vector_id]
    data = results.body(vector_id)
    facts = [
        ("verdict", "%s: %s" % (vector["verdict"], e(VERDICTS[vector["verdict"]]))),
        ("description", e(vector["description"])),
        ("specifications", e(", ".join(vector.get("specs") or [])) or "-"),
        ("Content-Type", inline(None if vector.get("content_type") is None else vector["content_type"].encode("utf-8"))),
        ("body", "%d bytes, <code>Vectors/%s.body</code>" % (len(data), e(vector_id))),
    ]
    if vector.get("producer"):
        facts.append(("produced by", e(vector["producer"])))
    body = ['<dl class="facts">%s</dl>\n' % "".join("<dt>%s</dt><dd>%s</dd>" % fact for fact in facts)]
    body.append("<h2>The body</h2>\n" + block(data, VECTOR_PAGE_BYTES))
    body.append("<h2>The strict validator's findings</h2>\n")
    diagnostics = vector.get("diagnostics") or []
    if diagnostics:
        rows = []
        for diagnostic in diagnostics:
            rule = results.rules.get(diagnostic["rule"], {})
            where = "Content-Type, offset %d" % diagnostic["offset"] if diagnostic.get("in") == "content-type" else location(data, diagnostic["offset"])
            rows.append([e(rule.get("severity", "error")), "<code>%s</code>" % e(diagnostic["rule"]), e(where),
                         e(rule.get("summary", "")), e(rule.get("citation", ""))])
        body.append(table(["severity", "rule", "where", "what", "citation"], rows, "data findings"))
    else:
        body.append("<p>None: the body is a conforming multipart/form-data body.</p>\n")
    body.append("<h2>Expected of a reader</h2>\n" + expected_html(vector, 512))
    body.append("<h2>Every parser's reading</h2>\n")
    groups = {}
    for document in results.parsers:
        record = results.records[document["parser"]].get(vector_id)
        if record is not None:
            groups.setdefault(record["reading"] or "not-sent", []).append((document, record))
    if not groups:
        body.append("<p>No parser results.</p>\n")
    else:
        body.append("<p>Parsers that read the body the same way are grouped, largest group first; a cell that differs "
                    "from the expected part is marked ≠.</p>\n" + legend())
    for _, members in sorted(groups.items(), key=lambda item: (-len(item[1]), item[1][0][0]["parser"])):
        document, record = members[0]
        names = ", ".join("%s %s" % (mark(outcomes.cell_class(r)), parser_link(d["parser"], 2)) for d, r in members)
        body.append('<section class="reading">\n<h3>%s</h3>\n' % names)
        if record["answer"] == "accepted":
            body.append(reading_html(record, vector, document["unreported_details"], 512))
        else:
            body.append("<ul class=\"differences\">%s</ul>\n" % "".join(
                "<li>%s: %s</li>" % (parser_link(d["parser"], 2), e(answer_text(r))) for d, r in members))
        body.append("</section>\n")
    body.append("<h2>Encoders given this form</h2>\n")
    form = vector.get("encoder_input")
    if not form:
        body.append("<p>This vector has no form for encoders: its parts are not something a form can say, or its body is not one an encoder should write.</p>\n")
    else:
        body.append(form_html(form))
        needed = encoder_features(vector)
        rows = []
        for document in results.encoders:
            problem = results.encoder_problems[document["encoder"]].get(vector_id)
            missing = sorted(needed & set(document["unsupported_features"]))
            if problem:
                outcome = "%s: %s" % (e(problem["grade"]), e(problem["details"][0] if problem["details"] else ""))
            elif missing:
                outcome = "not run (its API cannot express %s)" % e(", ".join(missing))
            else:
                outcome = "pass"
            rows.append([encoder_link(document["encoder"], 2), outcome])
        body.append(table(["encoder", "outcome"], rows, "data"))
    return page(vector_id, 2, results, "".join(body))


def location(data, offset):
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    return "offset %d (line %d, column %d)" % (offset, line, offset - start + 1)


def pattern_of(results, vector_id):
    return tuple(outcomes.cell_class(records[vector_id]) if vector_id in records else "no-content-type"
                 for records in results.records.values())


def pattern_cells(results, pattern):
    # Each cell names its parser, shown beside the mark when a phone folds the grid into rows.
    return "".join('<td class="cell" data-label="%s">%s</td>' % (html.escape(d["parser"]), mark(kind))
                   for d, kind in zip(results.parsers, pattern))


def grid_head(results, first="", last=""):
    heads = "".join('<th class="parser"><span>%s</span></th>' % html.escape(d["parser"]) for d in results.parsers)
    return '<div class="scroll"><table class="grid">\n<thead><tr>%s%s%s</tr></thead>\n<tbody>\n' % (first, heads, last)


def patterns_page(results):
    e = html.escape
    grouped = {}
    for vector_id in results.vectors:
        grouped.setdefault(pattern_of(results, vector_id), []).append(vector_id)
    ordered = sorted(grouped.items(), key=lambda item: (-len(item[1]), item[1][0]))
    body = ["<p>%d vectors fall into %d patterns of results across the %d parsers: each row is one pattern, with "
            "the vectors that produce it, most common first. A vector alone in its pattern is one only it shows.</p>\n" % (
                len(results.vectors), len(grouped), len(results.parsers)), legend()]
    body.append(grid_head(results, last="<th>how many</th><th>vectors</th>"))
    for pattern, ids in ordered:
        body.append('<tr>%s<td class="count">%d vector(s)</td><td class="ids">%s</td></tr>\n' % (
            pattern_cells(results, pattern), len(ids), " ".join(vector_link(vector_id, 0, results) for vector_id in ids)))
    body.append("</tbody></table></div>\n")
    return page("Result patterns (pruned view)", 0, results, "".join(body))


def vectors_page(results):
    e = html.escape
    body = ["<p>Every vector by area, with its verdict (y must be accepted, n must be rejected, i either), the strict "
            "validator's findings (errors/warnings/notes) and each parser's outcome.</p>\n", legend()]
    severities = {rule: entry["severity"] for rule, entry in results.rules.items()}
    body.append(grid_head(results, first="<th>vector</th><th>v</th><th>findings</th>"))
    area = None
    for vector_id, vector in results.vectors.items():
        if vector["area"] != area:
            area = vector["area"]
            body.append('<tr class="area"><th colspan="%d" id="%s">%s</th></tr>\n' % (len(results.parsers) + 3, e(area), e(area)))
        counts = outcomes.findings(vector, severities)
        body.append("<tr><td>%s</td><td>%s</td><td>%d/%d/%d</td>%s</tr>\n" % (
            vector_link(vector_id, 0, results), vector["verdict"], counts["error"], counts["warning"], counts["note"],
            pattern_cells(results, pattern_of(results, vector_id))))
    body.append("</tbody></table></div>\n")
    return page("All vectors", 0, results, "".join(body))


def browsers_page(results):
    e = html.escape
    captures = [vector_id for vector_id, vector in results.vectors.items() if vector["area"] == "browsers"]
    body = ["<p>What real browsers sent, byte for byte (<code>Interop/browsers/</code>): each capture with the browser "
            "and the way the form was submitted, the form it was built from, and how the parsers and encoders fared on it.</p>\n"]
    for vector_id in captures:
        vector = results.vectors[vector_id]
        by_class = {}
        for parser_id, records in results.records.items():
            if vector_id in records:
                by_class.setdefault(outcomes.cell_class(records[vector_id]), []).append(parser_id)
        failing = sorted(d["encoder"] for d in results.encoders if vector_id in results.encoder_problems[d["encoder"]])
        body.append('<section class="case">\n<h2>%s</h2>\n<p>%s</p>\n<p class="summary">%s</p>\n' % (
            vector_link(vector_id, 0, results), e(vector["description"]), e(vector.get("producer", ""))))
        if vector.get("encoder_input"):
            body.append("<h3>The form</h3>\n" + form_html(vector["encoder_input"]))
        body.append("<h3>Parsers</h3>\n<ul>%s</ul>\n" % "".join(
            "<li>%s %s: %s</li>" % (mark(kind), e(dict(outcomes.CLASSES)[kind]), ", ".join(parser_link(p, 0) for p in parsers))
            for kind, parsers in sorted(by_class.items(), key=lambda item: [name for name, _ in outcomes.CLASSES].index(item[0]))))
        body.append("<p>Encoders with a problem on this form: %s.</p>\n</section>\n" % (
            ", ".join(encoder_link(encoder, 0) for encoder in failing) or "none"))
    return page("Browser captures", 0, results, "".join(body))


STYLE = """
:root { --fg: #1d1d1f; --muted: #555; --line: #d0d0d7; --bg-alt: #f5f5f8; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); margin: 0; }
header, main, footer { padding: 0.6em 1.2em; max-width: 110em; }
header { border-bottom: 1px solid var(--line); background: var(--bg-alt); }
header p.site { margin: 0; font-weight: 600; }
header p.site a { color: inherit; text-decoration: none; }
nav a { margin-right: 1em; }
p.provenance, footer { color: var(--muted); font-size: 0.85em; }
h1 { font-size: 1.5em; word-break: break-word; }
h2 { font-size: 1.2em; margin-top: 1.6em; }
h3 { font-size: 1.05em; word-break: break-word; }
h4 { font-size: 0.95em; margin: 0.8em 0 0.3em; }
code, pre { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 0.88em; }
pre.bytes { white-space: pre-wrap; word-break: break-all; background: var(--bg-alt); border: 1px solid var(--line);
            padding: 0.5em; max-height: 40em; overflow: auto; }
code.bytes { white-space: pre-wrap; word-break: break-all; }
.esc { display: inline-block; line-height: 1.2; color: #a0006a; background: #fbe7f3; border: 1px solid #e9b6d3; border-radius: 2px; font-size: 0.75em;
       padding: 0 0.15em; margin: 0 0.05em; vertical-align: 0.1em; }
.utf8 { background: #e7f0fb; }
.cut { color: #fff; background: #666; padding: 0 0.3em; }
.none { color: var(--muted); font-style: italic; }
.note, .label { color: var(--muted); font-size: 0.85em; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2em 1em; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; word-break: break-word; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; margin: 0.4em 0 1em; }
th, td { border: 1px solid var(--line); padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
thead th { background: var(--bg-alt); }
td.count { white-space: nowrap; }
td.diff { background: #ffe4e4; }
.differs { color: #b00020; font-weight: 700; }
.level { display: inline-block; padding: 0.05em 0.45em; border-radius: 3px; background: #eee; }
.level.canonical, .level.conformant { background: #c8e6c9; }
.level.lenient, .level.conformant-with-warnings { background: #e6f4c8; }
.level.loses-data-from-invalid-bodies, .level.passes-invalid-input { background: #fff3b0; }
.level.refuses-forms, .level.rejects-valid-bodies, .level.writes-ignored-headers { background: #ffe0b2; }
.level.misreads-valid-bodies, .level.writes-invalid-bodies { background: #ffcdd2; }
.level.crashes { background: #ef9a9a; }
.level.changes-fields, .level.loses-data { background: #8b0000; color: #fff; }
.level.loses-data-clients-send { background: #4a0000; color: #fff; font-weight: 700; }
.mark { display: inline-block; min-width: 1.5em; text-align: center; border-radius: 3px; font-weight: 700; }
.mark.expected { background: #4caf50; color: #fff; } .mark.rejected-ok { background: #2e7d32; color: #fff; }
.mark.lenient { background: #ffeb3b; } .mark.rejected-valid { background: #ff9800; }
.mark.other-parts { background: #f06292; } .mark.data-loss { background: #b71c1c; color: #fff; }
.mark.crashed { background: #000; color: #fff; } .mark.timed-out { background: #6a1b9a; color: #fff; }
.mark.no-content-type { background: #fff; border: 1px solid var(--line); }
p.legend .item { display: inline-block; margin: 0 1em 0.3em 0; font-size: 0.9em; }
section.case, section.reading { border-top: 1px solid var(--line); padding-top: 0.4em; margin-top: 1em; }
.verdict { font-weight: normal; color: var(--muted); }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: 1em; }
.pair > div { min-width: 0; }
table.grid td.cell { padding: 0.1em; text-align: center; }
table.grid th.parser { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; font-weight: normal; font-size: 0.85em; }
table.grid td.ids { min-width: 24em; max-width: 60em; }
table.grid tr.area th { background: var(--bg-alt); }
@media (max-width: 760px) {
  header, main, footer { padding: 0.5em 0.7em; }
  .pair { grid-template-columns: 1fr; }
  dl.facts { grid-template-columns: 1fr; }
  dl.facts dd { margin-bottom: 0.4em; }
  table.data, table.parts { border: 0; width: 100%; }
  table.data thead, table.parts thead { display: none; }
  table.data tr, table.parts tr { display: block; border: 1px solid var(--line); margin-bottom: 0.6em; }
  table.data td, table.parts td { display: grid; grid-template-columns: 8.5em 1fr; gap: 0.5em; border: 0;
                                  border-bottom: 1px solid var(--bg-alt); }
  table.data td::before, table.parts td::before { content: attr(data-label); font-weight: 600; color: var(--muted); }
  table.implementations td.count { display: inline-grid; width: 50%; grid-template-columns: 7em 1fr; }
  table.grid thead { display: none; }
  table.grid, table.grid tbody { display: block; }
  table.grid tr { display: flex; flex-wrap: wrap; align-items: center; gap: 0.2em 0.6em; border: 1px solid var(--line);
                  margin-bottom: 0.6em; padding: 0.3em; }
  table.grid td { border: 0; padding: 0; }
  table.grid td.cell { display: inline-flex; gap: 0.25em; font-size: 0.8em; }
  table.grid td.cell::before { content: attr(data-label); color: var(--muted); }
  table.grid td.ids { min-width: 0; width: 100%; }
  table.grid tr.area th { width: 100%; }
}
"""


def write_site(into, vectors, rules):
    """Writes every page of the site into `into`/site, replacing what was there."""
    results = Results(into, vectors, rules)
    root = os.path.join(into, FOLDER)
    if os.path.isdir(root):
        shutil.rmtree(root)
    pages = {"site.css": STYLE.lstrip("\n"), "index.html": index_page(results), "patterns.html": patterns_page(results),
             "vectors.html": vectors_page(results), "browsers.html": browsers_page(results)}
    for document in results.parsers:
        pages[os.path.join("parsers", document["parser"] + ".html")] = parser_page(results, document)
    for document in results.encoders:
        pages[os.path.join("encoders", document["encoder"] + ".html")] = encoder_page(results, document)
    for vector_id in results.vectors:
        pages[os.path.join("vectors", vector_id + ".html")] = vector_page(results, vector_id)
    for name, text in pages.items():
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as output:
            output.write(text)
    return len(results.parsers) + len(results.encoders), len(results.vectors)
