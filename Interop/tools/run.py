"""Certifies every real parser of parsers.tsv and encoder of encoders.tsv over the whole corpus and
writes Interop/results/.

Usage (through Interop/run.sh):
  run.py                 run every parser and encoder, write results/<id>.json and
                         results/encoders/<id>.json, then the reports
  run.py --parser ID     run only these parsers (repeatable); the others' results are kept
  run.py --encoder ID    run only these encoders (repeatable); with --parser, both lists run
  run.py --reports-only  rewrite evidence.json, RESULTS.md, matrix.html, site/ and reports/ from the
                         committed results
  run.py --check         run everything into a temporary folder and fail if anything differs from
                         the committed files; a result that differs only by its run date counts as
                         the same (the committed date is kept)
  run.py --bypass        run the bypass atlas (tools/bypass.py: every firewall configuration and
                         the application parsers behind it) into results/bypass*.json, then the
                         reports; with --check, run it into a temporary folder and compare
  run.py --firewall ID   run one firewall configuration of the bypass atlas (repeatable) into
                         results/bypass-ID.json, then the reports; the applications' readings
                         (results/bypass.json) are kept: --bypass remakes them
  run.py --check --reports-only
                         regenerate the reports (RESULTS.md, matrix.html, site/, reports/) from the
                         committed results and fail if they differ: what CI runs, no parser needed

Each parser runs through `multipart-check certify --decoder --format json --save-bodies DIR`;
its report gives the grade and the answer (accepted, rejected, or why there was none) per vector,
and the saved answers give the decoded parts, which become the reading compared across parsers.
After the firewall's row (`modsecurity`), every vector also goes through the firewall's recorder
(tools/firewall.py), which writes results/firewall.json for the firewall differential.
"""
import argparse
import filecmp
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import bypass
import encoders
import firewall
import interop
import reports
import repros


# The seed of the decoder probes (`certify --probe-seed`), fixed so that a rerun sends the same bodies.
PROBE_SEED = "20261129"


def run_parser(parser, binary, vectors):
    """Runs one parser over the corpus; returns its result document."""
    with tempfile.TemporaryDirectory(prefix="interop-" + parser.id + "-") as saved:
        # One seed for every row and every rerun: the probes' bodies are then the same each time.
        options = ["--decoder", "--probe-seed", PROBE_SEED]
        for detail in parser.unreported:
            options += ["--not-reported", detail]
        declared = interop.conventions().get(parser.id, [])
        for convention, _ in declared:
            options += ["--convention", convention]
        limits = interop.declared_limits().get(parser.id, [])
        for limit, _ in limits:
            options += ["--limit", limit]
        report = interop.certify(binary, parser, options, saved)
        records = []
        probes = []
        for verdict in report["verdicts"]:
            if verdict["id"] not in vectors:
                # A decoder probe (a valid body re-framed from a vector): graded, not a corpus vector.
                probes.append({key: verdict.get(key) for key in ("id", "grade", "problem", "summary")})
                continue
            vector = vectors[verdict["id"]]
            record = {
                "id": verdict["id"],
                "verdict": vector["verdict"],
                "grade": verdict["grade"],
                "problem": verdict.get("problem"),
                "summary": verdict["summary"],
                "differences": verdict["details"],
            }
            if verdict.get("conventions"):
                record["conventions"] = verdict["conventions"]
            if verdict.get("cause"):
                record["cause"] = verdict["cause"]
            if verdict.get("refused_past_limit"):
                record["refused_past_limit"] = verdict["refused_past_limit"]
            answer = verdict.get("answer")
            if answer is None:
                record.update(answer="not-sent", reading=None, matches_expected=None)
            elif answer == "accepted":
                with open(os.path.join(saved, verdict["id"] + ".parts.json"), encoding="utf-8") as answered:
                    parts = interop.decoded_parts(json.load(answered))
                reading = interop.digest(parts)
                matches = reading in expected_readings(vector)
                record.update(answer=answer, reading=reading, matches_expected=matches, names=interop.names_of(parts))
                if not matches:
                    # What the parser returned, to show beside what was expected.
                    record["parts"] = interop.shown_parts(parts)
            else:
                record.update(answer=answer, reading=answer if answer == "rejected" else "no-answer:" + answer,
                              matches_expected=None)
            records.append(record)
    counts = report["counts"]
    return {
        "format_version": 1,
        "parser": parser.id,
        "name": parser.label,
        "language": parser.language,
        "version": parser.version(),
        "unreported_details": parser.unreported,
        "conventions": [{"convention": name, "documented": link} for name, link in declared],
        "limits": [{"limit": limit, "documented": link} for limit, link in limits],
        "level": report["level"],
        "problem_counts": report["problems"],
        "defects": [{key: defect[key] for key in ("problem", "cause", "count")} for defect in report.get("defects", [])],
        "provenance": report["provenance"],
        "headline": report["headline"],
        "counts": counts,
        "answers": {
            answer: sum(1 for record in records if record["answer"] == answer)
            for answer in sorted({record["answer"] for record in records})
        },
        "vectors": records,
        "probes": probes,
    }


