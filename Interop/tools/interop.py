"""Shared pieces of the interop tools: the parser list, the corpus, the validator binary and readings.

A *reading* is what one parser made of one body, in a form that can be compared across parsers:
`rejected`, `no-answer:<code>` (crashed, timed out, failed, malformed answer), or `parts:<digest>`
of the decoded parts normalised so that what some parser APIs never report does not count as a
difference: parts are ordered by name (stably), a part without a filename is compared without its
Content-Type, and content types compare without case and surrounding whitespace.
"""
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys

INTEROP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(INTEROP)
VECTORS = os.path.join(ROOT, "Vectors")
RESULTS = os.path.join(INTEROP, "results")


class Implementation:
    """One line of parsers.tsv or encoders.tsv: id, language, label, a list (or -), version command, command."""

    def __init__(self, fields):
        self.id, self.language, self.label, listed, self.version_command, self.command = fields
        self.listed = [] if listed == "-" else listed.split(",")

    def program(self):
        """The program the command runs (after any `env` settings)."""
        return [word for word in self.command.split(" ") if word != "env" and "=" not in word][0]

    def installed(self):
        """Whether the command's program exists here: a path from Interop/ (a built driver), or a name on PATH."""
        program = self.program()
        if os.sep in program:
            return os.path.exists(os.path.join(INTEROP, program))
        return shutil.which(program) is not None

    def version(self):
        """What the version command prints, on one line."""
        try:
            output = subprocess.run(
                self.version_command, shell=True, cwd=INTEROP, capture_output=True, text=True, timeout=60
            ).stdout
        except subprocess.TimeoutExpired:
            return "unknown (the version command timed out)"
        return " ".join(output.split()) or "unknown"


class Parser(Implementation):
    """One line of parsers.tsv; its list is the details the parser's API does not report."""

    @property
    def unreported(self):
        return self.listed


class Encoder(Implementation):
    """One line of encoders.tsv; its list is `boundary-accepted` when the library takes the boundary it
    is given, and the features its API cannot express."""

    @property
    def accepts_boundary(self):
        return "boundary-accepted" in self.listed

    @property
    def unsupported(self):
        return [feature for feature in self.listed if feature != "boundary-accepted"]

    def certify_options(self):
        """The `multipart-check certify` options the list stands for."""
        options = ["--boundary-accepted"] if self.accepts_boundary else []
        for feature in self.unsupported:
            options += ["--unsupported", feature]
        return options


def parsers():
    """Every parser of parsers.tsv, in file order."""
    return _table("parsers.tsv", Parser)


def encoders():
    """Every encoder of encoders.tsv, in file order."""
    return _table("encoders.tsv", Encoder)


