"""Certifies the real encoders of encoders.tsv and writes their part of the interop results.

Each encoder runs through `multipart-check certify --format json --save-bodies DIR`; its result,
results/encoders/<id>.json, keeps the level, the coverage and every vector that did not simply
pass, with the rules the strict validator named. Encoders that choose their own boundary choose a
new one each run, so the boundary is replaced by `BOUNDARY` in what is kept (the saved Content-Type
of each answer names it): re-running gives the same file.
"""
import base64
import json
import os
import re
import tempfile

import interop

RULE = re.compile(r"\[([a-z0-9]+(?:-[a-z0-9]+)*)\]")
BOUNDARY_PARAMETER = re.compile(r"""boundary=(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))""", re.IGNORECASE)


# This project's own rows of encoders.tsv: shown apart from the third-party libraries and not ranked among them.
OWN = ("reference", "hand-rolled")


def run_encoder(encoder, binary):
    """Runs one encoder over the corpus; returns its result document."""
    with tempfile.TemporaryDirectory(prefix="interop-" + encoder.id + "-") as saved:
        report = interop.certify(binary, encoder, encoder.certify_options(), saved)
        problems = []
        for verdict in report["verdicts"]:
            if verdict["grade"] in ("pass", "unsupported"):
                continue
            # A probe's forms are sent without a boundary even to an encoder that takes one: the boundary
            # it chose is random, so it is anonymised like any chosen boundary for a rerun to compare.
            chose_its_own = not encoder.accepts_boundary or verdict["id"].startswith("probe/")
            boundary = saved_boundary(saved, verdict["id"]) if chose_its_own else None
            learned = learned_boundary(saved, verdict["id"])
            details = [anonymised(anonymised(detail, boundary), learned, "LEARNED-BOUNDARY") for detail in verdict["details"]]
            if boundary:
                # A random boundary's length may vary too (httpmime picks 30 to 40 characters), and with
                # it every byte offset after it: such a finding keeps its line and column only.
                details = [CHOSEN_BOUNDARY_OFFSET.sub(r"line \1, column \2", detail) for detail in details]
            problems.append({
                "id": verdict["id"],
                "grade": verdict["grade"],
                "problem": verdict.get("problem"),
                "rules": sorted({rule for detail in details for rule in RULE.findall(detail)}),
                "cause": verdict.get("cause"),
                "details": details,
                "written": written(saved, verdict["id"], boundary, learned),
            })
    return {
        "format_version": 1,
        "encoder": encoder.id,
        "name": encoder.label,
        "language": encoder.language,
        "version": encoder.version(),
        "accepts_boundary": encoder.accepts_boundary,
        "unsupported_features": encoder.unsupported,
        "level": report["level"],
        "problem_counts": report["problems"],
        "defects": [{key: defect[key] for key in ("problem", "cause", "count")} for defect in report.get("defects", [])],
        "refused": report.get("refused", {}),
        "provenance": report["provenance"],
        "headline": anonymised(report["headline"], None),
        "counts": report["counts"],
        "coverage": report["coverage"],
        "canonical": report.get("canonical"),
        "problems": problems,
    }


def saved_boundary(saved, vector_id):
    """The boundary the encoder chose for a vector, read from the Content-Type it answered."""
    path = os.path.join(saved, vector_id + ".content-type")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8", errors="replace") as content_type:
        match = BOUNDARY_PARAMETER.search(content_type.read())
    if match is None:
        return None
    return match.group(1) if match.group(1) is not None else match.group(2)


# How many bytes of a written body a result keeps to show.
SHOWN_BYTES = 4096


def learned_boundary(saved, vector_id):
    """For the own-boundary probe: the boundary the encoder chose for the probe's first form, which
    the second form's file holds on the line after `first line` (EncoderProbe's colliding form); random
    like any chosen boundary, so it is anonymised too. `None` for anything else."""
    if not vector_id.startswith("probe/"):
        return None
    path = os.path.join(saved, vector_id + ".body")
    if not os.path.exists(path):
        return None
    with open(path, "rb") as body:
        match = re.search(rb"first line\r\n--([^\r\n]+)\r\n", body.read())
    return match.group(1).decode("utf-8", errors="replace") if match else None


def written(saved, vector_id, boundary, learned=None):
    """What the encoder answered for a vector: its Content-Type and body (the first SHOWN_BYTES,
    with `body_length` when cut), or the error it refused with; a chosen boundary reads `BOUNDARY`."""
    base = os.path.join(saved, vector_id)
    if os.path.exists(base + ".error"):
        with open(base + ".error", encoding="utf-8", errors="replace") as error:
            return {"error": anonymised(error.read().rstrip("\n"), boundary)}
    if not os.path.exists(base + ".body"):
        return None
    with open(base + ".content-type", encoding="utf-8", errors="replace") as content_type:
        answer = {"content_type": anonymised(content_type.read().rstrip("\n"), boundary)}
    with open(base + ".body", "rb") as body:
        data = body.read()
    if boundary and len(boundary) >= 8:
        data = data.replace(boundary.encode("utf-8", errors="replace"), b"BOUNDARY")
    if learned and len(learned) >= 8 and learned != boundary:
        data = data.replace(learned.encode("utf-8", errors="replace"), b"LEARNED-BOUNDARY")
    if len(data) > SHOWN_BYTES:
        answer["body_length"] = len(data)
        data = data[:SHOWN_BYTES]
    try:
        answer["body"] = data.decode("utf-8")
    except UnicodeDecodeError:
        answer["body_base64"] = base64.b64encode(data).decode("ascii")
    return answer


