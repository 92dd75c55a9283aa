#!/usr/bin/env python3
"""Writes Vectors/ from the area modules, or checks that Vectors/ matches them (--check).

Vectors added with `multipart-check vectors new` (a .body and .json pair that no area module
generates) are contributed vectors: they are kept as they are and covered by the manifest.

Usage: python3 .tools/vectorgen/generate.py [--check]
"""
import hashlib
import importlib
import os
import pkgutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import vectorgen  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
VECTORS = os.path.join(ROOT, "Vectors")


def contributed(generated):
    """The .body/.json pairs on disk that no area module generates, by relative path."""
    found = {}
    for dirpath, _, names in os.walk(VECTORS):
        if any(part.startswith(".") for part in os.path.relpath(dirpath, VECTORS).split(os.sep) if part != "."):
            continue
        for n in names:
            rel = os.path.relpath(os.path.join(dirpath, n), VECTORS).replace(os.sep, "/")
            if rel.endswith((".body", ".json")) and rel not in generated:
                with open(os.path.join(VECTORS, rel), "rb") as f:
                    found[rel] = f.read()
    return found


def build():
    import areas
    for info in sorted(pkgutil.iter_modules(areas.__path__), key=lambda m: m.name):
        importlib.import_module("areas." + info.name)
    files = {}
    seen = set()
    for vid, body, sidecar in vectorgen.REGISTRY:
        if vid in seen:
            raise SystemExit(f"duplicate vector id {vid}")
        seen.add(vid)
        files[vid + ".body"] = body
        files[vid + ".json"] = vectorgen.sidecar_text(sidecar).encode()
    covered = dict(files)
    covered.update(contributed(files))
    manifest = "".join(f"{hashlib.sha256(data).hexdigest()}  {path}\n" for path, data in sorted(covered.items()))
    files["MANIFEST.sha256"] = manifest.encode()
    return files


def main():
    check = "--check" in sys.argv
    files = build()
    problems = []
    for rel, data in sorted(files.items()):
        path = os.path.join(VECTORS, rel)
        if check:
            try:
                with open(path, "rb") as f:
                    if f.read() != data:
                        problems.append(f"differs: {rel}")
            except FileNotFoundError:
                problems.append(f"missing: {rel}")
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
    kept = contributed(files)
    for rel in sorted(kept):
        twin = rel[:-5] + (".json" if rel.endswith(".body") else ".body")
        if twin not in kept:
            problems.append(f"a generated vector's file is missing, or a contributed vector lacks its pair: {rel}")
    for p in problems:
        print(p, file=sys.stderr)
    count = sum(1 for r in files if r.endswith(".body"))
    extra = sum(1 for r in kept if r.endswith(".body"))
    print(f"{count} vectors {'checked' if check else 'written'}, {extra} contributed vectors kept")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
