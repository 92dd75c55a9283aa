"""Writes the interop reports from results/<id>.json: evidence.json, RESULTS.md, matrix.html, the site
(results_site.py) and the upstream reports (upstream.py).

Every file here is generated; run.sh --check regenerates them and compares.
"""
import html
import json
import os

import atlas
import encoders
import firewall
import interop
import results_site
import upstream
from outcomes import CLASSES, cell_class, findings, load_results, reading_class

GENERATED = [os.path.join("results", "evidence.json"), "RESULTS.md", "matrix.html"]
# Folders whose every file is generated: a file there that the results no longer make is stale.
GENERATED_TREES = ["site", "reports"]


def splits(documents, vectors):
    """Per vector, the groups of parsers that read it the same way, when there is more than one."""
    result = {}
    for vector_id in vectors:
        groups = {}
        for document in documents:
            record = next((r for r in document["vectors"] if r["id"] == vector_id), None)
            if record is None or record["reading"] is None:
                continue
            group = groups.setdefault(record["reading"], {"reading": record["reading"], "class": reading_class(record),
                                                          "summary": record["summary"], "parsers": []})
            group["parsers"].append(document["parser"])
        if len(groups) > 1:
            ordered = sorted(groups.values(), key=lambda group: (-len(group["parsers"]), group["parsers"]))
            result[vector_id] = ordered
    return result


def write_evidence(into, documents, vectors, severities, split, walled):
    evidence = {
        "format_version": 1,
        "generated_by": "Interop/run.sh (do not edit)",
        "parsers": [
            {"id": d["parser"], "name": d["name"], "language": d["language"], "version": d["version"]} for d in documents
        ],
        "vector_count": len(vectors),
        "split_vectors": [
            {
                "id": vector_id,
                "rules": sorted({d["rule"] for d in vectors[vector_id].get("diagnostics") or []}),
                "readings": [{"class": g["class"], "parsers": g["parsers"], "summary": g["summary"]} for g in groups],
            }
            for vector_id, groups in split.items()
        ],
    }
    if walled is not None:
        evidence["firewall_differential"] = {
            "firewall": firewall.FIREWALL,
            "vectors": [
                {"id": vector_id, "class": entry["class"],
                 "applications": sorted({p for parsers in entry["classes"].values() for p, _, _ in parsers})}
                for vector_id, entry in walled.items()
            ],
        }
    interop.write_json(os.path.join(into, "results", "evidence.json"), evidence)


def markdown_cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


FIREWALL_CLASSES = [
    ("hidden-part", "a part the firewall does not see", "the firewall lets the body through; an application decodes more parts than the firewall's parser saw, so the firewall never inspects one of them"),
    ("name", "a name it reads differently", "as many parts, but a name the firewall inspects is not the one the application reads: a rule aimed at that name misses the value"),
    ("filename", "a filename it reads differently", "same parts by name, but the filename the firewall inspects is not the one the application stores"),
    ("value", "a value it reads differently", "same names and filenames, but a value or media type the firewall inspects is not the one the application reads"),
    ("flagged-but-accepted", "a body it flags as invalid but the application accepts", "the firewall stops the request (a strictness flag, a parsing error or a rule of the Core Rule Set) while an application would accept it: safe behind this firewall, an outage or a bypass behind a laxer configuration"),
    ("firewall-sees-more", "parts only the firewall sees", "the firewall lets the body through and sees more parts than the application decodes: nothing hidden, but the readings differ"),
]


