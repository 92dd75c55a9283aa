#!/usr/bin/env python3
"""Package a built multipart-check for people who do not build Swift.

One layout serves every channel, so the binary always finds its corpus the same way: beside it,
as `.tools/install.sh` installs it (`CorpusLocation` in the CLI reads `<bin>/../share/...`):

    PREFIX/bin/multipart-check
    PREFIX/share/multipart-check/Vectors/                     the corpus, checked against its manifest
    PREFIX/share/multipart-check/Interop/results/evidence.json what real parsers made of it
    PREFIX/share/doc/multipart-check/LICENSE

The release archives hold that layout under one directory, the container image copies it to
/usr/local, and the wheel maps it onto pip's install scheme: the binary as a script (PREFIX/bin)
and the rest as data (PREFIX/share), which pip, pipx and uv install relative to the same prefix.

Usage:
    dist.py version                                   the version in MultipartCheck.swift
    dist.py layout --binary BIN PREFIX                lay out PREFIX (as the container image uses it)
    dist.py archive --binary BIN --target T --out DIR multipart-check-V-T.tar.gz and its .sha256
    dist.py wheel --binary BIN --out DIR [--platform-tag TAG]
    dist.py platform-tag --binary BIN                 the wheel platform tag the binary earns
    dist.py notes VERSION                             the CHANGELOG section of VERSION
    dist.py checksums DIR                             DIR/SHA256SUMS over every file in DIR

Needs Python 3.8 or later and, for Linux binaries, binutils' readelf. Nothing else: the wheel is
written with zipfile as the wheel specification (PEP 427, PEP 491) describes it. Archives and
wheels are reproducible: entries are sorted and dated SOURCE_DATE_EPOCH (default 1980-01-01).
"""
import argparse
import base64
import csv
import gzip
import hashlib
import io
import os
import re
import shutil
import stat
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
VERSION_SOURCE = os.path.join(ROOT, "Sources", "MultipartFormCLI", "Commands", "MultipartCheck.swift")
DISTRIBUTION = "multipart-check"
BINARY_NAME = "multipart-check"
SHARE = os.path.join("share", "multipart-check")
PYPI_README = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pypi-readme.md")

# PEP 599's list of libraries a manylinux wheel may link without carrying them (the graphics
# libraries left out: a command-line tool has no business with them).
MANYLINUX_LIBRARIES = {
    "libc.so.6", "libm.so.6", "libdl.so.2", "librt.so.1", "libpthread.so.0", "libutil.so.1",
    "libnsl.so.1", "libresolv.so.2", "libgcc_s.so.1", "libstdc++.so.6",
    "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1",
}
# The newest libstdc++ and libgcc symbol versions each manylinux glibc level allows: auditwheel's
# manylinux policy, the lower of its x86_64 and aarch64 figures. A level not listed allows none.
MANYLINUX_CXX = {
    (2, 17): {"GLIBCXX": (3, 4, 19), "CXXABI": (1, 3, 7), "GCC": (4, 7, 0)},
    (2, 24): {"GLIBCXX": (3, 4, 22), "CXXABI": (1, 3, 10), "GCC": (4, 7, 0)},
    (2, 27): {"GLIBCXX": (3, 4, 24), "CXXABI": (1, 3, 11), "GCC": (7, 0, 0)},
    (2, 28): {"GLIBCXX": (3, 4, 24), "CXXABI": (1, 3, 11), "GCC": (7, 0, 0)},
    (2, 31): {"GLIBCXX": (3, 4, 28), "CXXABI": (1, 3, 12), "GCC": (7, 0, 0)},
    (2, 34): {"GLIBCXX": (3, 4, 29), "CXXABI": (1, 3, 13), "GCC": (7, 0, 0)},
    (2, 35): {"GLIBCXX": (3, 4, 30), "CXXABI": (1, 3, 13), "GCC": (11, 0)},
    (2, 38): {"GLIBCXX": (3, 4, 30), "CXXABI": (1, 3, 13), "GCC": (11, 0)},
    (2, 39): {"GLIBCXX": (3, 4, 33), "CXXABI": (1, 3, 15), "GCC": (14, 0, 0)},
}
ELF_MACHINES = {"X86-64": "x86_64", "AArch64": "aarch64"}


class DistError(Exception):
    """A packaging step that cannot go on; printed as `error: ...` with status 1."""


