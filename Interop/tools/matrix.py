"""Prints the CI matrix of .github/workflows/interop.yml: one job per row of parsers.tsv and
encoders.tsv, read when the workflow runs so a new row gets its job without editing the workflow.

Usage: python3 Interop/tools/matrix.py   ->   {"include": [{"kind": "parser", "id": "..."}, ...]}
"""
import json

import interop


def main():
    rows = [{"kind": "parser", "id": parser.id} for parser in interop.parsers()]
    rows += [{"kind": "encoder", "id": encoder.id} for encoder in interop.encoders()]
    print(json.dumps({"include": rows}, separators=(",", ":")))


main()