def expected_readings(vector):
    """The readings that equal what the sidecar expects: its parts, or an allowed outcome's."""
    readings = set()
    if vector.get("parts") is not None:
        readings.add(interop.digest(interop.expected_parts(vector["parts"])))
    for outcome in vector.get("outcomes") or []:
        if outcome.get("outcome") == "accept" and outcome.get("parts") is not None:
            readings.add(interop.digest(interop.expected_parts(outcome["parts"])))
    return readings


# Parsers and encoders run this many at a time, each certify with two jobs: most of a row's time
# is starting a process per vector, which overlaps well.
CONCURRENT_ROWS = 3


def generate(into, chosen, vectors, rules, binary, dated_by=None):
    """Runs the chosen parsers and encoders into `into` (results/ or a copy of it) and writes the reports.

    With `dated_by` (the committed Interop folder), a result that differs from the committed one only
    by its run date keeps the committed date, so that a check run reproduces the committed files."""
    results = os.path.join(into, "results")
    os.makedirs(os.path.join(results, "encoders"), exist_ok=True)

    def write(document, name):
        if dated_by is not None:
            keep_committed_date(document, os.path.join(dated_by, "results", name))
        interop.write_json(os.path.join(results, name), document)

    def parser_row(parser):
        started = time.monotonic()
        document = run_parser(parser, binary, vectors)
        write(document, parser.id + ".json")
        print("%s: %s (%.0f s)" % (parser.id, document["headline"], time.monotonic() - started), file=sys.stderr, flush=True)
        if parser.id == firewall.FIREWALL:
            started = time.monotonic()
            interop.write_json(os.path.join(results, "firewall.json"), firewall.run_firewall(vectors, document["version"]))
            print("%s: recorded what the firewall's parser saw of every vector (%.0f s)" % (
                parser.id, time.monotonic() - started), file=sys.stderr, flush=True)

    def encoder_row(encoder):
        started = time.monotonic()
        document = encoders.run_encoder(encoder, binary)
        write(document, os.path.join("encoders", encoder.id + ".json"))
        print("encoder %s: %s (%.0f s)" % (encoder.id, document["headline"], time.monotonic() - started), file=sys.stderr, flush=True)

    rows = [(parser_row, p) for p in interop.parsers() if chosen(p)] + [(encoder_row, e) for e in interop.encoders() if chosen(e)]
    # A row whose driver is not built here (an example package's binary after a clean) would record a
    # crash on every vector: it is left out, and its committed result stays.
    for _, implementation in rows:
        if not implementation.installed():
            print("%s: not installed here (%s is missing); its committed result is kept" % (
                implementation.id, implementation.program()), file=sys.stderr, flush=True)
    rows = [(row, implementation) for row, implementation in rows if implementation.installed()]
    print("running %d parsers and encoders, %d at a time..." % (len(rows), CONCURRENT_ROWS), file=sys.stderr, flush=True)
    with ThreadPoolExecutor(max_workers=CONCURRENT_ROWS) as pool:
        for finished in [pool.submit(row, implementation) for row, implementation in rows]:
            finished.result()
    if any(isinstance(implementation, interop.Parser) for _, implementation in rows):
        # The upstream reports show what their reproductions printed here.
        started = time.monotonic()
        outputs = repros.run_all(into, vectors)
        print("ran %d reproductions (%.0f s)" % (sum(len(v) for v in outputs.values()), time.monotonic() - started),
              file=sys.stderr, flush=True)
    reports.write_all(into, vectors, rules)


def keep_committed_date(document, committed_path):
    """Gives `document` the committed result's run date when that is all that tells them apart."""
    if not os.path.exists(committed_path):
        return
    with open(committed_path, encoding="utf-8") as committed_file:
        committed = json.load(committed_file)
    committed_date = (committed.get("provenance") or {}).get("date")
    if committed_date is None or "provenance" not in document:
        return
    fresh_date = document["provenance"]["date"]
    document["provenance"]["date"] = committed_date
    if document != committed:
        document["provenance"]["date"] = fresh_date


def generated_files(folder):
    """Every generated report under `folder` (an Interop folder or a scratch copy), relative to it."""
    names = [name for name in reports.GENERATED if os.path.exists(os.path.join(folder, name))]
    for tree in reports.GENERATED_TREES:
        for directory, _, files in os.walk(os.path.join(folder, tree)):
            names += [os.path.relpath(os.path.join(directory, name), folder) for name in files]
    return sorted(names)