def version():
    """The tool's version: the one string `multipart-check --version` prints first."""
    with open(VERSION_SOURCE, encoding="utf-8") as handle:
        found = re.search(r'public static let version = "([^"]+)"', handle.read())
    if not found:
        raise DistError(f"no 'public static let version' in {VERSION_SOURCE}")
    return found.group(1)


def source_date():
    """Seconds since the epoch to date every archive entry with, for reproducible archives."""
    return max(int(os.environ.get("SOURCE_DATE_EPOCH", "315532800")), 315532800)


def sha256_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def corpus_files():
    """The corpus's files relative to Vectors/, manifest first, each checked against the manifest.

    Only what the manifest names is shipped, so a stray file in a checkout never reaches a release.
    """
    vectors = os.path.join(ROOT, "Vectors")
    manifest = os.path.join(vectors, "MANIFEST.sha256")
    files = ["MANIFEST.sha256"]
    with open(manifest, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            digest, _, name = line.rstrip("\n").partition("  ")
            if not name or "/.." in "/" + name or name.startswith("/"):
                raise DistError(f"{manifest}:{number}: not '<sha256>  <relative path>'")
            if sha256_file(os.path.join(vectors, name)) != digest:
                raise DistError(f"Vectors/{name} does not match its manifest line; run 'multipart-check vectors check'")
            files.append(name)
    return files


def layout(binary, prefix):
    """Lays out PREFIX/bin and PREFIX/share (see the module's docstring); returns PREFIX."""
    if not os.path.isfile(binary):
        raise DistError(f"no binary at '{binary}'; build it with 'swift build -c release --product multipart-check'")
    os.makedirs(os.path.join(prefix, "bin"), exist_ok=True)
    target = os.path.join(prefix, "bin", BINARY_NAME)
    shutil.copyfile(binary, target)
    os.chmod(target, 0o755)
    share = os.path.join(prefix, SHARE)
    corpus = os.path.join(share, "Vectors")
    if os.path.exists(corpus):
        shutil.rmtree(corpus)
    for name in corpus_files():
        destination = os.path.join(corpus, name)
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        # Bytes copied as they are: the corpus must never be rewritten (line endings, encodings).
        shutil.copyfile(os.path.join(ROOT, "Vectors", name), destination)
        os.chmod(destination, 0o644)
    evidence = os.path.join(share, "Interop", "results", "evidence.json")
    os.makedirs(os.path.dirname(evidence), exist_ok=True)
    shutil.copyfile(os.path.join(ROOT, "Interop", "results", "evidence.json"), evidence)
    os.chmod(evidence, 0o644)
    licence = os.path.join(prefix, "share", "doc", "multipart-check", "LICENSE")
    os.makedirs(os.path.dirname(licence), exist_ok=True)
    shutil.copyfile(os.path.join(ROOT, "LICENSE"), licence)
    os.chmod(licence, 0o644)
    return prefix


def walk(prefix):
    """Every file under PREFIX as (relative path with '/', absolute path), sorted."""
    found = []
    for directory, subdirectories, files in os.walk(prefix):
        subdirectories.sort()
        for name in files:
            path = os.path.join(directory, name)
            found.append((os.path.relpath(path, prefix).replace(os.sep, "/"), path))
    return sorted(found)


def archive(binary, target, out):
    """Writes OUT/multipart-check-VERSION-TARGET.tar.gz (one top directory) and its .sha256."""
    name = f"{DISTRIBUTION}-{version()}-{target}"
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, name + ".tar.gz")
    with tempfile.TemporaryDirectory() as scratch:
        prefix = layout(binary, os.path.join(scratch, name))
        with open(path, "wb") as handle, \
                gzip.GzipFile(filename="", mode="wb", fileobj=handle, mtime=source_date(), compresslevel=6) as compressed, \
                tarfile.open(fileobj=compressed, mode="w", format=tarfile.PAX_FORMAT) as tar:
            directories = set()
            for relative, absolute in walk(prefix):
                parts = relative.split("/")
                for depth in range(len(parts)):
                    directory = "/".join([name] + parts[:depth])
                    if directory not in directories:
                        directories.add(directory)
                        tar.addfile(tar_entry(directory, tarfile.DIRTYPE, 0o755))
                entry = tar_entry(f"{name}/{relative}", tarfile.REGTYPE, mode_of(absolute))
                entry.size = os.path.getsize(absolute)
                with open(absolute, "rb") as content:
                    tar.addfile(entry, content)
    write_checksum(path)
    return path


