"""Tests of the interop tools that need no parser installed: python3 -m unittest discover -s Interop/tools

They cover what keeps `run.sh --check` independent of the machine (stable_stderr.py, the kept run
date), what makes the site reproducible, and the literals the upstream reproductions are made of.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import unittest

import interop
import results_site
import run
import stable_stderr
import upstream

TOOLS = os.path.dirname(os.path.abspath(__file__))

# A driver that crashes with a traceback, as aiohttp's did: the traceback names its own path.
CRASHING_DRIVER = """
import json, sys
def decode(body):
    raise AssertionError("Chunk size must be greater or equal than boundary length + 2")
decode(json.load(sys.stdin))
"""


def fake_checkout(parent, name):
    """A folder laid out like a checkout: Interop/tools/stable_stderr.py and a crashing driver."""
    root = os.path.join(parent, name)
    os.makedirs(os.path.join(root, "Interop", "tools"))
    os.makedirs(os.path.join(root, "Interop", "drivers"))
    shutil.copy(os.path.join(TOOLS, "stable_stderr.py"), os.path.join(root, "Interop", "tools"))
    with open(os.path.join(root, "Interop", "drivers", "crash.py"), "w") as driver:
        driver.write(CRASHING_DRIVER)
    return root


def run_driver(root, wrapped):
    command = [sys.executable, os.path.join("drivers", "crash.py")]
    if wrapped:
        command = [sys.executable, os.path.join("tools", "stable_stderr.py")] + command
    return subprocess.run(command, cwd=os.path.join(root, "Interop"), input=b"{}", capture_output=True)


class StableStandardErrorTests(unittest.TestCase):
    def test_a_crash_reads_the_same_from_checkouts_at_paths_of_other_lengths(self):
        with tempfile.TemporaryDirectory() as parent:
            short = fake_checkout(parent, "a")
            long = fake_checkout(parent, "a-much-longer-checkout-folder-name")
            # Without the rewrite the tails differ, which is what broke `run.sh --check`...
            self.assertNotEqual(run_driver(short, False).stderr[-400:], run_driver(long, False).stderr[-400:])
            # ...and with it the whole text is the same, so any window of it is too.
            first, second = run_driver(short, True), run_driver(long, True)
            self.assertEqual(first.stderr, second.stderr)
            self.assertIn(b"<checkout>/Interop/drivers/crash.py", first.stderr)
            self.assertEqual(first.returncode, 1)

    def test_home_temporary_folder_host_and_package_folders_are_rewritten(self):
        pairs = stable_stderr.replacements(root="/srv/build/checkout", home="/home/alice", temporary="/tmp", host="builder-7")
        text = (b'File "/srv/build/checkout/Interop/drivers/x.py"; /home/alice/.cache; /tmp/tmpab12/x; on builder-7; '
                b'File "/opt/python/lib/python3.12/site-packages/aiohttp/multipart.py"')
        self.assertEqual(stable_stderr.stabilised(text, pairs), (
            b'File "<checkout>/Interop/drivers/x.py"; <home>/.cache; <tmp>/tmpab12/x; on <host>; '
            b'File "<site-packages>/aiohttp/multipart.py"'))

    def test_the_exit_status_and_the_ending_signal_pass_through(self):
        wrapper = [sys.executable, os.path.join(TOOLS, "stable_stderr.py")]
        self.assertEqual(subprocess.run(wrapper + ["sh", "-c", "exit 3"]).returncode, 3)
        self.assertEqual(subprocess.run(wrapper + ["sh", "-c", "kill -SEGV $$"]).returncode, -signal.SIGSEGV)


class RunDateTests(unittest.TestCase):
    def document(self, date, level="lenient"):
        return {"parser": "x", "level": level, "provenance": {"date": date, "tool": "multipart-check 0.1.0"}}

    def test_a_result_that_differs_only_by_its_date_keeps_the_committed_date(self):
        with tempfile.TemporaryDirectory() as folder:
            committed = os.path.join(folder, "x.json")
            interop.write_json(committed, self.document("2026-01-01T00:00:00Z"))
            fresh = self.document("2026-11-27T08:00:00Z")
            run.keep_committed_date(fresh, committed)
            self.assertEqual(fresh["provenance"]["date"], "2026-01-01T00:00:00Z")

    def test_a_result_that_differs_otherwise_keeps_its_own_date(self):
        with tempfile.TemporaryDirectory() as folder:
            committed = os.path.join(folder, "x.json")
            interop.write_json(committed, self.document("2026-01-01T00:00:00Z"))
            fresh = self.document("2026-11-27T08:00:00Z", level="crashes")
            run.keep_committed_date(fresh, committed)
            self.assertEqual(fresh["provenance"]["date"], "2026-11-27T08:00:00Z")


class SiteTests(unittest.TestCase):
    def test_the_site_is_the_same_whenever_it_is_generated_and_names_the_recorded_run_date(self):
        vectors = interop.corpus()
        with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
            for into in (first, second):
                shutil.copytree(interop.RESULTS, os.path.join(into, "results"))
            documents = [os.path.join(first, "results", name) for name in os.listdir(os.path.join(first, "results"))
                         if name.endswith(".json") and name != "evidence.json"]
            with open(documents[0], encoding="utf-8") as result:
                document = json.load(result)
            document["provenance"] = {"date": "2001-02-03T04:05:06Z", "tool": "multipart-check 9.9.9",
                                      "corpus": {"manifest_sha256": "0" * 64, "vectors": len(vectors)}, "filters": []}
            for into in (first, second):
                interop.write_json(os.path.join(into, "results", os.path.basename(documents[0])), document)
            implementations, vector_pages = results_site.write_site(first, vectors, {})
            results_site.write_site(second, vectors, {})
            self.assertEqual(vector_pages, len(vectors))
            pages = sorted(os.path.relpath(os.path.join(d, f), first) for d, _, files in os.walk(os.path.join(first, "site")) for f in files)
            self.assertEqual(len([p for p in pages if p.startswith(os.path.join("site", "vectors") + os.sep)]), len(vectors))
            self.assertEqual(len([p for p in pages if p.startswith(os.path.join("site", "parsers")) or p.startswith(os.path.join("site", "encoders"))]),
                             implementations)
            for page in pages:
                with open(os.path.join(first, page), "rb") as one, open(os.path.join(second, page), "rb") as other:
                    self.assertEqual(one.read(), other.read(), page)
            with open(os.path.join(first, "site", "index.html"), encoding="utf-8") as index:
                text = index.read()
            self.assertIn("2001-02-03", text)
            self.assertIn("multipart-check 9.9.9", text)

    def test_bytes_are_made_visible(self):
        self.assertEqual(results_site.visible(b"a\r\n\tb\xff\xc3\xa9<"), (
            'a<span class="esc">CR</span><span class="esc">LF</span>\n<span class="esc">TAB</span>b'
            '<span class="esc">\\xFF</span><span class="utf8">é</span>&lt;'))


class ReproductionLiteralTests(unittest.TestCase):
    EVERY_BYTE = bytes(range(256)) + b"\r\n--AaB03x--\r\n"

    def test_python_literals_hold_every_byte(self):
        self.assertEqual(eval(upstream.python_bytes(self.EVERY_BYTE)), self.EVERY_BYTE)

    @unittest.skipUnless(shutil.which("node"), "node is not installed")
    def test_javascript_literals_hold_every_byte(self):
        script = "const b = %s; process.stdout.write(b.toString('hex'));" % upstream.js_bytes(self.EVERY_BYTE)
        output = subprocess.run(["node", "-e", script], capture_output=True, check=True).stdout
        self.assertEqual(bytes.fromhex(output.decode()), self.EVERY_BYTE)

    @unittest.skipUnless(shutil.which("ruby"), "ruby is not installed")
    def test_ruby_literals_hold_every_byte(self):
        script = "print((%s).unpack1('H*'))" % upstream.ruby_bytes(self.EVERY_BYTE)
        output = subprocess.run(["ruby", "-e", script], capture_output=True, check=True).stdout
        self.assertEqual(bytes.fromhex(output.decode()), self.EVERY_BYTE)

    @unittest.skipUnless(shutil.which("perl"), "perl is not installed")
    def test_perl_literals_hold_every_byte(self):
        script = "print unpack('H*', %s);" % upstream.perl_bytes(self.EVERY_BYTE)
        output = subprocess.run(["perl", "-e", script], capture_output=True, check=True).stdout
        self.assertEqual(bytes.fromhex(output.decode()), self.EVERY_BYTE)

    @unittest.skipUnless(shutil.which("php"), "php is not installed")
    def test_php_literals_hold_every_byte(self):
        script = "echo bin2hex(%s);" % upstream.php_bytes(self.EVERY_BYTE)
        output = subprocess.run(["php", "-r", script], capture_output=True, check=True).stdout
        self.assertEqual(bytes.fromhex(output.decode()), self.EVERY_BYTE)

    def compiled_output(self, source_name, source, build, run):
        """What a program printed, built by `build` and run by `run` (shell commands) in a scratch folder."""
        with tempfile.TemporaryDirectory(prefix="literal-") as folder:
            with open(os.path.join(folder, source_name), "w", encoding="utf-8") as file:
                file.write(source)
            subprocess.run(build, shell=True, cwd=folder, check=True, capture_output=True)
            return subprocess.run(run, shell=True, cwd=folder, check=True, capture_output=True).stdout

    @unittest.skipUnless(shutil.which("cc"), "cc is not installed")
    def test_c_literals_hold_every_byte(self):
        source = ("#include <stdio.h>\nstatic const char b[] = %s;\n"
                  "int main(void) { for (size_t i = 0; i + 1 < sizeof b; i++) printf(\"%%02x\", (unsigned char)b[i]); return 0; }\n"
                  % upstream.c_bytes(self.EVERY_BYTE))
        output = self.compiled_output("literal.c", source, "cc -o literal literal.c", "./literal")
        self.assertEqual(bytes.fromhex(output.decode()), self.EVERY_BYTE)

    @unittest.skipUnless(shutil.which("escript"), "escript is not installed")
    def test_erlang_literals_hold_every_byte(self):
        # escript skips a script's first line (its #! line).
        source = "%%%%\nmain(_) -> io:put_chars(binary:encode_hex(%s)).\n" % upstream.erlang_bytes(self.EVERY_BYTE)
        output = self.compiled_output("literal.erl", source, "true", "escript literal.erl")
        self.assertEqual(bytes.fromhex(output.decode()), self.EVERY_BYTE)

    @unittest.skipUnless(shutil.which("mcs") and shutil.which("mono"), "mcs and mono are not installed")
    def test_csharp_literals_hold_every_byte(self):
        source = ("using System; using System.Text;\nstatic class Literal { static void Main() {\n"
                  "Console.Write(BitConverter.ToString(%s).Replace(\"-\", \"\")); } }\n" % upstream.csharp_bytes(self.EVERY_BYTE))
        output = self.compiled_output("literal.cs", source, "mcs -nologo -out:literal.exe literal.cs", "mono literal.exe")
        self.assertEqual(bytes.fromhex(output.decode()), self.EVERY_BYTE)

    @unittest.skipUnless(shutil.which("rustc"), "rustc is not installed")
    def test_rust_literals_hold_every_byte(self):
        source = ("fn main() {\n    let b: Vec<u8> = %s;\n"
                  "    for byte in b { print!(\"{byte:02x}\"); }\n}\n" % upstream.rust_bytes(self.EVERY_BYTE))
        output = self.compiled_output("literal.rs", source, "rustc -o literal literal.rs", "./literal")
        self.assertEqual(bytes.fromhex(output.decode()), self.EVERY_BYTE)

    def test_every_python_reproduction_compiles(self):
        vector = {"content_type": 'multipart/form-data; boundary="a b"; x=é'}
        document = {"name": "n", "version": "v"}
        for name in sorted(os.listdir(upstream.TEMPLATES)):
            stem, extension = os.path.splitext(name)
            if extension == ".py":
                _, _, code = upstream.reproduction(stem, document, "area/y-x", vector, self.EVERY_BYTE)
                compile(code, name, "exec")


def parser_document(name, grades, problems=None):
    """A result document whose vectors have the (verdict, grade) pairs `grades`."""
    return {"parser": name, "problem_counts": problems or {},
            "vectors": [{"verdict": verdict, "grade": grade} for verdict, grade in grades]}


class RankingTests(unittest.TestCase):
    def test_valid_bodies_come_first_and_rejecting_everything_ranks_last(self):
        reader = parser_document("reader", [("y", "pass")] * 9 + [("n", "lenient")] * 5, {"accepts-invalid": 5})
        careful = parser_document("careful", [("y", "pass")] * 8 + [("y", "fail"), ("n", "pass")], {"rejects-valid": 1})
        rejecter = parser_document("rejecter", [("y", "fail")] * 9 + [("n", "pass")] * 5, {"rejects-valid": 9})
        self.assertEqual(interop.ranks([rejecter, careful, reader], "decoder"), [3, 2, 1])

    def test_ties_on_valid_bodies_go_to_fewer_problems_worst_first(self):
        lossy = parser_document("lossy", [("y", "pass")] * 3, {"loses-data": 1})
        lenient = parser_document("lenient", [("y", "pass")] * 3, {"accepts-invalid": 4})
        self.assertEqual(interop.ranks([lossy, lenient], "decoder"), [2, 1])

    def test_one_cause_on_many_vectors_counts_once(self):
        # 241 verdicts of one cause rank above 3 verdicts of 3 causes: the causes, not the vectors, are counted.
        one_cause = parser_document("one-cause", [("y", "pass")] * 3, {"misreads-valid": 241})
        one_cause["defects"] = [{"problem": "misreads-valid", "cause": "c", "count": 241}]
        three_causes = parser_document("three-causes", [("y", "pass")] * 3, {"misreads-valid": 3})
        three_causes["defects"] = [{"problem": "misreads-valid", "cause": c, "count": 1} for c in "abc"]
        self.assertEqual(interop.ranks([three_causes, one_cause], "decoder"), [2, 1])

    def test_declarations_are_read_per_parser_with_their_pages(self):
        conventions, limits = interop.conventions(), interop.declared_limits()
        self.assertIn(("last-of-repeated-name", "https://www.php.net/manual/en/faq.html.php#faq.html.select-multiple"),
                      conventions["php"])
        parsers = {row.id for row in interop.parsers()}
        for table in (conventions, limits):
            for parser, declared in table.items():
                self.assertIn(parser, parsers)
                for _, page in declared:
                    self.assertTrue(page.startswith("https://"), page)
        self.assertTrue(all("=" in limit for declared in limits.values() for limit, _ in declared))

    def test_a_case_that_binds_receivers_leads_the_report(self):
        # Tomcat's shape: a data loss on a body clients send (no receiver MUST) and one on transport
        # padding, which RFC 2046 requires receivers to handle: the padding leads.
        vectors = {
            "quoting/y-name-empty": {"verdict": "y", "outcomes": None},
            "boundary/i-padding-on-delimiter": {"verdict": "i", "outcomes": [
                {"outcome": "accept", "because": "RFC 2046 §5.1.1: composing agents MUST NOT generate transport "
                 "padding, but receivers MUST be able to handle padding added by message transports"}]},
        }
        by_problem = {"loses-data-clients-send": [{"id": "quoting/y-name-empty", "verdict": "y"}],
                      "loses-data": [{"id": "boundary/i-padding-on-delimiter", "verdict": "i"}]}
        self.assertEqual([problem[0] for problem in upstream.ordered_problems(by_problem, vectors)],
                         ["loses-data", "loses-data-clients-send"])
        self.assertTrue(upstream.binds_receivers(vectors["boundary/i-padding-on-delimiter"]))
        self.assertFalse(upstream.binds_receivers(vectors["quoting/y-name-empty"]))
        # Without such a case the ladder's order stands.
        del by_problem["loses-data"]
        by_problem["misreads-valid"] = [{"id": "quoting/y-name-empty", "verdict": "y"}]
        self.assertEqual([problem[0] for problem in upstream.ordered_problems(by_problem, vectors)],
                         ["loses-data-clients-send", "misreads-valid"])

    def test_a_row_whose_built_driver_is_missing_is_not_installed(self):
        def row(command):
            return interop.Parser(["x", "Swift", "x", "-", "echo x", command])
        self.assertFalse(row("../Examples/Nowhere/.build/release/decoder --flag").installed())
        self.assertEqual(row("env LC_ALL=C sh drivers/answer.sh").program(), "sh")
        self.assertTrue(row("env LC_ALL=C sh drivers/answer.sh").installed())
        self.assertTrue(row("tools/stable_stderr.py").installed())

    def test_rows_sharing_a_core_count_once(self):
        shared = {"a": ("core", ["b"], "how"), "b": ("core", ["a"], "how")}
        self.assertEqual(interop.independent_cores(["a", "b", "c"], shared), 2)


if __name__ == "__main__":
    unittest.main()


class BypassAtlasTests(unittest.TestCase):
    """The atlas's definitions: what counts as a payload handed over intact, and as a bypass."""

    def test_printf_formats_write_every_byte(self):
        import atlas
        for data in (bytes(range(256)) + b"1' UNION SELECT 100% \\ -- -", b"--AaB03x\r\n"):
            written = subprocess.run(["sh", "-c", "printf '%s'" % atlas.printf_literal(data)], capture_output=True).stdout
            self.assertEqual(written, data)

    def test_a_value_counts_only_in_a_text_field_of_the_payloads_name(self):
        import bypass_shapes
        payload = bypass_shapes.PAYLOADS["xss"]
        self.assertTrue(bypass_shapes.intact("value", payload, [(b"q", None, None, payload)]))
        self.assertFalse(bypass_shapes.intact("value", payload, [(b"q", b"", None, payload)]))  # read as a file
        self.assertFalse(bypass_shapes.intact("value", payload, [(b"x", None, None, payload)]))
        self.assertTrue(bypass_shapes.intact("name", payload, [(payload, None, None, b"1")]))
        self.assertTrue(bypass_shapes.intact("filename", payload, [(b"f", payload, b"text/plain", b"hello")]))

    def test_a_bypass_needs_the_plain_payload_stopped_and_the_body_let_through(self):
        import bypass
        case = {"case": "s/value/xss", "shape": "s", "slot": "value", "payload": "xss",
                "applications": {"a": {"answer": "accepted", "intact": True}, "b": {"answer": "accepted", "intact": False}}}
        def answers(plain_passed, body_passed):
            return {"fw": {"answers": [{"case": "plain/value/xss", "passed": plain_passed},
                                       {"case": "s/value/xss", "passed": body_passed}]}}
        applications = {"cases": [case]}
        self.assertEqual(bypass.bypasses(applications, answers(False, True)), [("fw", "a", "s/value/xss")])
        self.assertEqual(bypass.bypasses(applications, answers(True, True)), [])  # the slot is not guarded at all
        self.assertEqual(bypass.bypasses(applications, answers(False, False)), [])

    def test_a_media_type_shape_reaches_only_rows_that_dispatch_on_it(self):
        import bypass_shapes
        self.assertTrue(bypass_shapes.reaches("media-type-related", "rack"))
        self.assertFalse(bypass_shapes.reaches("media-type-related", "django"))
        self.assertTrue(bypass_shapes.reaches("second-disposition", "django"))

    def test_every_case_has_a_unique_id_and_a_control(self):
        import bypass
        cases = bypass.cases()
        for slot in ("value", "name", "filename"):
            for payload in ("xss", "sqli"):
                self.assertIn("plain/%s/%s" % (slot, payload), cases)
        self.assertIn("benign/value/benign", cases)