def compare(scratch, names):
    """The names (relative paths) whose scratch copy differs from the committed file, diffs printed."""
    differing = []
    for name in names:
        committed, fresh = os.path.join(interop.INTEROP, name), os.path.join(scratch, name)
        if not os.path.exists(fresh):
            differing.append(name)
            print("%s: committed, but no longer generated" % name, file=sys.stderr)
        elif not os.path.exists(committed):
            differing.append(name)
            print("%s: generated, but not committed" % name, file=sys.stderr)
        elif not filecmp.cmp(committed, fresh, shallow=False):
            differing.append(name)
            subprocess.run(["diff", "-u", committed, fresh], stdout=sys.stderr)
    return differing


def main():
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--parser", action="append", default=[], help="run only this parser (repeatable)")
    options.add_argument("--encoder", action="append", default=[], help="run only this encoder (repeatable)")
    options.add_argument("--reports-only", action="store_true", help="only rewrite the reports from results/")
    options.add_argument("--bypass", nargs="?", const="all", choices=["all"],
                         help="run the bypass atlas (firewalls and the applications behind them)")
    options.add_argument("--firewall", action="append", default=[],
                         help="run only this firewall configuration of the bypass atlas (repeatable)")
    options.add_argument("--check", action="store_true",
                         help="regenerate everything (with --reports-only: only the reports) and compare with the committed files")
    arguments = options.parse_args()
    known_firewalls = [configuration.id for configuration in bypass.firewalls.configurations()]
    unknown = [name for name in arguments.firewall if name not in known_firewalls]
    if unknown:
        sys.exit("unknown firewall %s; the atlas runs %s" % (", ".join(unknown), ", ".join(known_firewalls)))
    for kind, listed, table in (("parser", arguments.parser, interop.parsers()), ("encoder", arguments.encoder, interop.encoders())):
        known = {implementation.id for implementation in table}
        unknown = [name for name in listed if name not in known]
        if unknown:
            sys.exit("unknown %s %s; %ss.tsv lists %s" % (kind, ", ".join(unknown), kind, ", ".join(sorted(known))))
    def chosen(implementation):
        """Whether to run a parser or encoder: everything when nothing was named, nothing for reports only."""
        if arguments.reports_only:
            return False
        if (arguments.bypass or arguments.firewall) and not arguments.parser and not arguments.encoder:
            return False
        if not arguments.parser and not arguments.encoder:
            return True
        named = arguments.parser if isinstance(implementation, interop.Parser) else arguments.encoder
        return implementation.id in named
    binary = interop.multipart_check()
    vectors = interop.corpus()
    rules = interop.rules(binary)
    if not arguments.check:
        if arguments.reports_only:
            reports.write_all(interop.INTEROP, vectors, rules)
        elif arguments.bypass or arguments.firewall:
            bypass.generate(interop.INTEROP, None if arguments.bypass else arguments.firewall, binary,
                            applications=bool(arguments.bypass))
            reports.write_all(interop.INTEROP, vectors, rules)
        else:
            generate(interop.INTEROP, chosen, vectors, rules, binary)
        return
    with tempfile.TemporaryDirectory(prefix="interop-check-") as scratch:
        if os.path.isdir(os.path.join(interop.INTEROP, "results")):
            shutil.copytree(os.path.join(interop.INTEROP, "results"), os.path.join(scratch, "results"))
        if arguments.bypass or arguments.firewall:
            bypass.generate(scratch, None if arguments.bypass else arguments.firewall, binary,
                            applications=bool(arguments.bypass))
        generate(scratch, chosen, vectors, rules, binary, dated_by=interop.INTEROP)
        names = sorted(set(generated_files(interop.INTEROP)) | set(generated_files(scratch)))
        names += [os.path.join("results", p.id + ".json") for p in interop.parsers() if chosen(p)]
        names += [os.path.join("results", "encoders", e.id + ".json") for e in interop.encoders() if chosen(e)]
        names += [os.path.join("results", "firewall.json")] if any(p.id == firewall.FIREWALL and chosen(p) for p in interop.parsers()) else []
        if arguments.bypass:
            names += [os.path.relpath(path, scratch) for path in bypass.result_paths(scratch)]
        names += [os.path.join("results", "bypass-%s.json" % name) for name in arguments.firewall]
        differing = compare(scratch, names)
        what = "report" if arguments.reports_only else "result and report"
        if differing:
            sys.exit("run.sh --check: %d file(s) differ from what the %s make: %s" % (
                len(differing), "committed results" if arguments.reports_only else "parsers and encoders", ", ".join(differing)))
        print("run.sh --check: every %s matches the committed files" % what, file=sys.stderr)


if __name__ == "__main__":
    main()