def firewall_lines(walled, firewall_document, vectors, severities, cell):
    """The "Firewall differential" section of RESULTS.md, as lines."""
    by_id = {record["id"]: record for record in firewall_document["vectors"]}
    silent = [v for v in walled if sum(findings(vectors[v], severities).values()) == 0]
    lines = [
        "## Firewall differential",
        "",
        "The `modsecurity` row is a web application firewall: ModSecurity %s, with ModSecurity's" % cell(firewall_document["version"]),
        "recommended configuration (`SecRuleEngine On`) and the OWASP Core Rule Set at its defaults",
        "(`drivers/modsecurity_apache.py`). `results/firewall.json` records, for every vector, what its",
        "multipart parser saw (parts, names, filenames), each strictness flag it raised and the rules",
        "that matched, even when it then stopped the request. A vector is listed here when the",
        "firewall's reading differs from an application parser's (every other row), classed by what a",
        "payload could hide from the firewall (the worst class of the vector's applications):",
        "",
        "| class | meaning | vectors |",
        "|---|---|---|",
    ]
    for kind, title, meaning in FIREWALL_CLASSES:
        lines.append("| `%s`: %s | %s | %d |" % (kind, title, meaning, sum(1 for e in walled.values() if e["class"] == kind)))
    lines += [
        "",
        "%d vectors in all; the strict validator reports at least one finding on %d of them%s." % (
            len(walled), len(walled) - len(silent),
            "" if not silent else " (silent on %s, each on CONFORMANCE.md's exception list)" % ", ".join("`%s`" % v for v in silent)),
        "",
        "| vector | class | validator (e/w/n) | the firewall | applications that read it otherwise |",
        "|---|---|---|---|---|",
    ]
    for vector_id, entry in walled.items():
        record = by_id[vector_id]
        if record.get("passed"):
            seen = "passes it; sees %s" % describe(record["parts"])
        else:
            why = ", ".join(record["flags"]) or "; ".join(record["messages"][:2]) or "status %s" % record["status"]
            seen = "stops it (%s; rules %s)" % (why, ", ".join(record["rules"]) or "-")
            if record["parts"] is not None:
                seen += "; its parser saw %s" % describe(record["parts"])
        counts = findings(vectors[vector_id], severities)
        others = "<br>".join(
            "**%s** (%d): %s" % (kind, len(groups), "; ".join(
                "%s: %s" % (parser, describe(parts) if parts is not None else shorten(summary))
                for parser, summary, parts in groups[:3]) + ("; ..." if len(groups) > 3 else ""))
            for kind, groups in sorted(entry["classes"].items(), key=lambda item: firewall.CLASS_ORDER.index(item[0])))
        lines.append("| `%s` | %s | %d/%d/%d | %s | %s |" % (vector_id, entry["class"], counts["error"], counts["warning"],
                                                          counts["note"], cell(seen), cell(others)))
    return lines


def shorten(text, limit=90):
    return text if len(text) <= limit else text[:limit - 3] + "..."


def describe(parts):
    """Parts as `name` or `name` (file `filename`), for the firewall differential."""
    if not parts:
        return "no parts"
    shown = ", ".join(("`%s`" % name if filename is None else "`%s` (file `%s`)" % (name, filename)).replace("``", "` `")
                      for name, filename in parts[:6])
    return shown + (", ... (%d parts)" % len(parts) if len(parts) > 6 else "")


