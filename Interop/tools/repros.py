"""Runs every upstream report's reproduction whose toolchain is installed here and records what each
printed, in results/repro-outputs.json, so that a report shows its reproduction's real output.

Usage (through Interop/run.sh, which runs it after the parsers; or alone, from Interop/):
  python3 tools/repros.py          run them and rewrite results/repro-outputs.json

A reproduction is the report's own code (tools/repro/ with the vector written in), run as its header
says: Python with Interop/.venv, Go with `go run`, JavaScript with node (NODE_PATH=/usr/share/nodejs),
Java with the row's class path, PHP, Ruby and Perl as they are; C, C++, Erlang and C# by the shell
command of the header's `Run:` line (a compiler, then the program). A Swift one needs its package and
a Rust one its crate from crates.io, so neither is run here (upstream.NOT_RUN_HERE says why in the
report). A toolchain that is missing leaves the reproduction out, and the report then shows no output
for it. What is recorded names the row's version, never a date or a path of this machine, so a rerun
compares equal.
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


# Languages built before they run, with the tool each needs: run by the header's `Run:` line.
BUILT = {".c": "cc", ".cpp": "c++", ".erl": "escript", ".cs": "mcs"}


def run_line(code):
    """The shell command of a reproduction's `Run:` line, or None."""
    for line in code.splitlines():
        _, found, command = line.partition("Run: ")
        if found:
            return command.strip()
    return None


def runner(extension, row, name, code):
    """The command that runs the reproduction file `name` (holding `code`) for `row`, or None when this
    machine cannot."""
    python = os.path.join(interop.INTEROP, ".venv", "bin", "python")
    interpreters = {".go": ["go", "run"], ".js": ["node"], ".php": ["php"], ".rb": ["ruby"], ".pl": ["perl"]}
    if extension == ".py":
        return [python, name] if os.path.exists(python) else None
    if extension in interpreters:
        return interpreters[extension] + [name] if shutil.which(interpreters[extension][0]) else None
    if extension in BUILT:
        command = run_line(code)
        return ["sh", "-c", command] if command and shutil.which(BUILT[extension]) else None
    if extension == ".java" and shutil.which("java"):
        words = row.command.split(" ")
        if "-cp" not in words:
            return None
        paths = [path for path in words[words.index("-cp") + 1].split(":") if path.endswith(".jar")]
        return ["java", "-cp", ":".join(paths), name]
    return None


def run_one(row, document, vector_id, vector, body):
    """Runs one reproduction; returns what it printed (standard output, then standard error), or None."""
    made = upstream.reproduction(row.id, document, vector_id, vector, body)
    found = upstream.template_for(row.id)
    if made is None or found is None:
        return None
    _, name, code = made
    command = runner(found[1], row, name, code)
    if command is None:
        return None
    with tempfile.TemporaryDirectory(prefix="repro-" + row.id + "-") as folder:
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as source:
            source.write(code)
        environment = dict(os.environ, NODE_PATH="/usr/share/nodejs")
        try:
            completed = subprocess.run(command, cwd=folder, capture_output=True, timeout=TIMEOUT, env=environment)
        except subprocess.TimeoutExpired:
            return "(no output: timed out after %d s)" % TIMEOUT
    text = completed.stdout.decode("utf-8", errors="replace")
    if completed.stderr:
        text += completed.stderr.decode("utf-8", errors="replace")
    # Paths of this machine read as the reproduction's own folder and Interop/'s (a traceback
    # through the virtualenv), so the output is the same from any checkout.
    for path, shown in ((folder, "."), (os.path.realpath(interop.INTEROP), "Interop"), (interop.INTEROP, "Interop")):
        text = text.replace(path + os.sep, shown + os.sep)
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
