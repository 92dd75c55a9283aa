#!/usr/bin/env bash
# Builds the DocC documentation of the four library products with the toolchain's own `docc`,
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
command -v jq >/dev/null || { echo "jq is needed to merge the conformance product's symbol graphs" >&2; exit 69; }

swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(find .build -path '*/symbolgraph' -type d | head -1)
[ -n "$graphs" ] || { echo "no symbol graphs were written" >&2; exit 70; }

# `MultipartFormConformance` re-exports `MultipartFormConformanceCore` (no product of its own) and
# extends its types: its documentation is one module made of both, as adopters import it. The
# graphs named `graph...` are merged into one graph of module `MultipartFormConformance`.
merge() {
    local into=$1
    shift
    jq -s '.[0].module.name = "MultipartFormConformance"
        | .[0].symbols = ([.[].symbols] | add)
        | .[0].relationships = ([.[].relationships] | add)
        | .[0]' "$@" >"$into"
}

mkdir -p "$output"
for module in MultipartForm MultipartFormConformance MultipartFormFoundation MultipartFormTesting; do
    staged=$(mktemp -d)
    if [ "$module" = MultipartFormConformance ]; then
        merge "$staged/$module.symbols.json" "$graphs/MultipartFormConformanceCore.symbols.json" \
            "$graphs/MultipartFormConformance.symbols.json" \
            "$graphs/MultipartFormConformance@MultipartFormConformanceCore.symbols.json"
        # Extensions of the core's own dependencies (MultipartForm), made by either module.
        for graph in "$graphs"/MultipartFormConformanceCore@*.symbols.json "$graphs"/MultipartFormConformance@*.symbols.json; do
            [ -e "$graph" ] || continue
            extended=${graph##*@}
            [ "$extended" = MultipartFormConformanceCore.symbols.json ] && continue
            target="$staged/MultipartFormConformance@$extended"
            if [ -e "$target" ]; then
                merge "$target.new" "$target" "$graph" && mv "$target.new" "$target"
            else
                merge "$target" "$graph"
            fi
        done
    else
        cp "$graphs/$module.symbols.json" "$staged/"
        # Extensions this module makes to its dependencies' types (Foundation glue, for example).
        find "$graphs" -name "$module@*.symbols.json" -exec cp {} "$staged/" \;
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
