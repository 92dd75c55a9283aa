"""dist.py: the layout every channel shares, the release archives, the wheel, its tags, the image."""
import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import stat
import struct
import tarfile
import unittest
import zipfile

from support import ROOT, DIST, TemporaryDirectoryTestCase, checker, fresh_environment, needs_checker, run, self_contained

import dist


def environment_without_corpus():
    environment = dict(os.environ)
    environment.pop("MULTIPART_VECTORS_DIR", None)
    return environment


class LayoutTests(TemporaryDirectoryTestCase):
    @needs_checker
    def test_version_is_the_one_the_binary_prints(self):
        result = run([checker(), "--version"])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.splitlines()[0], dist.version())

    @needs_checker
    def test_a_laid_out_binary_reads_the_corpus_and_the_evidence_beside_it(self):
        prefix = dist.layout(checker(), self.path("prefix"))
        binary = os.path.join(prefix, "bin", "multipart-check")
        self.assertTrue(os.stat(binary).st_mode & stat.S_IXUSR)
        somewhere = self.path("elsewhere")
        os.makedirs(somewhere)
        version = run([binary, "--version"], cwd=somewhere, env=environment_without_corpus())
        self.assertIn("bin/../share/multipart-check/Vectors)", version.stdout)
        check = run([binary, "vectors", "check"], cwd=somewhere, env=environment_without_corpus())
        self.assertEqual(check.returncode, 0, check.stdout + check.stderr)
        rules = run([binary, "rules", "--format", "markdown"], cwd=somewhere, env=environment_without_corpus())
        self.assertIn("Interop/results/evidence.json", rules.stdout, "the evidence was not found beside the corpus")
        self.assertTrue(os.path.isfile(os.path.join(prefix, "share", "doc", "multipart-check", "LICENSE")))

    @needs_checker
    def test_only_what_the_manifest_names_is_shipped(self):
        prefix = dist.layout(checker(), self.path("prefix"))
        corpus = os.path.join(prefix, "share", "multipart-check", "Vectors")
        shipped = sorted(relative for relative, _ in dist.walk(corpus))
        self.assertEqual(shipped, sorted(dist.corpus_files()))
        self.assertNotIn(".editorconfig", shipped)
        self.assertGreater(len(shipped), 800)

    def test_a_corpus_file_that_differs_from_its_manifest_stops_the_layout(self):
        original = dist.ROOT
        copy = self.path("checkout")
        shutil.copytree(os.path.join(ROOT, "Vectors"), os.path.join(copy, "Vectors"))
        with open(os.path.join(copy, "Vectors", "structure", "y-single-field.body"), "ab") as handle:
            handle.write(b"\n")
        dist.ROOT = copy
        try:
            with self.assertRaisesRegex(dist.DistError, "y-single-field.body does not match its manifest"):
                dist.corpus_files()
        finally:
            dist.ROOT = original


