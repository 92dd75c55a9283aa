"""What a parser's results say, read by every writer of reports: the outcome class of each verdict
and the committed result documents.

The report writers (reports.py for RESULTS.md and matrix.html, results_site.py for the site,
upstream.py for the upstream reports) import this module and never each other's, except reports.py,
which runs the other two; so none of them imports one that imports it back.
"""
import json
import os

import interop

# How a cell is drawn: the answer and the grade, reduced to the outcome classes of the matrix.
CLASSES = [
    ("expected", "accepted, as the sidecar expects"),
    ("rejected-ok", "rejected, as allowed"),
    ("lenient", "accepted an invalid body"),
    ("rejected-valid", "rejected a body it must accept"),
    ("other-parts", "accepted, but decoded other parts"),
    ("data-loss", "accepted, silently losing data"),
    ("crashed", "crashed or exited with an error"),
    ("timed-out", "timed out"),
    ("no-content-type", "not run (the vector has no Content-Type)"),
]


def cell_class(record):
    answer, grade = record["answer"], record["grade"]
    if answer == "not-sent":
        return "no-content-type"
    if answer == "timed-out":
        return "timed-out"
    if answer not in ("accepted", "rejected"):
        return "crashed"
    if grade == "silent-data-loss":
        return "data-loss"
    if answer == "rejected":
        return "rejected-ok" if grade == "pass" else "rejected-valid"
    if grade == "lenient":
        return "lenient"
    return "expected" if record["matches_expected"] or grade == "pass" else "other-parts"


def reading_class(record):
    """The reading's kind, for grouping parsers that read a vector the same way."""
    kind = cell_class(record)
    if kind in ("rejected-ok", "rejected-valid"):
        return "rejected"
    if kind == "lenient":
        return "expected" if record["matches_expected"] else "other-parts"
    return kind


def load_results(into):
    documents = []
    for parser in interop.parsers():
        path = os.path.join(into, "results", parser.id + ".json")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as result:
                documents.append(json.load(result))
    return documents


def findings(vector, severities):
    counts = {"error": 0, "warning": 0, "note": 0}
    for diagnostic in vector.get("diagnostics") or []:
        counts[severities.get(diagnostic["rule"], "error")] += 1
    return counts
