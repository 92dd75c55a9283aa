"""The bypass atlas: which body shapes carry a payload past which firewall into which application.

Usage (from anywhere; run Interop/setup.sh first; Interop/run.sh --bypass runs it):
  python3 Interop/tools/bypass.py [--firewall ID ...] [--into FOLDER]

Every shape of bypass_shapes.py puts a Core Rule Set test string (an XSS and an SQL-injection
payload) in a slot (a text field's value, a field name, a filename). Each body goes

1. through every firewall configuration of firewalls.py (ModSecurity 2 in Apache and ModSecurity 3
   in nginx, Core Rule Set at paranoia levels 1 to 4), each a real server started and stopped here:
   its HTTP status and the rules that matched go to results/bypass-<firewall>.json;
2. when some configuration lets it through while stopping the same payload plainly in that slot,
   to every application parser of parsers.tsv (the
   firewall's own row left out) through its driver, and to `multipart-check validate`:
   results/bypass.json.

A bypass is a (firewall configuration, application, body) where the firewall stops the payload
when it stands plainly in that slot (the `plain` shape), lets this body through (status 200), and
the application reads the payload intact in that slot. `--firewall ID` (repeatable) reruns only
those configurations and keeps the others' files; the application pass always covers every body
some configuration lets through. Everything is deterministic: the same tools give the same files.
"""
import argparse
import base64
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import bypass_shapes
import firewalls
import interop

FORMAT_VERSION = 1
FIREWALL_ROW = "modsecurity"


def case_id(shape_id, slot, payload_id):
    return "%s/%s/%s" % (shape_id, slot, payload_id)


def cases():
    """Every case: id -> {shape, slot, payload, content_type, body, expected}."""
    found = {}
    for shape in bypass_shapes.SHAPES:
        for slot, payload_id, content_type, body, expected in shape.cases():
            found[case_id(shape.id, slot, payload_id)] = {
                "shape": shape.id, "slot": slot, "payload": payload_id, "content_type": content_type,
                "body": body, "expected": expected, "field": bypass_shapes.FIELD}
    for shape_id, slot, payload_id, content_type, body, expected, field in bypass_shapes.corpus_cases(interop.corpus()):
        found[case_id(shape_id, slot, payload_id)] = {
            "shape": shape_id, "slot": slot, "payload": payload_id, "content_type": content_type,
            "body": body, "expected": expected, "field": field}
    return found


def firewall_path(into, firewall_id):
    return os.path.join(into, "results", "bypass-%s.json" % firewall_id)


def run_firewall(firewall, chosen):
    """Every case through one firewall configuration; its results document."""
    answers = []
    started = time.monotonic()
    with firewall:
        for identifier, case in chosen.items():
            status, rules = firewall.send(case["content_type"], case["body"])
            answers.append({"case": identifier, "status": status, "passed": status == 200,
                            "rules": [rule for rule, _ in rules], "messages": [message for _, message in rules]})
    print("%s: %d of %d bodies let through (%.0f s)" % (firewall.id, sum(a["passed"] for a in answers), len(answers),
                                                        time.monotonic() - started), file=sys.stderr, flush=True)
    return {"format_version": FORMAT_VERSION, "firewall": firewall.id, "family": firewall.family,
            "paranoia_level": firewall.level, "version": firewall.version(), "answers": answers}


def application_reading(parser, content_type, body):
    """What one application parser made of a body: (answer, parts or None, note)."""
    request = json.dumps({"version": 1, "content_type": content_type, "body_base64": base64.b64encode(body).decode()})
    try:
        completed = subprocess.run(parser.command.split(" "), input=request.encode(), capture_output=True,
                                   cwd=interop.INTEROP, timeout=int(interop.TIMEOUT_SECONDS))
    except subprocess.TimeoutExpired:
        return "timed-out", None, "timed out"
    except OSError:
        return "not-installed", None, ""
    if completed.returncode != 0:
        return "crashed", None, ""
    try:
        answer = json.loads(completed.stdout)
    except ValueError:
        return "malformed-answer", None, ""
    if "error" in answer:
        return "rejected", None, str(answer["error"])[:300]
    return "accepted", interop.decoded_parts(answer["parts"]), ""


def validate(binary, chosen):
    """The validator's findings on each case's body: id -> [{rule, severity, message}]."""
    from differential import capture
    with tempfile.TemporaryDirectory(prefix="bypass-") as folder:
        paths = {}
        for identifier, case in chosen.items():
            path = os.path.join(folder, identifier.replace("/", "--") + ".http")
            with open(path, "wb") as output:
                output.write(capture(case["content_type"], case["body"]))
            paths[path] = identifier
        completed = subprocess.run([binary, "validate", "--format", "json", "--input", "http"] + sorted(paths),
                                   capture_output=True)
        document = json.loads(completed.stdout)
    found = {}
    for entry in document["files"]:
        found[paths[entry["path"]]] = [{"rule": d.get("rule") or d.get("code") or d.get("id"), "severity": d.get("severity"),
                                        "message": d.get("message")} for d in entry["diagnostics"]]
    return found


