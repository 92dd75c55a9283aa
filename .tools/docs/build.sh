#!/usr/bin/env bash
# Builds the DocC documentation of the three library products with the toolchain's own `docc`,
# so the root package needs no plugin dependency. Unresolved symbol links, unknown articles and
# malformed directives are errors.
#
# Usage: .tools/docs/build.sh [OUTPUT_DIR]     (default .build/docs; one .doccarchive per module)
set -euo pipefail
cd "$(dirname "$0")/../.."

output=${1:-.build/docs}
docc=$(command -v docc || true)
if [ -z "$docc" ]; then
    docc=$(dirname "$(readlink -f "$(command -v swift)")")/docc
fi
[ -x "$docc" ] || { echo "docc not found beside swift; install a toolchain that ships it" >&2; exit 69; }

swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(find .build -path '*/symbolgraph' -type d | head -1)
[ -n "$graphs" ] || { echo "no symbol graphs were written" >&2; exit 70; }

mkdir -p "$output"
for module in MultipartForm MultipartFormConformanceCore MultipartFormFoundation; do
    staged=$(mktemp -d)
    cp "$graphs/$module.symbols.json" "$staged/"
    # Extensions this module makes to its dependencies' types (Foundation glue, for example).
    find "$graphs" -name "$module@*.symbols.json" -exec cp {} "$staged/" \;
    # The conformance product adds the bundled corpus to the core's types.
    if [ "$module" = MultipartFormConformanceCore ]; then
        cp "$graphs/MultipartFormConformance@MultipartFormConformanceCore.symbols.json" "$staged/"
    fi
    "$docc" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$staged" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "multipart-form-conformance.$module" \
        --output-path "$output/$module.doccarchive" \
        --warnings-as-errors
    rm -rf "$staged"
    echo "documentation: $output/$module.doccarchive"
done
