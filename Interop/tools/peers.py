"""Peer suites as a second witness: the validator over other parsers' own test data.

Usage: python3 Interop/tools/peers.py   (needs PyPI and Python's yaml module; writes Interop/PEERS.md)

python-multipart ships its cases as data: `tests/test_data/http/<case>.http` (a body) and
`<case>.yaml` (the boundary, and either the fields it decodes or the byte offset of the error it
raises). The sdist is downloaded from PyPI at the pinned version. Go's `mime/multipart`, WPT's
form-data parsing tests and multipart-kit keep their bodies in test code; `peer_suites.py` rebuilds
them as data. Each body is validated with `multipart-check validate` and the boundary the case
declares, and the verdicts are compared: the peer expects an error and the validator finds one, or
the peer decodes the body and the validator reports no error and the same field names in the same
order (for Go's generic Reader, the same number of parts). Every disagreement must be classed in
`peer_suites.EXPLAINED`: the script fails on one that is not, and on a class left on a case that
agrees.
"""
import base64
import glob
import json
import os
import subprocess
import sys
import tarfile
import tempfile

import interop
import peer_suites
import yaml

PYTHON_MULTIPART = "0.0.34"


def content_type(boundary):
    token = boundary != "" and all(c.isalnum() or c in "!#$%&'*+-.^_`|~" for c in boundary)
    return "multipart/form-data; boundary=" + (boundary if token else '"%s"' % boundary)


def validate(binary, body_path, boundary, given=None):
    completed = subprocess.run(
        [binary, "validate", "--format", "json", "--input", "body", "--content-type", given or content_type(boundary),
         body_path],
        capture_output=True)
    entry = json.loads(completed.stdout)["files"][0]
    return entry


def judge(entry, expects):
    """Whether the validator's report agrees with what the peer expects, and what it says."""
    errors = sorted({d["rule"] for d in entry["diagnostics"] if d["severity"] == "error"})
    others = sorted({d["rule"] for d in entry["diagnostics"] if d["severity"] != "error"})
    names = [base64.b64decode(p["name_base64"]).decode("utf-8", "replace") if "name_base64" in p else p["name"]
             for p in entry["decoded_parts"]]
    if expects[0] == "error":
        agree = bool(errors)
    elif expects[0] == "fields":
        agree = not errors and names == expects[1]
    else:
        agree = not errors and entry["parts"] == expects[1]
    says = ("errors: " + ", ".join(errors)) if errors else "conforming"
    if others:
        says += "; " + ", ".join(others)
    return agree, says


def describe(expects):
    if expects[0] == "error":
        return "an error"
    if expects[0] == "parts":
        return "%d part(s)" % expects[1]
    shown = ", ".join(escape(name) for name in expects[1][:6]) + (", ..." if len(expects[1]) > 6 else "")
    return "%d field(s): %s" % (len(expects[1]), shown)


def escape(text):
    """A name for a Markdown cell: controls and the table's own characters made visible."""
    out = "".join(c if c.isprintable() else "\\x%02X" % ord(c) for c in text)
    return out.replace("|", "\\|") if out else '""'


def python_multipart_rows(binary, folder):
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:", "-d", folder,
         "python-multipart==" + PYTHON_MULTIPART], check=True)
    archive = glob.glob(os.path.join(folder, "*.tar.gz"))[0]
    with tarfile.open(archive) as sdist:
        members = [m for m in sdist.getmembers() if "/tests/test_data/http/" in m.name]
        sdist.extractall(folder, members=members, filter="data")
    data = glob.glob(os.path.join(folder, "*", "tests", "test_data", "http"))[0]
    rows = []
    for yaml_path in sorted(glob.glob(os.path.join(data, "*.yaml"))):
        case = os.path.basename(yaml_path)[:-5]
        with open(yaml_path, encoding="utf-8") as source:
            spec = yaml.safe_load(source)
        entry = validate(binary, yaml_path[:-5] + ".http", spec["boundary"])
        expected = spec["expected"]
        if isinstance(expected, dict) and "error" in expected:
            expects, peer = ("error",), "error at byte %d" % expected["error"]
        else:
            # Names, in order: the peer's sizes are after Content-Transfer-Encoding is decoded, the validator's as sent.
            expects = ("fields", [field["name"] for field in expected])
            peer = describe(expects)
        agree, says = judge(entry, expects)
        rows.append((case, peer, says, agree))
    return rows