def run_applications(chosen, binary):
    """Every application parser over the chosen cases, and the validator: the results/bypass.json document."""
    rows = [parser for parser in interop.parsers() if parser.id != FIREWALL_ROW and parser.installed()]
    jobs = [(parser, identifier) for parser in rows for identifier in chosen]
    started = time.monotonic()

    def one(job):
        parser, identifier = job
        case = chosen[identifier]
        answer, parts, note = application_reading(parser, case["content_type"], case["body"])
        record = {"answer": answer}
        if parts is not None:
            record["intact"] = bypass_shapes.intact(case["slot"], case["expected"], parts, case["field"])
            record["parts"] = interop.shown_parts(parts)
        elif note:
            record["error"] = note
        return parser.id, identifier, record

    readings = {}
    with ThreadPoolExecutor(max_workers=2) as pool:
        for parser_id, identifier, record in pool.map(one, jobs):
            readings.setdefault(identifier, {})[parser_id] = record
    print("applications: %d readings (%.0f s)" % (len(jobs), time.monotonic() - started), file=sys.stderr, flush=True)
    findings = validate(binary, chosen)
    documents = []
    for identifier, case in chosen.items():
        documents.append({
            "case": identifier, "shape": case["shape"], "slot": case["slot"], "payload": case["payload"],
            "content_type": case["content_type"], "body_base64": base64.b64encode(case["body"]).decode("ascii"),
            "expected": case["expected"].decode("utf-8", errors="backslashreplace"),
            "field": None if case["field"] is None else case["field"].decode("utf-8", errors="backslashreplace"),
            "validator": findings.get(identifier, []),
            "applications": readings.get(identifier, {}),
        })
    return {
        "format_version": FORMAT_VERSION,
        "payloads": {key: value.decode() for key, value in bypass_shapes.PAYLOADS.items()},
        "shapes": [{"shape": shape.id, "title": shape.title, "source": shape.source, "slots": shape.slots}
                   for shape in bypass_shapes.SHAPES],
        "applications": [{"parser": parser.id, "name": parser.label, "version": parser.version()} for parser in rows],
        "cases": documents,
    }


def load(into):
    """(bypass.json, {firewall id: bypass-<id>.json}) from `into`/results, or (None, {})."""
    path = os.path.join(into, "results", "bypass.json")
    if not os.path.exists(path):
        return None, {}
    with open(path, encoding="utf-8") as document:
        applications = json.load(document)
    answers = {}
    for firewall in firewalls.configurations():
        if os.path.exists(firewall_path(into, firewall.id)):
            with open(firewall_path(into, firewall.id), encoding="utf-8") as document:
                answers[firewall.id] = json.load(document)
    return applications, answers


def result_paths(into):
    """The atlas's result files under `into`."""
    return [os.path.join(into, "results", "bypass.json")] + [firewall_path(into, fw.id) for fw in firewalls.configurations()]


def bypasses(applications, answers):
    """Every bypass as (firewall id, parser id, case id), in a stable order."""
    found = []
    for firewall_id, document in answers.items():
        passed = {answer["case"]: answer["passed"] for answer in document["answers"]}
        for case in applications["cases"]:
            if case["shape"] == "plain" or not passed.get(case["case"]):
                continue
            if passed.get(case_id("plain", case["slot"], case["payload"]), True):
                continue  # the firewall does not stop this payload in this slot even plainly
            for parser_id, record in case["applications"].items():
                if record.get("intact") and bypass_shapes.reaches(case["shape"], parser_id):
                    found.append((firewall_id, parser_id, case["case"]))
    return found


def generate(into, chosen_firewalls, binary, applications=True):
    """Runs the chosen firewall configurations (None: every one) and then, unless told not to, the
    applications over every candidate body."""
    every = cases()
    os.makedirs(os.path.join(into, "results"), exist_ok=True)
    for firewall in firewalls.configurations():
        if chosen_firewalls is not None and firewall.id not in chosen_firewalls:
            continue
        interop.write_json(firewall_path(into, firewall.id), run_firewall(firewall, every))
    if not applications:
        return
    # Only a body some configuration lets through while it stops the plain payload in that slot can
    # be a bypass: those go to the applications.
    candidates = set()
    for firewall in firewalls.configurations():
        path = firewall_path(into, firewall.id)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as document:
                passed = {answer["case"]: answer["passed"] for answer in json.load(document)["answers"]}
            candidates |= {identifier for identifier, case in every.items() if passed.get(identifier)
                           and not passed.get(case_id("plain", case["slot"], case["payload"]), True)}
    chosen = {identifier: case for identifier, case in every.items() if identifier in candidates}
    interop.write_json(os.path.join(into, "results", "bypass.json"), run_applications(chosen, binary))


def main():
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--firewall", action="append", default=[], help="run only this firewall configuration (repeatable)")
    options.add_argument("--applications-only", action="store_true",
                         help="rerun only the applications and the validator over the committed firewall answers")
    options.add_argument("--into", default=interop.INTEROP, help="the Interop folder to write results/ into")
    arguments = options.parse_args()
    known = [firewall.id for firewall in firewalls.configurations()]
    unknown = [name for name in arguments.firewall if name not in known]
    if unknown:
        sys.exit("unknown firewall %s; known: %s" % (", ".join(unknown), ", ".join(known)))
    chosen = [] if arguments.applications_only else (arguments.firewall or None)
    generate(arguments.into, chosen, interop.multipart_check())


if __name__ == "__main__":
    main()
