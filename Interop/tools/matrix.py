"""Prints the CI matrix of .github/workflows/interop.yml: one job per row of parsers.tsv and
encoders.tsv and firewall configuration of the bypass atlas, read when the workflow runs so a new row gets its job without editing the workflow.

Usage: python3 Interop/tools/matrix.py   ->   {"include": [{"kind": "parser", "id": "..."}, ...]}
"""
import json

import firewalls
import interop


def main():
    rows = [{"kind": "parser", "id": parser.id} for parser in interop.parsers()]
    rows += [{"kind": "encoder", "id": encoder.id} for encoder in interop.encoders()]
    # The bypass atlas: a job per firewall configuration, and one that remakes the applications' readings.
    rows += [{"kind": "firewall", "id": configuration.id} for configuration in firewalls.configurations()]
    rows += [{"kind": "bypass", "id": "all"}]
    print(json.dumps({"include": rows}, separators=(",", ":")))


main()