def suite_rows(binary, folder, cases):
    rows = []
    for case in cases:
        path = os.path.join(folder, "body")
        with open(path, "wb") as output:
            output.write(case.body)
        entry = validate(binary, path, case.boundary, case.content_type)
        agree, says = judge(entry, case.expects)
        rows.append((case.id, describe(case.expects), says, agree))
    return rows


CLASSES = ["agree", "stricter", "peer-specific", "validator-wrong"]
CLASS_TITLES = {"agree": "agree", "stricter": "stricter, with RFC backing", "peer-specific": "peer-specific",
                "validator-wrong": "validator wrong"}


def main():
    binary = interop.multipart_check()
    suites = []
    with tempfile.TemporaryDirectory(prefix="peers-") as folder:
        suites.append(("python-multipart", "Kludex/python-multipart %s tests/test_data/http" % PYTHON_MULTIPART,
                       python_multipart_rows(binary, folder), peer_suites.PYTHON_MULTIPART_SKIPPED))
        for name, title, cases, skipped in peer_suites.SUITES:
            suites.append((name, title, suite_rows(binary, folder, cases), skipped))
    problems = []
    classed = {}
    for name, _, rows, _ in suites:
        for case, _, _, agree in rows:
            explained = peer_suites.EXPLAINED.get((name, case))
            if agree:
                if explained:
                    problems.append("%s %s agrees but is classed %s: remove the class" % (name, case, explained[0]))
                classed[(name, case)] = ("agree", "")
            elif explained is None:
                problems.append("%s %s disagrees and is not classed in peer_suites.EXPLAINED" % (name, case))
                classed[(name, case)] = ("validator-wrong", "not explained")
            else:
                classed[(name, case)] = explained
    for key in peer_suites.EXPLAINED:
        if key not in classed:
            problems.append("%s %s is classed but no longer a case" % key)
    lines = [
        "# Peer suites: the validator over other parsers' own tests",
        "",
        "Generated by `python3 Interop/tools/peers.py`; do not edit. Four parsers' own test bodies, validated",
        "with the boundary each test parses them with. python-multipart ships its cases as data files; Go's",
        "`mime/multipart`, WPT's form-data parsing tests and multipart-kit's tests write theirs in test code,",
        "and `Interop/tools/peer_suites.py` rebuilds each body from the test byte for byte. The validator",
        "agrees when it finds an error where the peer expects one, or no error and the same field names in",
        "the same order where the peer decodes the body (for Go's generic multipart Reader, whose parts need",
        "no name, the same number of parts). Every disagreement is classed: **stricter, with RFC backing**",
        "(the validator finds an error a specification's MUST or grammar backs where the peer reads on),",
        "**peer-specific** (the peer tests a choice of its own: a stricter draft, a generic MIME reader, its",
        "own API) or **validator wrong**, which the script refuses to leave unexplained.",
        "",
        "| suite | cases | agree | stricter, with RFC backing | peer-specific | validator wrong |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, title, rows, _ in suites:
        counts = {c: 0 for c in CLASSES}
        for case, _, _, _ in rows:
            counts[classed[(name, case)][0]] += 1
        lines.append("| %s | %d | %s |" % (name, len(rows), " | ".join(str(counts[c]) for c in CLASSES)))
    for name, title, rows, skipped in suites:
        lines += ["", "## %s" % name, "", "%s. Left out: %s." % (title, skipped), "",
                  "| case | the peer expects | the validator says | class | why |", "|---|---|---|---|---|"]
        for case, peer, says, agree in rows:
            kind, why = classed[(name, case)]
            lines.append("| `%s` | %s | %s | %s | %s |" % (
                case.replace("|", "\\|"), peer, says, CLASS_TITLES[kind] if not agree else "agree", why))
    with open(os.path.join(interop.INTEROP, "PEERS.md"), "w", encoding="utf-8") as output:
        output.write("\n".join(lines) + "\n")
    for problem in problems:
        print("peers.py: " + problem, file=sys.stderr)
    total = sum(len(rows) for _, _, rows, _ in suites)
    agreed = sum(1 for k, v in classed.items() if v[0] == "agree")
    print("PEERS.md: %d peer cases in %d suites, the validator agrees on %d" % (total, len(suites), agreed),
          file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