def tar_entry(name, kind, mode):
    entry = tarfile.TarInfo(name)
    entry.type = kind
    entry.mode = mode
    entry.mtime = source_date()
    entry.uid = entry.gid = 0
    entry.uname = entry.gname = ""
    return entry


def mode_of(path):
    return 0o755 if os.stat(path).st_mode & stat.S_IXUSR else 0o644


def write_checksum(path):
    """Writes PATH.sha256 in `sha256sum -c` form."""
    with open(path + ".sha256", "w", encoding="utf-8") as handle:
        handle.write(f"{sha256_file(path)}  {os.path.basename(path)}\n")


def checksums(directory):
    """Writes DIRECTORY/SHA256SUMS over every other file (not the .sha256 files) in DIRECTORY."""
    names = sorted(
        name for name in os.listdir(directory)
        if os.path.isfile(os.path.join(directory, name)) and name != "SHA256SUMS" and not name.endswith(".sha256"))
    with open(os.path.join(directory, "SHA256SUMS"), "w", encoding="utf-8") as handle:
        for name in names:
            handle.write(f"{sha256_file(os.path.join(directory, name))}  {name}\n")
    return names


# Platform tags ------------------------------------------------------------------------------------


def platform_tags(binary):
    """The wheel platform tags BINARY can honestly claim, most specific first."""
    with open(binary, "rb") as handle:
        head = handle.read(8)
    if head[:4] == b"\x7fELF":
        return elf_tags(binary)
    if head[:4] in (b"\xca\xfe\xba\xbe", b"\xca\xfe\xba\xbf", b"\xcf\xfa\xed\xfe"):
        return macho_tags(binary)
    raise DistError(f"'{binary}' is neither an ELF nor a Mach-O executable")


def readelf(*arguments):
    try:
        return subprocess.run(
            ["readelf", *arguments], check=True, capture_output=True, text=True, env={**os.environ, "LC_ALL": "C"}).stdout
    except FileNotFoundError:
        raise DistError("readelf (binutils) is needed to read what a Linux binary links") from None


def elf_tags(binary):
    """manylinux tags from the libraries and glibc symbol versions the binary needs (PEP 600).

    A binary that needs no shared library at all (the Musl static SDK's output) runs on every
    Linux of its architecture: it gets manylinux2014's floor and musllinux alike.
    """
    machine = re.search(r"Machine:\s+(.+)", readelf("-h", binary))
    arch = next((value for key, value in ELF_MACHINES.items() if machine and key in machine.group(1)), None)
    if arch is None:
        raise DistError(f"'{binary}': unsupported machine '{machine.group(1) if machine else '?'}'")
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", readelf("-d", "-W", binary))
    if not needed:
        return [f"manylinux_2_17_{arch}", f"manylinux2014_{arch}", f"musllinux_1_1_{arch}"]
    foreign = sorted(set(needed) - MANYLINUX_LIBRARIES)
    if foreign:
        raise DistError(
            f"'{binary}' links {', '.join(foreign)}, which no manylinux system is sure to have; "
            "link the Swift runtime statically (--static-swift-stdlib)")
    versions = {}
    for family, number in re.findall(r"Name: (GLIBCXX|CXXABI|GLIBC|GCC)_([0-9.]+)", readelf("-V", "-W", binary)):
        parsed = tuple(int(part) for part in number.split("."))
        versions[family] = max(versions.get(family, ()), parsed)
    glibc = versions.get("GLIBC", (2, 17))[:2]
    glibc = max(glibc, (2, 17))
    cxx = {family: value for family, value in versions.items() if family != "GLIBC"}
    if cxx:
        allowed = [level for level, caps in sorted(MANYLINUX_CXX.items())
                   if level >= glibc and all(value <= caps[family] for family, value in cxx.items())]
        if not allowed:
            needs = ", ".join(f"{family}_{'.'.join(map(str, value))}" for family, value in sorted(cxx.items()))
            raise DistError(f"'{binary}' needs {needs}, newer than any manylinux level allows")
        glibc = allowed[0]
    tags = [f"manylinux_{glibc[0]}_{glibc[1]}_{arch}"]
    # Said where it is built: only the Static Linux SDK's binary installs on every Linux.
    print(f"note: '{binary}' links {', '.join(needed)}: the wheel is tagged {tags[0]} and installs only where "
          f"glibc {glibc[0]}.{glibc[1]} or later is; build with --swift-sdk <arch>-swift-linux-musl for a wheel "
          "every Linux installs", file=sys.stderr)
    # The legacy aliases, for pip older than 20.3 (PEP 600's table).
    if glibc == (2, 17):
        tags.append(f"manylinux2014_{arch}")
    return tags