def write_markdown(into, documents, vectors, severities, split, walled=None, firewall_document=None):
    encoder_documents = encoders.load_results(into)
    applications = [document for document in documents if document["parser"] != firewall.FIREWALL]
    lines = [
        "# Interop results: the corpus through real parsers and encoders",
        "",
        "Generated by `Interop/run.sh` from `results/*.json` and `results/encoders/*.json`; do not edit.",
        "Each parser runs through",
        "`multipart-check certify --decoder` with the driver in `drivers/` (the decoder process contract,",
        "CONFORMANCE.md). `Interop/matrix.html` shows every vector by every parser.",
        "",
        "## Parsers",
        "",
        "The level is the parser's worst problem below the strict top levels (CONFORMANCE.md, \"Levels\"),",
        "with the count of each problem, worst first. The rank puts valid bodies first: a parser that reads",
        "more valid bodies (`y-` and `i-`) as the specifications allow ranks above one that reads fewer,",
        "whatever it does with invalid ones, so one that rejects everything ranks last; ties go to fewer",
        "causes of each problem, worst first (silent data loss, crashes, misread valid bodies, rejected valid",
        "bodies, accepted invalid bodies; a cause shown on many vectors counts once). %d rows hold %d" % (
            len(applications), interop.independent_cores([d["parser"] for d in applications], interop.cores())),
        "independent parser cores (`cores.tsv` lists the rows that share one). The firewall (`%s`) is" % firewall.FIREWALL,
        "not ranked: it stands in front of an application and is listed last.",
        "",
        "| rank | parser | language | version | not reported | level (problems) | causes | y accepted as expected | n rejected | i as allowed | silent data loss | crashed or timed out |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    parser_ranks = interop.ranks(applications, "decoder")
    ranked = sorted(zip(parser_ranks, applications), key=lambda pair: pair[0])
    for rank, document in ranked + [("-", document) for document in documents if document["parser"] == firewall.FIREWALL]:
        records = document["vectors"]

        def count(predicate):
            return sum(1 for record in records if predicate(record))

        def of(verdict):
            return count(lambda r: r["verdict"] == verdict and r["answer"] != "not-sent")

        y_ok = count(lambda r: r["verdict"] == "y" and r["grade"] == "pass")
        n_ok = count(lambda r: r["verdict"] == "n" and r["answer"] == "rejected")
        i_ok = count(lambda r: r["verdict"] == "i" and r["grade"] == "pass")
        loss = count(lambda r: r["grade"] == "silent-data-loss")
        crashes = count(lambda r: cell_class(r) in ("crashed", "timed-out"))
        lines.append("| %s | %s (`%s`) | %s | %s | %s | %s | %d | %d of %d | %d of %d | %d of %d | %d | %d |" % (
            rank, markdown_cell(document["name"]), document["parser"], document["language"], markdown_cell(document["version"]),
            ", ".join(document["unreported_details"]) or "-", markdown_cell(interop.level_text(document)),
            len(document.get("defects") or []),
            y_ok, of("y"), n_ok, of("n"), i_ok, of("i"), loss, crashes))
    lines += [""] + encoders.markdown_table(encoder_documents, markdown_cell)
    flagged = [v for v in split if sum(findings(vectors[v], severities).values()) > 0]
    lines += [
        "",
        "## Where the parsers split",
        "",
        "%d of %d vectors split the parsers (they do not all read the body the same way); the strict" % (len(split), len(vectors)),
        "validator reports at least one finding on %d of them. Readings compare the decoded parts by name," % len(flagged),
        "without a text field's Content-Type, since several APIs report neither the order between names",
        "nor that header. Groups are listed largest first.",
        "",
        "| vector | validator (errors/warnings/notes) | readings |",
        "|---|---|---|",
    ]
    for vector_id, groups in split.items():
        counts = findings(vectors[vector_id], severities)
        readings = "<br>".join(
            "**%s** (%s): %s" % (group["class"], ", ".join(group["parsers"]), markdown_cell(group["summary"]))
            for group in groups)
        lines.append("| `%s` | %d/%d/%d | %s |" % (vector_id, counts["error"], counts["warning"], counts["note"], readings))
    if walled is not None:
        lines += [""] + firewall_lines(walled, firewall_document, vectors, severities, markdown_cell)
    lines += [""] + encoders.markdown_problems(encoder_documents, markdown_cell)
    with open(os.path.join(into, "RESULTS.md"), "w", encoding="utf-8") as output:
        output.write("\n".join(lines) + "\n")


STYLE = """
body { font: 13px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
table.levels { border-collapse: collapse; margin-bottom: 1em; }
table.levels td, table.levels th { border: 1px solid #ccc; padding: 2px 8px; text-align: left; }
td.level.conformant, td.level.lenient { background: #c8e6c9; }
td.level.rejects-valid-bodies { background: #ffe0b2; }
td.level.misreads-valid-bodies { background: #ffcdd2; }
td.level.crashes { background: #ef9a9a; }
td.level.loses-data, td.level.loses-data-clients-send { background: #8b0000; color: #fff; }
table.matrix { border-collapse: collapse; }
table.matrix th, table.matrix td { border: 1px solid #ddd; padding: 1px 4px; }
th.parser { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; font-weight: normal; }
tr.area th { text-align: left; background: #f3f3f3; }
td.vector { font-family: ui-monospace, monospace; white-space: nowrap; }
td.verdict { text-align: center; font-weight: bold; }
td.cell { width: 1.4em; text-align: center; }
.expected { background: #4caf50; } .rejected-ok { background: #2e7d32; color: #fff; }
.lenient { background: #ffeb3b; } .rejected-valid { background: #ff9800; }
.other-parts { background: #f06292; } .data-loss { background: #b71c1c; color: #fff; }
.crashed { background: #000; color: #fff; } .timed-out { background: #6a1b9a; color: #fff; }
.no-content-type { background: #fff; }
.split { color: #b71c1c; font-weight: bold; }
.legend span.cell { display: inline-block; width: 1.4em; margin: 0 0.3em 0 1em; border: 1px solid #ccc; }
"""


def write_html(into, documents, vectors, severities, split):
    e = html.escape
    out = ["<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
           "<title>multipart/form-data: the corpus through real parsers</title>\n<style>", STYLE, "</style>\n</head>\n<body>\n",
           "<h1>The corpus through real parsers</h1>\n",
           "<p>Generated by <code>Interop/run.sh</code>. Rows: vectors by area, with the corpus verdict (y must be accepted, ",
           "n must be rejected, i either) and the strict validator's findings (errors/warnings/notes); ",
           "<span class=\"split\">&#x2260;</span> marks a vector the parsers read differently. Hover a cell for the reason.</p>\n",
           "<p class=\"legend\">"]
    for name, meaning in CLASSES:
        out.append("<span class=\"cell %s\">&nbsp;</span>%s" % (name, e(meaning)))
    out.append("</p>\n<table class=\"levels\">\n<tr><th>rank</th><th>parser</th><th>level (problems, worst first)</th></tr>\n")
    for rank, document in sorted(zip(interop.ranks(documents, "decoder"), documents), key=lambda pair: pair[0]):
        out.append("<tr><td>%d</td><td>%s</td><td class=\"level %s\">%s</td></tr>\n" % (
            rank, e(document["parser"]), e(document["level"]), e(interop.level_text(document))))
    out.append("</table>\n<table class=\"matrix\">\n<thead><tr><th>vector</th><th>v</th><th>validator</th><th></th>")
    for document in documents:
        out.append("<th class=\"parser\" title=\"%s\">%s</th>" % (e(document["version"] + ": " + document["headline"]), e(document["parser"])))
    out.append("</tr></thead>\n<tbody>\n")
    by_parser = [{record["id"]: record for record in document["vectors"]} for document in documents]
    area = None
    for vector_id, vector in vectors.items():
        if vector["area"] != area:
            area = vector["area"]
            out.append("<tr class=\"area\"><th colspan=\"%d\">%s</th></tr>\n" % (len(documents) + 4, e(area)))
        counts = findings(vector, severities)
        out.append("<tr><td class=\"vector\">%s</td><td class=\"verdict\">%s</td><td>%d/%d/%d</td><td class=\"split\">%s</td>" % (
            e(vector_id.split("/", 1)[1]), vector["verdict"], counts["error"], counts["warning"], counts["note"],
            "&#x2260;" if vector_id in split else ""))
        for records in by_parser:
            record = records.get(vector_id)
            if record is None:
                out.append("<td></td>")
                continue
            out.append("<td class=\"cell %s\" title=\"%s\"></td>" % (cell_class(record), e(record["summary"])))
        out.append("</tr>\n")
    out.append("</tbody>\n</table>\n</body>\n</html>\n")
    with open(os.path.join(into, "matrix.html"), "w", encoding="utf-8") as output:
        output.write("".join(out))


def write_all(into, vectors, rules):
    """Writes every report from the results under `into`: evidence.json, RESULTS.md, matrix.html,
    the site and the upstream reports."""
    severities = {rule: entry["severity"] for rule, entry in rules.items()}
    documents = load_results(into)
    split = splits(documents, vectors)
    firewall_document = firewall.load(into)
    walled = firewall.differential(firewall_document, documents) if firewall_document else None
    write_evidence(into, documents, vectors, severities, split, walled)
    write_markdown(into, documents, vectors, severities, split, walled, firewall_document)
    write_html(into, documents, vectors, severities, split)
    results_site.write_site(into, vectors, rules)
    upstream.write_reports(into, vectors, rules)
    atlas.write_all(into)
