#!/bin/sh
# Certifies every real parser in parsers.tsv and encoder in encoders.tsv over the whole corpus and
# writes results/, RESULTS.md and matrix.html. Run Interop/setup.sh once first (it installs them).
#
#   Interop/run.sh                  run every parser and encoder and rewrite the results
#   Interop/run.sh --parser ID      run one parser (repeatable); keep the others' results
#   Interop/run.sh --encoder ID     run one encoder (repeatable); keep the others' results
#   Interop/run.sh --reports-only   rewrite the reports from the committed results
#   Interop/run.sh --bypass         run the bypass atlas (every firewall configuration, the parsers behind them)
#   Interop/run.sh --check          regenerate everything and fail if it differs from what is committed
#   Interop/run.sh --check --bypass regenerate the bypass atlas and fail if it differs
#
# MULTIPART_CHECK=/path/to/multipart-check uses that binary instead of building the root package.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/tools/run.py" "$@"
