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
    subprocess.run([sys.executable, "-m", "venv"] + ([] if seeded else ["--without-pip"]) + [path], check=True)
    python = os.path.join(path, "bin", "python")
    pip = [python, "-m", "pip"] if seeded else [sys.executable, "-m", "pip", "--python", python]
    return pip + ["--disable-pip-version-check"]