def _table(name, kind):
    result = []
    with open(os.path.join(INTEROP, name), encoding="utf-8") as listing:
        for number, line in enumerate(listing, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 6:
                sys.exit("%s:%d: expected 6 tab-separated fields, found %d" % (name, number, len(fields)))
            result.append(kind(fields))
    return result


TIMEOUT_SECONDS = "30"


def certify(binary, implementation, options, saved):
    """Runs `multipart-check certify --format json` on one parser or encoder with the given options,
    keeping its answers in the folder `saved`; returns the JSON report."""
    arguments = [
        binary, "certify", "--format", "json", "--save-bodies", saved, "--name", implementation.label,
        "--timeout", TIMEOUT_SECONDS, "--jobs", "2",
        # Named, not found: certify reads only the shipped corpus unless told, and this is the tree's.
        "--corpus", VECTORS,
    ] + options
    # A command such as `env NODE_PATH=... node driver.js` sets its own environment through env(1).
    # stable_stderr.py rewrites the paths in what a crashing driver prints, which the verdict keeps.
    arguments += ["--", sys.executable, os.path.join("tools", "stable_stderr.py")] + implementation.command.split(" ")
    completed = subprocess.run(arguments, cwd=INTEROP, capture_output=True)
    if not completed.stdout:
        sys.exit("%s: multipart-check printed no report:\n%s" % (implementation.id, completed.stderr.decode(errors="replace")))
    return json.loads(completed.stdout)


# Each level's title, as `multipart-check` prints it (CONFORMANCE.md, "Levels").
LEVEL_TITLES = {
    "canonical": "Canonical",
    "conformant": "Conformant",
    "conformant-with-warnings": "Conformant with warnings",
    "lenient": "Lenient",
    "loses-data-from-invalid-bodies": "Loses data from invalid bodies",
    "refuses-forms": "Refuses forms",
    "passes-invalid-input": "Passes invalid input through",
    "writes-ignored-headers": "Writes header fields receivers ignore",
    "rejects-valid-bodies": "Rejects valid bodies",
    "misreads-valid-bodies": "Misreads valid bodies",
    "crashes": "Crashes or hangs",
    "writes-invalid-bodies": "Writes invalid bodies",
    "changes-fields": "Changes the fields it is given",
    "loses-data": "Loses data silently",
    "loses-data-clients-send": "Loses data clients send",
    "partial": "Partial run",
}


# The problems of each kind, worst first: the order the level ladder and the ranking follow.
PROBLEM_LADDER = {
    "decoder": ["loses-data-clients-send", "loses-data", "no-answer", "misreads-valid", "rejects-valid", "loses-data-from-invalid", "accepts-invalid"],
    "encoder": ["changes-fields", "writes-invalid", "no-answer", "writes-ignored-headers", "writes-invalid-input",
                "refuses-forms", "avoidable-warnings"],
}


def valid_read(document, kind):
    """What a row does right where it matters most: for a parser, the valid bodies (`y-` and `i-`
    vectors) it reads as the specifications allow; for an encoder, the forms it writes correctly."""
    if kind == "decoder":
        return sum(1 for record in document["vectors"] if record["verdict"] in ("y", "i") and record["grade"] == "pass")
    counts = document.get("counts") or {}
    return counts.get("pass", 0) + counts.get("pass-with-warnings", 0)


def ranks(documents, kind):
    """Each document's rank among `documents` (1 is best). Valid bodies first: a parser that reads more
    valid bodies as allowed ranks above one that reads fewer, whatever it does with invalid ones, so
    one that rejects everything reads none and ranks last (an encoder: more forms written correctly).
    Ties are broken by the causes of each problem (`defects`: one cause shown on many vectors counts
    once), worst problem first: fewer causes of silent data loss, then of crashes, and so on.
    Documents with the same figures share a rank."""
    def key(document):
        # One cause shown on many vectors counts once (a result from before causes counts its verdicts).
        counts = document.get("problem_counts") or {}
        if document.get("defects") is not None:
            counts = {}
            for defect in document["defects"]:
                counts[defect["problem"]] = counts.get(defect["problem"], 0) + 1
        return (-valid_read(document, kind),) + tuple(counts.get(problem, 0) for problem in PROBLEM_LADDER[kind])
    keys = sorted(key(document) for document in documents)
    return [keys.index(key(document)) + 1 for document in documents]


def cores():
    """cores.tsv: rows of parsers.tsv or encoders.tsv that share one parser or encoder core."""
    path = os.path.join(INTEROP, "cores.tsv")
    shared = {}
    if not os.path.exists(path):
        return shared
    with open(path, encoding="utf-8") as listing:
        for line in listing:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            core, rows, how = line.split("\t")
            members = rows.split(",")
            for member in members:
                shared[member] = (core, [other for other in members if other != member], how)
    return shared


def _declared(name):
    """A declarations file beside parsers.tsv (parser id, what is declared, the page that documents it):
    for each parser id, its (declaration, page) pairs in file order; no file is no declarations."""
    path = os.path.join(INTEROP, name)
    declared = {}
    if not os.path.exists(path):
        return declared
    with open(path, encoding="utf-8") as listing:
        for line in listing:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            parser, what, documented = line.split("\t")
            declared.setdefault(parser, []).append((what, documented))
    return declared


def conventions():
    """conventions.tsv: for each parser id, its documented conventions as (convention, documentation URL)."""
    return _declared("conventions.tsv")


def declared_limits():
    """limits.tsv: for each parser id, its declared size limits as (limit, where declared)."""
    return _declared("limits.tsv")


def independent_cores(ids, shared):
    """How many independent cores the rows `ids` hold, given cores.tsv's `shared` (row -> (core, others, how))."""
    groups = set()
    for row in ids:
        groups.add(shared[row][0] if row in shared else "row:" + row)
    return len(groups)


def level_text(document):
    """The level's title and the problems that earned it, worst first: `Misreads valid bodies (3 misreads-valid, ...)`."""
    title = LEVEL_TITLES.get(document["level"], document["level"])
    problems = document.get("problem_counts") or {}
    if not problems:
        return title
    ladder = PROBLEM_LADDER["encoder" if "encoder" in document else "decoder"]
    ordered = sorted(problems.items(), key=lambda item: ladder.index(item[0]) if item[0] in ladder else len(ladder))
    return "%s (%s)" % (title, ", ".join("%s %d" % (name, count) for name, count in ordered))


def multipart_check():
    """The release multipart-check binary: $MULTIPART_CHECK, or built from the root package."""
    binary = os.environ.get("MULTIPART_CHECK")
    if binary:
        return binary
    subprocess.run(
        ["swift", "build", "-c", "release", "--product", "multipart-check"], cwd=ROOT, check=True,
        stdout=subprocess.DEVNULL,
    )
    return os.path.join(ROOT, ".build", "release", "multipart-check")


def corpus():
    """Every vector's sidecar by id (`area/name`), with `verdict` (y, n or i) added."""
    vectors = {}
    for area in sorted(os.listdir(VECTORS)):
        folder = os.path.join(VECTORS, area)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".json"):
                with open(os.path.join(folder, name), encoding="utf-8") as sidecar:
                    vector = json.load(sidecar)
                vector["verdict"] = name[0]
                vector["area"] = area
                vectors[area + "/" + name[: -len(".json")]] = vector
    return vectors


