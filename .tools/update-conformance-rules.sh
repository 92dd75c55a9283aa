#!/bin/sh
# Regenerates the rule table in CONFORMANCE.md from the rule catalog in code.
#
# Runs `swift run -q multipart-check rules --format markdown` and replaces everything between the
# `<!-- rules:begin -->` and `<!-- rules:end -->` lines with its output. Nothing outside the markers
# is touched. The test ConformanceDocumentTests.ruleTableMatchesTheCatalog fails until this is run
# after a catalog change.
#
# Usage: .tools/update-conformance-rules.sh   (from anywhere inside the package)
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

begin='<!-- rules:begin -->'
end='<!-- rules:end -->'
document=CONFORMANCE.md

if [ "$(grep -cxF "$begin" "$document")" != 1 ] || [ "$(grep -cxF "$end" "$document")" != 1 ]; then
    echo "error: $document must contain the lines '$begin' and '$end' exactly once each" >&2
    exit 1
fi

table=$(mktemp)
updated=$(mktemp)
trap 'rm -f "$table" "$updated"' EXIT

swift run -q multipart-check rules --format markdown >"$table"
if [ ! -s "$table" ]; then
    echo "error: 'multipart-check rules --format markdown' printed nothing; $document left unchanged" >&2
    exit 1
fi

awk -v table="$table" -v begin="$begin" -v end="$end" '
    $0 == begin {
        print
        print ""
        while ((getline line < table) > 0) print line
        print ""
        skipping = 1
        next
    }
    $0 == end { skipping = 0 }
    !skipping { print }
' "$document" >"$updated"

if cmp -s "$updated" "$document"; then
    echo "$document: rule table already up to date"
else
    cat "$updated" >"$document"
    echo "$document: rule table regenerated ($(grep -c '^| `' "$table") rules)"
fi