MACHO_CPU = {0x01000007: "x86_64", 0x0100000C: "arm64"}
LC_VERSION_MIN_MACOSX = 0x24
LC_BUILD_VERSION = 0x32
PLATFORM_MACOS = 1


def macho_tags(binary):
    """A macosx tag from each slice's minimum macOS version (LC_BUILD_VERSION) and architectures."""
    with open(binary, "rb") as handle:
        data = handle.read()
    magic = struct.unpack(">I", data[:4])[0]
    slices = []
    if magic in (0xCAFEBABE, 0xCAFEBABF):
        count = struct.unpack(">I", data[4:8])[0]
        entry, size = (">iiQQI4x", 32) if magic == 0xCAFEBABF else (">iiIII", 20)
        for index in range(count):
            _, _, offset, length, _ = struct.unpack_from(entry, data, 8 + index * size)
            slices.append(data[offset:offset + length])
    else:
        slices.append(data)
    arches, minimum = set(), (0, 0)
    for thin in slices:
        magic, cpu, _, _, commands, _, _, _ = struct.unpack_from("<IiiIIIII", thin, 0)
        if magic != 0xFEEDFACF or cpu not in MACHO_CPU:
            raise DistError(f"'{binary}': a slice that is not a 64-bit x86_64 or arm64 Mach-O")
        arches.add(MACHO_CPU[cpu])
        offset, found = 32, None
        for _ in range(commands):
            command, size = struct.unpack_from("<II", thin, offset)
            if command == LC_BUILD_VERSION:
                platform, encoded = struct.unpack_from("<II", thin, offset + 8)
                if platform == PLATFORM_MACOS:
                    found = encoded
            elif command == LC_VERSION_MIN_MACOSX:
                found = struct.unpack_from("<I", thin, offset + 8)[0]
            offset += size
        if found is None:
            raise DistError(f"'{binary}': a {MACHO_CPU[cpu]} slice names no minimum macOS version")
        minimum = max(minimum, (found >> 16, (found >> 8) & 0xFF))
    major, minor = minimum
    # pip matches macOS 11 and later only as `major_0`: a binary that needs 13.1 is tagged 14_0.
    if major >= 11 and minor:
        major, minor = major + 1, 0
    arch = "universal2" if arches == {"x86_64", "arm64"} else arches.pop()
    return [f"macosx_{major}_{minor}_{arch}"]


# Wheel --------------------------------------------------------------------------------------------


def record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")


def metadata(release):
    with open(PYPI_README, encoding="utf-8") as handle:
        description = handle.read()
    headers = [
        ("Metadata-Version", "2.1"),
        ("Name", DISTRIBUTION),
        ("Version", release),
        ("Summary", "Strict multipart/form-data (RFC 7578) validator and conformance suite: "
                    "certify encoders and parsers in any language"),
        ("License", "MIT"),
        ("Keywords", "multipart,form-data,rfc7578,conformance,validator,http"),
        ("Classifier", "Development Status :: 4 - Beta"),
        ("Classifier", "Environment :: Console"),
        ("Classifier", "Intended Audience :: Developers"),
        ("Classifier", "License :: OSI Approved :: MIT License"),
        ("Classifier", "Operating System :: MacOS"),
        ("Classifier", "Operating System :: POSIX :: Linux"),
        ("Classifier", "Topic :: Internet :: WWW/HTTP"),
        ("Classifier", "Topic :: Software Development :: Testing"),
        ("Description-Content-Type", "text/markdown"),
    ]
    return "".join(f"{key}: {value}\n" for key, value in headers) + "\n" + description


