"""Runs a driver with its standard error rewritten so that nothing in it depends on the machine.

Usage: python3 tools/stable_stderr.py COMMAND [ARGUMENT...]

`multipart-check certify` keeps the last bytes of a crashed driver's standard error in the verdict,
and Interop/run.sh keeps the verdict in results/. A traceback names files by absolute path (the
checkout, a virtual environment, a home directory, a temporary folder), so the same crash seen from
two clones would leave different text, and the window of kept bytes would move with the length of
the path. Rewriting the stream before multipart-check reads it keeps both the text and the window
the same on every machine. Standard input and output pass through untouched; the exit status, or
the signal that ended the driver, is passed on.
"""
import os
import re
import signal
import subprocess
import sys
import tempfile

INTEROP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(INTEROP)

# Where a Python package lives depends on how Python was installed, not on the package.
PACKAGE_FOLDER = re.compile(rb"(?:/[^\s\"'/:]+)+/(site-packages|dist-packages)/")


def replacements(root=ROOT, home=None, temporary=None, host=None):
    """The (text, stand-in) pairs to rewrite, longest text first, so a path inside another is
    rewritten as part of the longer one."""
    pairs = {}

    def add(path, stand_in):
        if path and len(path) > 1:
            pairs[os.fsencode(path)] = stand_in

    add(root, b"<checkout>")
    add(os.path.realpath(root), b"<checkout>")
    # A checkout may link its installed tools (.venv, .build) from another checkout.
    interop = os.path.join(root, "Interop")
    for folder in (os.path.join(interop, ".venv"), os.path.join(interop, ".build")):
        if os.path.islink(folder):
            add(os.path.realpath(folder), os.fsencode(folder.replace(root, "<checkout>", 1)))
    examples = os.path.join(root, "Examples")
    if os.path.isdir(examples):
        for example in os.listdir(examples):
            build = os.path.join(examples, example, ".build")
            for entry in (os.listdir(build) if os.path.isdir(build) else []):
                path = os.path.join(build, entry)
                if os.path.islink(path):
                    add(os.path.realpath(path), os.fsencode(path.replace(root, "<checkout>", 1)))
    add(home if home is not None else os.path.expanduser("~"), b"<home>")
    add(temporary if temporary is not None else tempfile.gettempdir(), b"<tmp>")
    if host is None:
        host = os.uname().nodename
    if host and len(host) >= 4:
        pairs[os.fsencode(host)] = b"<host>"
    # Each is replaced only where it ends a name (`/tmp` in `/tmp/x`, not in `/tmpfs`).
    return [(re.compile(re.escape(found) + rb"(?![\w.-])"), stand_in)
            for found, stand_in in sorted(pairs.items(), key=lambda pair: -len(pair[0]))]


def stabilised(text, pairs):
    """The standard error text with every machine-specific piece replaced by its stand-in."""
    text = PACKAGE_FOLDER.sub(lambda match: b"<" + match.group(1) + b">/", text)
    for found, stand_in in pairs:
        text = found.sub(stand_in.replace(b"\\", b"\\\\"), text)
    return text


def main(arguments):
    if not arguments:
        sys.stderr.write("usage: stable_stderr.py COMMAND [ARGUMENT...]\n")
        return 64
    child = subprocess.Popen(arguments, stderr=subprocess.PIPE)
    errors = child.stderr.read()
    status = child.wait()
    sys.stderr.buffer.write(stabilised(errors, replacements()))
    sys.stderr.flush()
    if status < 0:
        # Ended by a signal: end the same way, so the verdict still says "crashed".
        signal.signal(-status, signal.SIG_DFL)
        os.kill(os.getpid(), -status)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