def rules(binary):
    """Every rule of the catalog by id (severity, citation, summary, ...), from `multipart-check rules --format json`."""
    output = subprocess.run([binary, "rules", "--format", "json"], capture_output=True, check=True).stdout
    document = json.loads(output)
    listed = document["rules"] if isinstance(document, dict) else document
    return {rule["id"]: rule for rule in listed}


def _text(part, key):
    if key + "_base64" in part:
        return base64.b64decode(part[key + "_base64"])
    value = part.get(key)
    return None if value is None else value.encode("utf-8")


def decoded_parts(parts):
    """Decoded parts as `certify --save-bodies` keeps them (a list of contract part objects) as
    (name, filename, content_type, body) byte tuples."""
    return [
        (_text(part, "name"), _text(part, "filename"), _text(part, "content_type"), base64.b64decode(part["body_base64"]))
        for part in parts
    ]


def expected_parts(sidecar_parts):
    """A sidecar's `parts` (same `key` / `key_base64` convention as the contract) as the same tuples."""
    return [
        (_text(part, "name"), _text(part, "filename"), _text(part, "content_type"), _text(part, "body") or b"")
        for part in sidecar_parts
    ]


def names_of(parts):
    """Decoded parts (tuples as `decoded_parts` gives them) as [name, filename] pairs of text, bytes
    that are not UTF-8 escaped: what the firewall differential compares besides the digest."""
    def text(value):
        return None if value is None else value.decode("utf-8", errors="backslashreplace")
    return [[text(name), text(filename)] for name, filename, _, _ in parts]


def digest(parts):
    """The comparable digest of decoded parts (see the module's description)."""
    def key(part):
        return part[0] or b""

    normalised = []
    for name, filename, content_type, body in sorted(parts, key=key):
        if filename is None:
            content_type = None  # several APIs never report a text field's type
        elif content_type is not None:
            content_type = content_type.strip(b" \t").lower()
        normalised.append([
            None if name is None else name.hex(), None if filename is None else filename.hex(),
            None if content_type is None else content_type.hex(), hashlib.sha256(body).hexdigest(),
        ])
    return "parts:" + hashlib.sha256(json.dumps(normalised).encode()).hexdigest()[:16]


# How many bytes of a part's content a result keeps to show; the digest covers all of it.
SHOWN_BYTES = 1024


def _shown(fields, key, value, limit=None):
    if value is None:
        fields[key] = None
        return
    if limit is not None and len(value) > limit:
        fields[key + "_length"] = len(value)
        value = value[:limit]
    try:
        fields[key] = value.decode("utf-8")
    except UnicodeDecodeError:
        fields[key + "_base64"] = base64.b64encode(value).decode("ascii")


def shown_parts(parts):
    """Decoded parts (byte tuples) as a result keeps them to show what a parser returned: the
    sidecar's `key` / `key_base64` convention, content cut to SHOWN_BYTES with `body_length` then."""
    shown = []
    for name, filename, content_type, body in parts:
        fields = {}
        _shown(fields, "name", name)
        _shown(fields, "filename", filename)
        _shown(fields, "content_type", content_type)
        _shown(fields, "body", body, SHOWN_BYTES)
        shown.append(fields)
    return shown


def write_json(path, value):
    """Writes JSON the way every committed result is written: sorted keys, two-space indent, final LF."""
    with open(path, "w", encoding="utf-8") as output:
        json.dump(value, output, indent=2, sort_keys=True, ensure_ascii=False)
        output.write("\n")
