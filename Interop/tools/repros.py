"""Runs every upstream report's reproduction whose toolchain is installed here and records what each
printed, in results/repro-outputs.json, so that a report shows its reproduction's real output.

Usage (through Interop/run.sh, which runs it after the parsers; or alone, from Interop/):
  python3 tools/repros.py          run them and rewrite results/repro-outputs.json

A reproduction is the report's own code (tools/repro/ with the vector written in), run as its header
says: Python with Interop/.venv, Go with `go run`, JavaScript with node (NODE_PATH=/usr/share/nodejs),
Java with the row's class path, PHP, Ruby and Perl as they are. A Swift one needs its package and is
not run here. A toolchain that is missing leaves the reproduction out, and the report then shows no
output for it. What is recorded names the row's version, never a date, so a rerun compares equal.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import interop
import outcomes
import upstream

# Seconds one reproduction may run (a JVM or `go run` compiling first needs a few).
TIMEOUT = 120


def runner(extension, row):
    """The command that runs a reproduction file of `extension` for `row`, or None when this machine cannot."""
    python = os.path.join(interop.INTEROP, ".venv", "bin", "python")
    if extension == ".py":
        return [python] if os.path.exists(python) else None
    if extension == ".go":
        return ["go", "run"] if shutil.which("go") else None
    if extension == ".js":
        return ["node"] if shutil.which("node") else None
    if extension == ".php":
        return ["php"] if shutil.which("php") else None
    if extension == ".rb":
        return ["ruby"] if shutil.which("ruby") else None
    if extension == ".pl":
        return ["perl"] if shutil.which("perl") else None
    if extension == ".java" and shutil.which("java"):
        words = row.command.split(" ")
        if "-cp" not in words:
            return None
        paths = [path for path in words[words.index("-cp") + 1].split(":") if path.endswith(".jar")]
        return ["java", "-cp", ":".join(paths)]
    return None


def run_one(row, document, vector_id, vector, body):
    """Runs one reproduction; returns what it printed (standard output, then standard error), or None."""
    made = upstream.reproduction(row.id, document, vector_id, vector, body)
    found = upstream.template_for(row.id)
    if made is None or found is None:
        return None
    command = runner(found[1], row)
    if command is None:
        return None
    _, name, code = made
    with tempfile.TemporaryDirectory(prefix="repro-" + row.id + "-") as folder:
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as source:
            source.write(code)
        environment = dict(os.environ, NODE_PATH="/usr/share/nodejs")
        try:
            completed = subprocess.run(command + [name], cwd=folder, capture_output=True, timeout=TIMEOUT, env=environment)
        except subprocess.TimeoutExpired:
            return "(no output: timed out after %d s)" % TIMEOUT
    text = completed.stdout.decode("utf-8", errors="replace")
    if completed.stderr:
        text += completed.stderr.decode("utf-8", errors="replace").replace(folder, ".")
    if completed.returncode != 0:
        text += "(exit status %d)\n" % completed.returncode
    return text


def run_all(into, vectors):
    """Runs every chosen case of every report whose toolchain is here; writes results/repro-outputs.json."""
    documents = outcomes.load_results(into)
    rows = {row.id: row for row in interop.parsers()}

    def body_of(vector_id):
        with open(os.path.join(interop.VECTORS, vector_id + ".body"), "rb") as body:
            return body.read()

    outputs = {}
    for document in documents:
        row = rows.get(document["parser"])
        if row is None or upstream.template_for(row.id) is None:
            continue
        for vector_id in upstream.chosen_cases(document, documents, body_of, known=vectors):
            output = run_one(row, document, vector_id, vectors[vector_id], body_of(vector_id))
            if output is not None:
                outputs.setdefault(row.id, {})[vector_id] = {"ran": "run here with " + document["version"], "output": output}
                print("repro %s %s: %d lines" % (row.id, vector_id, output.count("\n")), file=sys.stderr, flush=True)
    interop.write_json(os.path.join(into, upstream.REPRO_OUTPUTS), outputs)
    return outputs


if __name__ == "__main__":
    run_all(interop.INTEROP, interop.corpus())
