#!/usr/bin/env python3
"""Writes the receiver profiles' evidence table (Sources/MultipartFormReceivers/ReceiverEvidence+Table.swift)
from the committed interop evidence, so `--receiver php` reads data, not a guess.

Inputs, all committed:
  Interop/results/evidence.json   how each parser read every vector the parsers split on
  Interop/conventions.tsv         each parser's documented conventions, with their pages
  Interop/receiver-aliases.tsv    names developers know (laravel, rails) mapped to a row
  Vectors/**/*.json, MANIFEST.sha256   each vector's expected rules; the corpus digest

A profile reading comes only from a vector whose sidecar expects exactly one rule, so what the
receiver did is that rule's shape and nothing else's. Run after Interop/run.sh changes the evidence:
  python3 .tools/receivers/generate.py          rewrite the table
  python3 .tools/receivers/generate.py --check  exit 1 when the committed table is out of date
"""
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT = os.path.join(ROOT, "Sources", "MultipartFormReceivers", "ReceiverEvidence+Table.swift")
# Readings that differ from what the sidecar expects, in the order a message prefers them.
# Readings written out per receiver and rule, and the longest summary kept.
SHOWN = 2
SUMMARY_LIMIT = 200
OTHERWISE = ["data-loss", "other-parts", "rejected", "crashed", "timed-out"]


def tsv(path):
    """The non-comment lines of a tab-separated file, split."""
    with open(path, encoding="utf-8") as handle:
        return [line.rstrip("\n").split("\t") for line in handle if line.strip() and not line.startswith("#")]


def cell(text):
    """A field made safe for one tab-separated line of the table."""
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def shortened(summary):
    """A summary cut to SUMMARY_LIMIT characters, marked when cut."""
    return summary if len(summary) <= SUMMARY_LIMIT else summary[:SUMMARY_LIMIT - 1] + "…"


def single_rule_vectors():
    """Each vector id whose sidecar expects exactly one rule, with that rule."""
    found = {}
    vectors = os.path.join(ROOT, "Vectors")
    for folder, _, names in os.walk(vectors):
        for name in names:
            if not name.endswith(".json"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                sidecar = json.load(handle)
            rules = sorted({d["rule"] for d in sidecar.get("diagnostics") or []})
            if len(rules) == 1:
                vector_id = os.path.relpath(os.path.join(folder, name[:-5]), vectors).replace(os.sep, "/")
                found[vector_id] = rules[0]
    return found


def table():
    with open(os.path.join(ROOT, "Interop", "results", "evidence.json"), encoding="utf-8") as handle:
        evidence = json.load(handle)
    with open(os.path.join(ROOT, "Vectors", "MANIFEST.sha256"), "rb") as handle:
        digest = hashlib.sha256(handle.read()).hexdigest()[:16]
    single = single_rule_vectors()
    firewall = (evidence.get("firewall_differential") or {}).get("firewall")
    parsers = [p for p in evidence["parsers"] if p["id"] != firewall]
    ids = {p["id"] for p in parsers}
    lines = [f"source\t{evidence['vector_count']}\t{digest}"]
    for parser in parsers:
        lines.append("\t".join(["receiver", parser["id"], cell(parser["name"]), cell(parser["language"]),
                                cell(parser["version"])]))
    for row, convention, page in tsv(os.path.join(ROOT, "Interop", "conventions.tsv")):
        if row in ids:
            lines.append("\t".join(["convention", row, convention, cell(page)]))
    for alias, row, page in tsv(os.path.join(ROOT, "Interop", "receiver-aliases.tsv")):
        if row not in ids:
            sys.exit(f"receiver-aliases.tsv: {alias} names {row}, which the evidence has no row for")
        lines.append("\t".join(["alias", alias, row, cell(page)]))
    counts = {}
    for rule in single.values():
        counts[rule] = counts.get(rule, 0) + 1
    for rule in sorted(counts):
        lines.append(f"covered\t{rule}\t{counts[rule]}")
    readings = []
    for vector in evidence["split_vectors"]:
        rule = single.get(vector["id"])
        if rule is None:
            continue
        for reading in vector["readings"]:
            if reading["class"] not in OTHERWISE:
                continue
            for parser in reading["parsers"]:
                if parser in ids:
                    readings.append((parser, rule, OTHERWISE.index(reading["class"]), vector["id"],
                                     reading["class"], reading["summary"]))
    # Per receiver and rule: how many vectors it read otherwise, and the first two (worst reading first)
    # written out, which is what a message quotes.
    shown = {}
    for parser, rule, _, vector_id, kind, summary in sorted(readings):
        key = (parser, rule)
        shown.setdefault(key, []).append((vector_id, kind, summary))
    for (parser, rule), items in sorted(shown.items()):
        lines.append(f"otherwise\t{parser}\t{rule}\t{len(items)}")
        for vector_id, kind, summary in items[:SHOWN]:
            lines.append("\t".join(["reading", parser, rule, vector_id, kind, cell(shortened(summary))]))
    return lines


def member(row_id):
    """The Swift static member a row gets: `go-parse-form` → `goParseForm`."""
    words = row_id.split("-")
    return words[0] + "".join(word[:1].upper() + word[1:] for word in words[1:])


def render(lines):
    rows = [line.split("\t")[1:3] for line in lines if line.startswith("receiver\t")]
    members = "".join(
        f"    /// {name.replace(chr(92), '')}: the interop row `{row_id}`.\n"
        f'    public static let {member(row_id)} = Receiver(id: "{row_id}")\n'
        for row_id, name in rows)
    body = "\n".join(lines)
    if '"""#' in body:
        sys.exit("a summary holds the raw string's terminator; escape it in generate.py")
    return (
        "// Generated by .tools/receivers/generate.py from Interop/results/evidence.json, Interop/conventions.tsv,\n"
        "// Interop/receiver-aliases.tsv and the corpus sidecars; do not edit. ReceiverEvidenceTests checks it.\n\n"
        "extension Receiver {\n" + members + "}\n\n"
        "extension ReceiverEvidence {\n"
        "    /// The evidence as tab-separated lines, parsed once on first use (see `ReceiverEvidence.parse`).\n"
        '    static let table = #"""\n'
        + body + "\n"
        '"""#\n'
        "}\n"
    )


def main():
    text = render(table())
    if "--check" in sys.argv[1:]:
        with open(OUTPUT, encoding="utf-8") as handle:
            if handle.read() != text:
                print(f"{os.path.relpath(OUTPUT, ROOT)} is out of date: run .tools/receivers/generate.py", file=sys.stderr)
                return 1
        return 0
    with open(OUTPUT, "w", encoding="utf-8") as handle:
        handle.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
