"""The firewall pass: what ModSecurity's parser made of every vector, and where that differs from
what the application parsers read.

`run_firewall` sends every vector with a Content-Type through `drivers/modsecurity_apache.py
--record` (the same Apache, mod_security2 and Core Rule Set as the `modsecurity` parser row) and
keeps, per vector, the status, the strictness flags the parser raised, the rules that matched and
the parts the parser saw, even when the firewall then denied the request: results/firewall.json.

`differential` compares that with every application parser's reading (every row of parsers.tsv but
the firewall's own) and classes each vector by what a payload could hide from the firewall:

- `hidden-part`: the firewall lets the body through, and an application decodes more parts than
  the firewall saw;
- `name`: as many parts, but a name the firewall reads differently (a rule aimed at a name misses);
- `filename`: the same parts by name, but a filename the firewall reads differently;
- `value`: the same names and filenames, but a value or media type the firewall reads differently;
- `flagged-but-accepted`: the firewall stops the body (a strictness flag, a parsing error or a
  Core Rule Set rule) while an application accepts it;
- `firewall-sees-more`: the firewall sees more parts than the application decodes (nothing hidden,
  but the readings differ).
"""
import base64
import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import interop

DRIVER = ["python3", "drivers/modsecurity_apache.py", "--record"]
FIREWALL = "modsecurity"


def record_vector(vector_id, vector):
    with open(os.path.join(interop.VECTORS, vector_id + ".body"), "rb") as body:
        request = json.dumps({"version": 1, "content_type": vector["content_type"],
                              "body_base64": base64.b64encode(body.read()).decode("ascii")})
    completed = subprocess.run(DRIVER, input=request.encode(), capture_output=True, cwd=interop.INTEROP, timeout=120)
    if completed.returncode != 0:
        return {"id": vector_id, "status": None, "error": completed.stderr.decode(errors="replace")[-300:]}
    answer = json.loads(completed.stdout)
    parts = interop.decoded_parts(answer["parts"])
    recorded = bool(answer["flags"])  # phase 2 ran: the parser finished and the recorder wrote its findings
    return {
        "id": vector_id,
        "status": answer["status"],
        "passed": answer["status"] == 200,
        "flags": sorted(name for name, value in answer["flags"].items()
                        if name.startswith("MULTIPART_") or name in ("REQBODY_ERROR", "REQBODY_PROCESSOR_ERROR")
                        if value not in ("0", "")),
        "reqbody_error": answer["flags"].get("REQBODY_ERROR_MSG") or None,
        "rules": [rule for rule, _ in answer["rules"] if rule not in ("949110", "980130")],
        "messages": [message for rule, message in answer["rules"] if rule not in ("949110", "980130")],
        "reading": interop.digest(parts) if recorded else None,
        "parts": interop.names_of(parts) if recorded else None,
    }


def run_firewall(vectors, version):
    """Every vector with a Content-Type through the firewall's recorder; the results/firewall.json document."""
    chosen = [(vector_id, vector) for vector_id, vector in vectors.items() if vector.get("content_type")]
    with ThreadPoolExecutor(max_workers=2) as pool:
        records = list(pool.map(lambda item: record_vector(*item), chosen))
    return {"format_version": 1, "firewall": FIREWALL, "version": version, "vectors": records}


def load(into):
    path = os.path.join(into, "results", "firewall.json")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as document:
        return json.load(document)


def classify(firewall_record, application):
    """The class of one application reading against the firewall's, or None when they agree."""
    if application["answer"] != "accepted":
        return None
    if not firewall_record.get("passed"):
        return "flagged-but-accepted"
    if firewall_record["reading"] == application["reading"]:
        return None
    seen = [tuple(pair) for pair in firewall_record["parts"] or []]
    decoded = [tuple(pair) for pair in application.get("names") or []]
    if len(decoded) > len(seen):
        return "hidden-part"
    if len(decoded) < len(seen):
        return "firewall-sees-more"
    if sorted(name or "" for name, _ in seen) != sorted(name or "" for name, _ in decoded):
        return "name"
    if sorted(seen, key=lambda pair: (pair[0] or "", pair[1] or "")) != sorted(decoded, key=lambda pair: (pair[0] or "", pair[1] or "")):
        return "filename"
    return "value"


CLASS_ORDER = ["hidden-part", "name", "filename", "value", "flagged-but-accepted", "firewall-sees-more"]


def differential(firewall, documents):
    """Per vector where the firewall's reading differs from an application's: the worst class and,
    per class, the applications that read the body so."""
    by_id = {record["id"]: record for record in firewall["vectors"]}
    result = {}
    for document in documents:
        if document["parser"] == FIREWALL:
            continue
        for record in document["vectors"]:
            firewall_record = by_id.get(record["id"])
            if firewall_record is None or firewall_record.get("status") is None:
                continue
            kind = classify(firewall_record, record)
            if kind is None:
                continue
            entry = result.setdefault(record["id"], {"classes": {}})
            entry["classes"].setdefault(kind, []).append((document["parser"], record["summary"], record.get("names")))
    for entry in result.values():
        entry["class"] = min(entry["classes"], key=CLASS_ORDER.index)
    return dict(sorted(result.items()))