# A finding's byte offset, before its line and column: "offset 128 (line 4, column 1)".
CHOSEN_BOUNDARY_OFFSET = re.compile(r"offset \d+ \(line (\d+), column (\d+)\)")


def anonymised(text, boundary, placeholder="BOUNDARY"):
    """The text with a boundary the encoder chose at random replaced by `BOUNDARY` (or `placeholder`)."""
    return text.replace(boundary, placeholder) if boundary and len(boundary) >= 8 else text


def load_results(into):
    """The committed (or freshly written) result of every encoder of encoders.tsv."""
    documents = []
    for encoder in interop.encoders():
        path = os.path.join(into, "results", "encoders", encoder.id + ".json")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as result:
                documents.append(json.load(result))
    return documents


def coverage_text(document):
    coverage = document["coverage"]
    if coverage["run"] == coverage["total"]:
        return "all %d" % coverage["total"]
    reasons = ", ".join("%s %d" % (reason, count) for reason, count in sorted(coverage["not_run"].items()))
    return "%d of %d (not run: %s)" % (coverage["run"], coverage["total"], reasons)


def markdown_table(documents, cell):
    """The encoders' table of RESULTS.md, as lines."""
    third_party = [document for document in documents if document["encoder"] not in OWN]
    lines = [
        "## Encoders",
        "",
        "Each encoder runs through `multipart-check certify` with the driver in `encoders/` (the encoder",
        "process contract, CONFORMANCE.md); the options column says whether it takes the boundary it is",
        "given and which features its API cannot express (those vectors are not run). A boundary the",
        "encoder chose itself is shown as `BOUNDARY`.",
        "",
        "The level is the encoder's worst problem below the strict top levels (CONFORMANCE.md, \"Levels\"),",
        "with the count of each problem, worst first; refused forms are counted by what they hold. The",
        "rank puts forms written correctly first, then fewer causes of each problem, worst problem first",
        "(a cause shown on many vectors counts once). %d third-party rows hold %d independent encoder" % (
            len(third_party), interop.independent_cores([d["encoder"] for d in third_party], interop.cores())),
        "cores; this project's own encoders follow, not ranked.",
        "",
        "| rank | encoder | language | version | options | level (problems) | causes | vectors run | pass | with warnings | refused | fail | canonical bodies reproduced |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    encoder_ranks = interop.ranks(third_party, "encoder")
    ranked = sorted(zip(encoder_ranks, third_party), key=lambda pair: pair[0])
    for rank, document in ranked + [("-", document) for document in documents if document["encoder"] in OWN]:
        counts, canonical = document["counts"], document.get("canonical") or {}
        options = (["boundary-accepted"] if document["accepts_boundary"] else []) + document["unsupported_features"]
        reproduced = "%d of %d" % (canonical["identical"], canonical["checked"]) if document["accepts_boundary"] and canonical else "-"
        refused = document.get("refused") or {}
        refused_text = "%d (%s)" % (counts.get("refused", 0), ", ".join("%s %d" % item for item in refused.items())) if refused else "0"
        lines.append("| %s | %s (`%s`) | %s | %s | %s | %s | %d | %s | %d | %d | %s | %d | %s |" % (
            rank, cell(document["name"]), document["encoder"], document["language"], cell(document["version"]),
            ", ".join(options) or "-", cell(interop.level_text(document)), len(document.get("defects") or []), coverage_text(document),
            counts.get("pass", 0), counts.get("pass-with-warnings", 0), refused_text, counts.get("fail", 0), reproduced))
    lines += ["", "Every vector an encoder fails or passes with warnings is listed under \"Encoder problems\" below."]
    return lines


def markdown_problems(documents, cell):
    """Every encoder's failing and warned vectors, with the rules named, as lines of RESULTS.md."""
    lines = ["## Encoder problems"]
    for document in documents:
        problems = document["problems"]
        lines += ["", "### %s (`%s`): %s" % (document["name"], document["encoder"], interop.level_text(document)), ""]
        if not problems:
            lines.append("Every vector run passes without warnings.")
            continue
        lines += ["| vector | grade | rules | first problem |", "|---|---|---|---|"]
        for problem in problems:
            lines.append("| `%s` | %s | %s | %s |" % (
                problem["id"], problem["grade"], ", ".join(problem["rules"]) or "-", cell(problem["details"][0] if problem["details"] else "")))
    return lines
