"""What the distribution tests share: the checkout, the binaries they run, the documented adapters."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DIST = os.path.join(ROOT, ".tools", "dist")
ACTION = os.path.join(DIST, "action.py")
sys.path.insert(0, DIST)


def checker():
    """A built multipart-check: $MULTIPART_CHECK, else the debug or release build of this checkout."""
    for path in (os.environ.get("MULTIPART_CHECK"),
                 os.path.join(ROOT, ".build", "debug", "multipart-check"),
                 os.path.join(ROOT, ".build", "release", "multipart-check")):
        if path and os.access(path, os.X_OK):
            return os.path.abspath(path)
    return None


def self_contained():
    """A binary with the Swift runtime linked in ($MULTIPART_CHECK_STATIC), or None."""
    path = os.environ.get("MULTIPART_CHECK_STATIC")
    return os.path.abspath(path) if path and os.access(path, os.X_OK) else None


def needs_checker(test):
    return unittest.skipUnless(checker(), "multipart-check is not built: run `swift build` (or set MULTIPART_CHECK)")(test)


def documented_block(marker, path="CONFORMANCE.md"):
    """The code block between `<!-- MARKER:begin -->` and `<!-- MARKER:end -->` in a document."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        text = handle.read()
    found = re.search(rf"<!-- {marker}:begin -->\n```[a-z]*\n(.*?)```\n<!-- {marker}:end -->", text, re.S)
    if not found:
        raise AssertionError(f"no '{marker}' block in {path}")
    return found.group(1)


class TemporaryDirectoryTestCase(unittest.TestCase):
    """A test case with a fresh directory, removed afterwards."""

    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="multipart-dist-")
        self.addCleanup(shutil.rmtree, self.directory, ignore_errors=True)

    def path(self, *parts):
        return os.path.join(self.directory, *parts)

    def write(self, name, text, mode=0o644):
        path = self.path(name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(path, mode)
        return path


def run(arguments, **options):
    return subprocess.run(arguments, capture_output=True, text=True, **options)


def fresh_environment(path):
    """A new virtual environment at PATH; returns the pip command line that installs into it.

    It is made without pip when this Python's pip can install into another environment (pip 22.3
    and later: `--python`), which saves seeding a copy of pip into every environment.
    """
    probe = run([sys.executable, "-m", "pip", "--python", sys.executable, "--version"])
    seeded = probe.returncode != 0
    made = run([sys.executable, "-m", "venv"] + ([] if seeded else ["--without-pip"]) + [path])
    if made.returncode != 0:    # Debian and Ubuntu ship venv's pip seeding in python3-venv
        raise unittest.SkipTest(f"cannot make a virtual environment here: {made.stderr.strip()[-200:]}")
    python = os.path.join(path, "bin", "python")
    pip = [python, "-m", "pip"] if seeded else [sys.executable, "-m", "pip", "--python", python]
    return pip + ["--disable-pip-version-check"]


def read(path):
    """The file's text, or "" when it does not exist."""
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def outputs(path):
    """GITHUB_OUTPUT's `name<<delimiter` blocks as a dictionary."""
    found, lines = {}, read(path).split("\n")
    index = 0
    while index < len(lines):
        match = re.fullmatch(r"([a-z-]+)<<(\S+)", lines[index])
        if match:
            end = lines.index(match.group(2), index + 1)
            found[match.group(1)] = "\n".join(lines[index + 1:end])
            index = end
        index += 1
    return found


class ActionTestCase(TemporaryDirectoryTestCase):
    def run_action(self, step, inputs, cwd=None, extra=None):
        """Runs `action.py STEP` with INPUTS; returns (status, stdout, summary, outputs)."""
        environment = {key: value for key, value in os.environ.items() if not key.startswith(("INPUT_", "GITHUB_"))}
        environment.pop("MULTIPART_VECTORS_DIR", None)
        environment.update({
            "GITHUB_STEP_SUMMARY": self.path("summary.md"),
            "GITHUB_OUTPUT": self.path("output.txt"),
            "GITHUB_PATH": self.path("path.txt"),
            "RUNNER_TEMP": self.path("runner-temp"),
        })
        os.makedirs(self.path("runner-temp"), exist_ok=True)
        defaults = {"upload-artifact": "true", "artifact-name": "multipart-check-report"}
        for name, value in {**defaults, **inputs}.items():
            environment["INPUT_" + name.upper().replace("-", "_")] = value
        environment.update(extra or {})
        for name in ("summary.md", "output.txt"):
            if os.path.exists(self.path(name)):
                os.remove(self.path(name))
        result = subprocess.run([sys.executable, ACTION, step], cwd=cwd or self.directory, env=environment,
                                capture_output=True, text=True)
        return result.returncode, result.stdout + result.stderr, read(self.path("summary.md")), outputs(self.path("output.txt"))

    def report_directory(self, name="multipart-check-report"):
        return self.path("runner-temp", name)
