#!/usr/bin/env python3
"""Rewrite every marked Swift code block in the documentation from its compiled snippet.

The Swift files in Tests/MultipartFormDocumentationTests/Snippets/ are the one source of truth:
the test target compiles them (and runs the ones that can run). A Markdown block preceded by
`<!-- snippet: ID -->` must be the visible part of Snippets/ID.swift: lines between
`// snippet.hide` and `// snippet.show` are left out, and each visible run of lines is dedented.
DocumentationSnippetTests fails when a block differs; run this script to rewrite the blocks.

Usage: .tools/snippets/sync.py [--check]
"""
import glob
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SNIPPETS = os.path.join(ROOT, "Tests", "MultipartFormDocumentationTests", "Snippets")
MARKER = re.compile(r"^<!-- snippet: ([a-z0-9-]+) -->\n```swift\n(.*?)```\n", re.M | re.S)


def documents():
    paths = [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "CONFORMANCE.md")]
    paths += sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "*.md")))
    return paths


def visible(identifier):
    with open(os.path.join(SNIPPETS, identifier + ".swift"), encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    runs, current, shown = [], [], True
    for line in lines:
        marker = line.strip()
        if marker == "// snippet.hide":
            if current:
                runs.append(current)
            current, shown = [], False
        elif marker == "// snippet.show":
            shown = True
        elif shown:
            current.append(line)
    if current:
        runs.append(current)
    out = []
    for run in runs:
        indents = [len(line) - len(line.lstrip(" ")) for line in run if line.strip()]
        cut = min(indents) if indents else 0
        out += [line[cut:] if line.strip() else "" for line in run]
    while out and not out[0].strip():
        out.pop(0)
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out) + "\n"


def main():
    check = "--check" in sys.argv
    stale = []
    for path in documents():
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        updated = MARKER.sub(lambda m: f"<!-- snippet: {m.group(1)} -->\n```swift\n{visible(m.group(1))}```\n", text)
        if updated != text:
            stale.append(os.path.relpath(path, ROOT))
            if not check:
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(updated)
    if stale:
        print(("stale: " if check else "rewrote: ") + ", ".join(stale))
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
