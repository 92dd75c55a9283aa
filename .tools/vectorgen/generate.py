#!/usr/bin/env python3
"""Writes Vectors/ from the area modules, or checks that Vectors/ matches them (--check).

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
    manifest = "".join(f"{hashlib.sha256(data).hexdigest()}  {path}\n" for path, data in sorted(files.items()))
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
    for dirpath, _, names in os.walk(VECTORS):
        for n in names:
            rel = os.path.relpath(os.path.join(dirpath, n), VECTORS)
            if rel.endswith((".body", ".json")) and rel not in files:
                problems.append(f"not generated (remove it or add it to an area module): {rel}")
    for p in problems:
        print(p, file=sys.stderr)
    count = sum(1 for r in files if r.endswith(".body"))
    print(f"{count} vectors {'checked' if check else 'written'}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