def wheel(binary, out, tags=None):
    """Writes OUT/multipart_check-VERSION-py3-none-PLATFORM.whl and returns its path.

    The binary is a script (`{data}/scripts`, installed executable on PATH) and the corpus data
    (`{data}/data/share/...`, installed under the same prefix), so the installed binary finds
    `../share/multipart-check/Vectors` beside itself. There is no Python code: `py3-none`.
    """
    release = version()
    tags = tags or platform_tags(binary)
    name = DISTRIBUTION.replace("-", "_")
    data_dir, info_dir = f"{name}-{release}.data", f"{name}-{release}.dist-info"
    filename = f"{name}-{release}-py3-none-{'.'.join(tags)}.whl"
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, filename)
    entries = []    # (archive name, bytes, executable)
    with tempfile.TemporaryDirectory() as scratch:
        prefix = layout(binary, scratch)
        for relative, absolute in walk(prefix):
            with open(absolute, "rb") as handle:
                content = handle.read()
            if relative == f"bin/{BINARY_NAME}":
                entries.append((f"{data_dir}/scripts/{BINARY_NAME}", content, True))
            elif relative.startswith("share/doc/"):
                continue    # the licence goes into .dist-info, where tools look for it
            else:
                entries.append((f"{data_dir}/data/{relative}", content, False))
    with open(os.path.join(ROOT, "LICENSE"), "rb") as handle:
        entries.append((f"{info_dir}/LICENSE", handle.read(), False))
    entries.append((f"{info_dir}/METADATA", metadata(release).encode("utf-8"), False))
    wheel_file = "Wheel-Version: 1.0\nGenerator: multipart-check .tools/dist/dist.py\nRoot-Is-Purelib: false\n"
    wheel_file += "".join(f"Tag: py3-none-{tag}\n" for tag in tags)
    entries.append((f"{info_dir}/WHEEL", wheel_file.encode("utf-8"), False))
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for archive_name, content, _ in entries:
        writer.writerow([archive_name, record_hash(content), len(content)])
    writer.writerow([f"{info_dir}/RECORD", "", ""])
    entries.append((f"{info_dir}/RECORD", record.getvalue().encode("utf-8"), False))
    date = tuple(time.gmtime(source_date())[:6])
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive_file:
        for archive_name, content, executable in entries:
            info = zipfile.ZipInfo(archive_name, date_time=date)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = ((0o100755 if executable else 0o100644) & 0xFFFF) << 16
            info.create_system = 3    # Unix, so installers read the mode bits above
            archive_file.writestr(info, content)
    return path


# Release notes ------------------------------------------------------------------------------------


def notes(release, text=None):
    """The body of CHANGELOG.md's `## VERSION` section (heading `## 1.2.0` or `## 1.2.0 - date`)."""
    if text is None:
        with open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as handle:
            text = handle.read()
    heading = re.compile(rf"^## (?:\[)?{re.escape(release)}(?:\])?(?:\s.*)?$", re.M)
    found = heading.search(text)
    if not found:
        raise DistError(f"CHANGELOG.md has no '## {release}' section: rename 'Unreleased' to the version before tagging")
    following = re.compile(r"^## ", re.M).search(text, found.end())
    return text[found.end():following.start() if following else len(text)].strip() + "\n"


def main(arguments=None):
    parser = argparse.ArgumentParser(prog="dist.py", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("version")
    command = commands.add_parser("layout")
    command.add_argument("--binary", required=True)
    command.add_argument("prefix")
    command = commands.add_parser("archive")
    command.add_argument("--binary", required=True)
    command.add_argument("--target", required=True, help="such as linux-x86_64, linux-aarch64, macos-universal")
    command.add_argument("--out", required=True)
    command = commands.add_parser("wheel")
    command.add_argument("--binary", required=True)
    command.add_argument("--out", required=True)
    command.add_argument("--platform-tag", action="append", help="instead of the tags read from the binary")
    command = commands.add_parser("platform-tag")
    command.add_argument("--binary", required=True)
    command = commands.add_parser("notes")
    command.add_argument("version")
    command = commands.add_parser("checksums")
    command.add_argument("directory")
    options = parser.parse_args(arguments)
    try:
        if options.command == "version":
            print(version())
        elif options.command == "layout":
            print(layout(options.binary, options.prefix))
        elif options.command == "archive":
            print(archive(options.binary, options.target, options.out))
        elif options.command == "wheel":
            print(wheel(options.binary, options.out, options.platform_tag))
        elif options.command == "platform-tag":
            print(".".join(platform_tags(options.binary)))
        elif options.command == "notes":
            sys.stdout.write(notes(options.version))
        elif options.command == "checksums":
            checksums(options.directory)
    except DistError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