class ArchiveTests(TemporaryDirectoryTestCase):
    @needs_checker
    def test_an_archive_is_one_directory_reproducible_and_checksummed(self):
        first = dist.archive(checker(), "linux-test", self.path("one"))
        second = dist.archive(checker(), "linux-test", self.path("two"))
        name = f"multipart-check-{dist.version()}-linux-test"
        self.assertEqual(os.path.basename(first), name + ".tar.gz")
        with open(first, "rb") as one, open(second, "rb") as two:
            self.assertEqual(one.read(), two.read(), "two archives of the same binary differ")
        with open(first + ".sha256", encoding="utf-8") as handle:
            self.assertEqual(handle.read(), f"{dist.sha256_file(first)}  {name}.tar.gz\n")
        with tarfile.open(first) as tar:
            members = tar.getmembers()
            self.assertTrue(all(member.name == name or member.name.startswith(name + "/") for member in members))
            self.assertEqual(tar.getmember(f"{name}/bin/multipart-check").mode, 0o755)
            self.assertEqual(tar.getmember(f"{name}/share/multipart-check/Vectors/MANIFEST.sha256").mode, 0o644)
            self.assertTrue(all(member.uid == 0 and member.uname == "" for member in members))
            tar.extractall(self.path("extracted"))
        binary = self.path("extracted", name, "bin", "multipart-check")
        check = run([binary, "vectors", "check"], cwd=self.directory, env=environment_without_corpus())
        self.assertEqual(check.returncode, 0, check.stderr)

    def test_checksums_cover_every_asset_but_the_checksum_files(self):
        for name in ("a.tar.gz", "a.tar.gz.sha256", "b.whl"):
            self.write(name, name)
        dist.checksums(self.directory)
        with open(self.path("SHA256SUMS"), encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        self.assertEqual([line.split("  ")[1] for line in lines], ["a.tar.gz", "b.whl"])
        self.assertEqual(lines[0].split("  ")[0], hashlib.sha256(b"a.tar.gz").hexdigest())


class WheelTests(TemporaryDirectoryTestCase):
    def build(self, binary, tags=None):
        return dist.wheel(binary, self.path("wheels"), tags)

    @needs_checker
    def test_the_wheel_follows_the_binary_distribution_format(self):
        path = self.build(checker(), ["linux_x86_64"])
        release = dist.version()
        self.assertEqual(os.path.basename(path), f"multipart_check-{release}-py3-none-linux_x86_64.whl")
        info = f"multipart_check-{release}.dist-info"
        with zipfile.ZipFile(path) as wheel:
            names = wheel.namelist()
            self.assertEqual(names[-1], f"{info}/RECORD", "RECORD must come last")
            script = wheel.getinfo(f"multipart_check-{release}.data/scripts/multipart-check")
            self.assertEqual((script.external_attr >> 16) & 0o777, 0o755)
            self.assertIn(f"multipart_check-{release}.data/data/share/multipart-check/Vectors/MANIFEST.sha256", names)
            self.assertIn(
                f"multipart_check-{release}.data/data/share/multipart-check/Interop/results/evidence.json", names)
            self.assertFalse([name for name in names if not name.startswith(("multipart_check-"))])
            metadata = wheel.read(f"{info}/METADATA").decode("utf-8")
            self.assertIn("Name: multipart-check\n", metadata)
            self.assertIn(f"Version: {release}\n", metadata)
            self.assertEqual(
                wheel.read(f"{info}/WHEEL").decode("utf-8"),
                "Wheel-Version: 1.0\nGenerator: multipart-check .tools/dist/dist.py\nRoot-Is-Purelib: false\n"
                "Tag: py3-none-linux_x86_64\n")
            rows = list(csv.reader(io.StringIO(wheel.read(f"{info}/RECORD").decode("utf-8"))))
            self.assertEqual(sorted(row[0] for row in rows), sorted(names))
            for name, digest, size in rows:
                if name.endswith("/RECORD"):
                    self.assertEqual((digest, size), ("", ""))
                    continue
                content = wheel.read(name)
                expected = base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=").decode()
                self.assertEqual((digest, int(size)), ("sha256=" + expected, len(content)), name)

    @needs_checker
    def test_pip_puts_the_checker_on_the_path_of_a_fresh_environment(self):
        binary = self_contained() or checker()
        tags = None if self_contained() else ["linux_" + os.uname().machine]
        wheel = self.build(binary, tags)
        environment = self.path("venv")
        pip_command = fresh_environment(environment)
        pip = run(pip_command + ["install", "--no-index", wheel])
        self.assertEqual(pip.returncode, 0, pip.stdout + pip.stderr)
        installed = os.path.join(environment, "bin", "multipart-check")
        version = run([installed, "--version"], cwd=self.directory, env=environment_without_corpus())
        self.assertIn(f"{environment}/bin/../share/multipart-check/Vectors)", version.stdout)
        check = run([installed, "vectors", "check"], cwd=self.directory, env=environment_without_corpus())
        self.assertEqual(check.returncode, 0, check.stderr)
        uninstall = run(pip_command + ["uninstall", "--yes", "multipart-check"])
        self.assertEqual(uninstall.returncode, 0, uninstall.stderr)
        self.assertFalse(os.path.exists(installed))
        self.assertFalse(os.path.exists(os.path.join(environment, "share", "multipart-check", "Vectors")))


def thin_macho(cpu, minimum):
    """A 64-bit Mach-O header with one LC_BUILD_VERSION command for macOS MINIMUM (major, minor)."""
    command = struct.pack("<IIIIII", dist.LC_BUILD_VERSION, 24, dist.PLATFORM_MACOS,
                          (minimum[0] << 16) | (minimum[1] << 8), 0, 0)
    return struct.pack("<IiiIIIII", 0xFEEDFACF, cpu, 3, 2, 1, len(command), 0, 0) + command


def fat_macho(slices):
    header = struct.pack(">II", 0xCAFEBABE, len(slices))
    offset, table, body = 4096, b"", b""
    for cpu, data in slices:
        table += struct.pack(">iiIII", cpu, 0, offset + len(body), len(data), 12)
        body += data
    return (header + table).ljust(4096, b"\0") + body


class PlatformTagTests(TemporaryDirectoryTestCase):
    def write_bytes(self, name, data):
        path = self.path(name)
        with open(path, "wb") as handle:
            handle.write(data)
        return path

    def test_a_universal_macos_binary_is_universal2_from_its_minimum_version(self):
        x86, arm = 0x01000007, 0x0100000C
        path = self.write_bytes("fat", fat_macho([(x86, thin_macho(x86, (13, 0))), (arm, thin_macho(arm, (13, 0)))]))
        self.assertEqual(dist.platform_tags(path), ["macosx_13_0_universal2"])

    def test_a_minimum_past_a_major_release_rounds_up_to_a_tag_pip_matches(self):
        path = self.write_bytes("thin", thin_macho(0x0100000C, (13, 1)))
        self.assertEqual(dist.platform_tags(path), ["macosx_14_0_arm64"])

    @unittest.skipUnless(shutil.which("readelf"), "readelf (binutils) is not installed")
    def test_a_binary_that_needs_no_shared_library_runs_on_every_linux(self):
        static = next((path for path in ("/sbin/ldconfig", "/usr/sbin/ldconfig")
                       if os.path.exists(path) and "NEEDED" not in run(["readelf", "-d", path]).stdout), None)
        if static is None:
            self.skipTest("no statically linked program found to read")
        arch = os.uname().machine
        self.assertEqual(dist.platform_tags(static), [f"manylinux_2_17_{arch}", f"manylinux2014_{arch}", f"musllinux_1_1_{arch}"])

    @needs_checker
    @unittest.skipUnless(shutil.which("readelf"), "readelf (binutils) is not installed")
    def test_a_binary_linking_the_swift_runtime_gets_no_tag(self):
        if "libswiftCore" not in run(["readelf", "-d", checker()]).stdout:
            self.skipTest("this checker has the Swift runtime linked in")
        with self.assertRaisesRegex(dist.DistError, "libswiftCore.so.*--static-swift-stdlib"):
            dist.platform_tags(checker())

    @unittest.skipUnless(self_contained() and shutil.which("readelf"), "set MULTIPART_CHECK_STATIC to a self-contained binary")
    def test_a_self_contained_binary_is_tagged_from_its_newest_glibc_and_libstdcxx_symbols(self):
        tags = dist.platform_tags(self_contained())
        symbols = run(["readelf", "-V", "-W", self_contained()]).stdout
        newest = max((tuple(map(int, version.split(".")))
                      for version in re.findall(r"Name: GLIBC_([0-9.]+)", symbols)), default=(2, 17))
        if "NEEDED" in run(["readelf", "-d", self_contained()]).stdout:
            level = tuple(map(int, tags[0].split("_")[1:3]))
            self.assertGreaterEqual(level, newest[:2])
        else:
            self.assertTrue(tags[0].startswith("manylinux_2_17_"))


class NotesTests(unittest.TestCase):
    CHANGELOG = "# Changelog\n\n## Unreleased\n\n- next\n\n## 1.2.0 - 2026-12-01\n\n### Added\n- one\n\n## 1.1.0\n\n- older\n"

    def test_the_notes_are_the_versions_section(self):
        self.assertEqual(dist.notes("1.2.0", self.CHANGELOG), "### Added\n- one\n")
        self.assertEqual(dist.notes("1.1.0", self.CHANGELOG), "- older\n")

    def test_a_version_without_a_section_is_refused(self):
        with self.assertRaisesRegex(dist.DistError, "no '## 1.3.0' section"):
            dist.notes("1.3.0", self.CHANGELOG)
        with self.assertRaises(dist.DistError):
            dist.notes("1.2", self.CHANGELOG)


class ImageTests(TemporaryDirectoryTestCase):
    """No container engine runs here: the Dockerfile's COPY, WORKDIR and ENTRYPOINT are applied to a
    directory standing for the image's root, with the context laid out as the release workflow does."""

    def instructions(self):
        with open(os.path.join(DIST, "Dockerfile"), encoding="utf-8") as handle:
            lines = [line.strip() for line in handle if line.strip() and not line.startswith("#")]
        joined, current = [], ""
        for line in lines:
            current += line.rstrip("\\").strip() + " "
            if not line.endswith("\\"):
                joined.append(current.strip())
                current = ""
        return [(line.split(" ", 1)[0], line.split(" ", 1)[1]) for line in joined]

    def test_the_image_is_debian_12_slim_with_the_checker_as_its_entry_point(self):
        instructions = self.instructions()
        self.assertEqual(instructions[0], ("FROM", "debian:12-slim"))
        self.assertIn(("ENTRYPOINT", '["multipart-check"]'), instructions)
        self.assertFalse([kind for kind, _ in instructions if kind == "RUN"], "a RUN step needs an emulator for arm64")

    @needs_checker
    def test_the_laid_out_context_gives_a_root_where_the_checker_runs(self):
        architecture = {"x86_64": "amd64", "aarch64": "arm64"}.get(os.uname().machine, os.uname().machine)
        binary = self_contained() or checker()
        # As the release workflow does: the release archive, unpacked one level down, is the context.
        archive = dist.archive(binary, "linux-test", self.path("dist"))
        with tarfile.open(archive) as tar:
            tar.extractall(self.path("unpacked"))
        top = os.listdir(self.path("unpacked"))[0]
        shutil.move(self.path("unpacked", top), self.path("context", architecture))
        root, workdir, entrypoint = self.path("root"), "/", None
        arguments = {"TARGETARCH": architecture}
        for kind, rest in self.instructions():
            if kind == "COPY":
                source, destination = rest.replace("${TARGETARCH}", arguments["TARGETARCH"]).split()
                shutil.copytree(self.path("context", source), root + destination, dirs_exist_ok=True)
            elif kind == "WORKDIR":
                workdir = rest
                os.makedirs(root + workdir, exist_ok=True)
            elif kind == "ENTRYPOINT":
                entrypoint = json.loads(rest)
        self.assertEqual(entrypoint, ["multipart-check"])
        program = root + "/usr/local/bin/" + entrypoint[0]
        environment = {"PATH": "/usr/local/bin:/usr/bin:/bin"}
        version = run([program, "--version"], cwd=root + workdir, env=environment)
        self.assertEqual(version.returncode, 0, version.stderr)
        self.assertIn(f"{root}/usr/local/bin/../share/multipart-check/Vectors)", version.stdout)
        check = run([program, "vectors", "check"], cwd=root + workdir, env=environment)
        self.assertEqual(check.returncode, 0, check.stderr)


if __name__ == "__main__":
    unittest.main()
