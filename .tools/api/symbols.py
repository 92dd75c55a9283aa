#!/usr/bin/env python3
"""List the public symbols of the library products, one per line, sorted.

Run `swift package dump-symbol-graph --minimum-access-level public` first; this reads the
symbol graphs it writes and prints `Module  kind  path  declaration`, so two runs (before and
after an API change) can be compared with `diff`.
"""
import glob
import json
import os
import sys

LIBRARIES = ("MultipartForm", "MultipartFormConformance", "MultipartFormConformanceCore",
             "MultipartFormFoundation")


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else ".build"
    graphs = glob.glob(os.path.join(root, "*", "symbolgraph", "*.symbols.json"))
    lines = set()
    for path in graphs:
        name = os.path.basename(path)[: -len(".symbols.json")]
        module = name.split("@")[0]
        if module not in LIBRARIES:
            continue
        with open(path, encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            kind = symbol["kind"]["identifier"].removeprefix("swift.")
            declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            lines.add(f"{module}  {kind}  {'.'.join(symbol['pathComponents'])}  {' '.join(declaration.split())}")
    for line in sorted(lines):
        print(line)


if __name__ == "__main__":
    main()
