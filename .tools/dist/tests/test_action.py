"""action.py, run as action.yml runs it: inputs as INPUT_* variables, a fake GITHUB_STEP_SUMMARY,
GITHUB_OUTPUT, GITHUB_PATH and RUNNER_TEMP, and real encoders and parsers through the checker."""
import hashlib
import json
import os
import re
import sys
import unittest

from support import ACTION, DIST, ROOT, ActionTestCase, checker, documented_block, needs_checker, read, run

import dist


class CertifyStepTests(ActionTestCase):
    def setUp(self):
        super().setUp()
        self.encoder = self.write("encoder.py", documented_block("python-encoder"))
        self.parser = self.write("parser.py", documented_block("python-decoder"))

    @needs_checker
    def test_a_conformant_python_encoder_passes_and_the_summary_says_so(self):
        status, log, summary, found = self.run_action("certify", {
            "checker": checker(), "command": f"{sys.executable} encoder.py", "name": "documented encoder",
            "required-level": "conformant"})
        self.assertEqual(status, 0, log)
        self.assertTrue(summary.startswith("### multipart-check certify: documented encoder\n\n**Conformant: "), summary)
        self.assertIn("Required level: `conformant`; reached: `conformant`.", summary)
        self.assertIn(f"Checker: {dist.version()}; corpus: format ", summary)
        self.assertIn("Every vector that ran passed.", summary)
        self.assertEqual(found["level"], "conformant")
        self.assertEqual(found["status"], "0")
        self.assertTrue(found["headline"].startswith("Conformant: "))
        directory = self.report_directory()
        self.assertEqual(found["report-json"], os.path.join(directory, "report.json"))
        with open(found["report-html"], encoding="utf-8") as handle:
            self.assertTrue(handle.read().startswith("<!DOCTYPE html>"))
        with open(os.path.join(directory, "known-issues.txt"), encoding="utf-8") as handle:
            self.assertEqual(len(handle.read().splitlines()), 1, "a passing encoder has no known issues to suggest")

    @needs_checker
    def test_below_the_required_level_the_step_fails(self):
        status, log, summary, found = self.run_action("certify", {
            "checker": checker(), "command": f"{sys.executable} encoder.py", "required-level": "canonical",
            "areas": "structure"})
        self.assertEqual(status, 1, log)
        self.assertIn("error: Canonical required, but: ", log)
        # A filtered run is partial: not a certificate, whatever it shows.
        self.assertIn("Required level: `canonical`; reached: `partial` (`conformant` on the vectors run).", summary)
        self.assertEqual(found["status"], "1")

    @needs_checker
    def test_a_failing_parser_gets_a_problems_table_and_known_issues_that_make_the_next_run_pass(self):
        inputs = {"checker": checker(), "command": f"{sys.executable} parser.py", "decoder": "true",
                  "areas": "structure", "name": "email | parser"}
        status, log, summary, found = self.run_action("certify", inputs)
        self.assertEqual(status, 1, log)
        self.assertIn("### multipart-check certify: email \\| parser", summary)
        self.assertIn("| vector | grade | why |\n|---|---|---|\n| `", summary)
        table = [line for line in summary.splitlines() if line.startswith("| `")]
        grades = [line.split(" | ")[1] for line in table]
        self.assertIn("fail", grades)
        self.assertEqual(grades, sorted(grades, key=lambda grade: grade not in ("fail", "silent-data-loss")),
                         "failures come first")
        self.assertFalse([line for line in table if line.count(" | ") != 2], "a cell broke the table")
        suggested = os.path.join(self.report_directory(), "known-issues.txt")
        with open(suggested, encoding="utf-8") as handle:
            declared = [line for line in handle.read().splitlines() if not line.startswith("#")]
        self.assertEqual(len(declared), sum(grade in ("fail", "refused", "silent-data-loss") for grade in grades))
        # One annotation per failing vector, naming it, so the failure shows on the run's page.
        errors = [line for line in log.splitlines() if line.startswith("::error title=multipart-check certify%3A ")]
        self.assertEqual(len(errors), sum(grade in ("fail", "refused", "silent-data-loss") for grade in grades))

        status, log, summary, found = self.run_action("certify", {**inputs, "known-issues-file": suggested})
        self.assertEqual(status, 0, log)
        self.assertRegex(summary, r"\n\| `structure/[^`]+` \| known-issue \| ")
        self.assertEqual(found["level"], "partial")

    @needs_checker
    def test_a_sarif_report_holds_a_result_per_failing_vector_at_the_adapter_file(self):
        status, log, summary, found = self.run_action("certify", {
            "checker": checker(), "command": f"{sys.executable} parser.py", "decoder": "true", "areas": "structure",
            "adapter-file": "tests/parser.py"})
        self.assertEqual(status, 1, log)
        report = json.loads(read(found["report-json"]))
        failing = [verdict["id"] for verdict in report["verdicts"]
                   if verdict["grade"] in ("fail", "refused", "silent-data-loss", "known-issue", "stale-known-issue")]
        self.assertTrue(failing)
        self.assertEqual(found["report-sarif"], os.path.join(self.report_directory(), "report.sarif"))
        sarif = json.loads(read(found["report-sarif"]))
        self.assertEqual(sarif["version"], "2.1.0")
        (run,) = sarif["runs"]
        self.assertEqual(run["tool"]["driver"]["name"], "multipart-check")
        self.assertEqual([result["properties"]["vector"] for result in run["results"]], failing)
        self.assertEqual({result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for result in run["results"]},
                         {"tests/parser.py"})
        errors = [line for line in log.splitlines() if line.startswith("::error ")]
        self.assertTrue(errors)
        self.assertTrue(all(line.startswith("::error file=tests/parser.py,title=multipart-check certify%3A ") for line in errors),
                        errors)
        self.assertIn("`report.sarif`", summary)

    @needs_checker
    def test_a_command_that_never_answers_gets_no_known_issues_to_commit(self):
        crashing = self.write("crash.py", "import sys\nsys.stdin.read()\nsys.exit(3)\n")
        inputs = {"checker": checker(), "command": f"{sys.executable} {crashing}", "decoder": "true", "areas": "structure"}
        status, log, _, _ = self.run_action("certify", inputs)
        self.assertEqual(status, 1, log)
        with open(os.path.join(self.report_directory(), "known-issues.txt"), encoding="utf-8") as handle:
            text = handle.read()
        self.assertEqual([line for line in text.splitlines() if not line.startswith("#")], [], text)
        self.assertIn("got no answer (a crash, a time-out or garbage) and are not listed", text)

    @needs_checker
    def test_known_issues_vectors_and_filters_reach_certify(self):
        status, log, summary, found = self.run_action("certify", {
            "checker": checker(), "command": "/bin/sh -c 'cat >/dev/null; echo not-json'",
            "vectors": "structure/y-single-field\nquoting/y-*", "areas": "", "boundary-accepted": "true",
            "unsupported": "typed-text-fields", "timeout": "5", "jobs": "2",
            "known-issues": "structure/y-single-field=answers garbage\n# a comment\n"})
        self.assertEqual(status, 1, log)
        first = log.splitlines()[0]
        self.assertIn(" certify --format json --output ", first)
        for expected in ("--boundary-accepted", "--vector structure/y-single-field", "--vector 'quoting/y-*'",
                         "--unsupported typed-text-fields", "--known-issue 'structure/y-single-field=answers garbage'",
                         "--timeout 5 --jobs 2 -- /bin/sh -c 'cat >/dev/null; echo not-json'"):
            self.assertIn(expected, first)
        report = json.loads(read(found["report-json"]))
        grades = {verdict["id"]: verdict["grade"] for verdict in report["verdicts"]}
        self.assertEqual(grades["structure/y-single-field"], "known-issue")
        self.assertTrue(all(id == "structure/y-single-field" or id.startswith("quoting/y-") for id in grades))

    @needs_checker
    def test_a_parsers_conventions_and_limits_reach_certify_and_its_report(self):
        status, log, summary, found = self.run_action("certify", {
            "checker": checker(), "command": "/bin/sh -c 'cat >/dev/null; echo not-json'", "decoder": "true",
            "vectors": "structure/y-single-field", "conventions": "last-of-repeated-name indexed-brackets",
            "limits": "header-line-bytes=8190"})
        self.assertEqual(status, 1, log)
        first = log.splitlines()[0]
        for expected in ("--convention last-of-repeated-name --convention indexed-brackets",
                         "--limit header-line-bytes=8190"):
            self.assertIn(expected, first)
        report = json.loads(read(found["report-json"]))
        self.assertEqual(report["conventions"], ["indexed-brackets", "last-of-repeated-name"])
        self.assertEqual(report["limits"], ["header-line-bytes=8190"])

    @needs_checker
    def test_the_corpus_pin_reaches_certify_which_refuses_another_corpus(self):
        with open(os.path.join(ROOT, "Vectors", "MANIFEST.sha256"), "rb") as handle:
            shipped = hashlib.sha256(handle.read()).hexdigest()
        inputs = {"checker": checker(), "command": f"{sys.executable} encoder.py", "vectors": "structure/y-single-field"}
        status, log, summary, found = self.run_action("certify", {**inputs, "corpus-sha256": shipped})
        self.assertEqual(status, 0, log)
        self.assertIn(f" --expect-corpus-sha256 {shipped} ", log.splitlines()[0])
        self.assertEqual(json.loads(read(found["report-json"]))["provenance"]["corpus"]["manifest_sha256"], shipped)

        status, log, summary, found = self.run_action("certify", {**inputs, "corpus-sha256": "0" * 64})
        self.assertEqual(status, 65, log)
        self.assertIn("certify exited with status 65 before writing a report:", summary)
        self.assertIn(f"has manifest sha256 {shipped} (", summary)
        self.assertIn(f"not the pinned {'0' * 64} (--expect-corpus-sha256)", summary)
        self.assertNotIn("level", found)

    @needs_checker
    def test_a_usage_error_before_any_report_is_shown_in_the_summary(self):
        status, log, summary, found = self.run_action("certify", {
            "checker": checker(), "command": "python3 encoder.py", "required-level": "conformnt"})
        self.assertEqual(status, 64, log)
        self.assertIn("certify exited with status 64 before writing a report:", summary)
        self.assertIn("Did you mean 'conformant'?", summary)
        self.assertNotIn("level", found)

    def test_a_missing_command_or_an_unreadable_one_is_an_error(self):
        status, log, summary, _ = self.run_action("certify", {"checker": "/bin/true", "command": ""})
        self.assertEqual(status, 1)
        self.assertIn("::error::input 'command' is required", log)
        status, log, _, _ = self.run_action("certify", {"checker": "/bin/true", "command": "python3 'unclosed"})
        self.assertIn("cannot be split into words", log)
        status, log, _, _ = self.run_action("certify", {"checker": "/bin/true", "command": "x", "decoder": "yes"})
        self.assertIn("input 'decoder' must be 'true' or 'false'", log)


class InstallStepTests(ActionTestCase):
    @needs_checker
    def test_pip_installs_the_version_of_the_checkout_into_a_virtual_environment(self):
        wheels = self.path("wheels")
        dist.wheel(checker(), wheels, ["linux_" + os.uname().machine])
        # PIP_* variables reach pip as for any pip run: here, a local index instead of PyPI.
        status, log, _, found = self.run_action(
            "install", {"install": "pip"}, extra={"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": wheels})
        if status != 0 and "ensurepip" in log:
            self.skipTest("this Python cannot make a virtual environment with pip (python3-venv)")
        self.assertEqual(status, 0, log)
        installed = os.path.join(self.path("runner-temp"), "multipart-check-venv", "bin", "multipart-check")
        self.assertEqual(found["checker"], installed)
        self.assertIn(dist.version() + "\ncorpus: format ", log)
        # Only multipart-check goes on PATH: the venv's python and pip must not shadow the job's own.
        with open(self.path("path.txt"), encoding="utf-8") as handle:
            added = handle.read().strip()
        self.assertEqual(sorted(os.listdir(added)), ["multipart-check"])
        self.assertEqual(os.path.realpath(os.path.join(added, "multipart-check")), os.path.realpath(installed))

    @needs_checker
    def test_the_release_binary_is_downloaded_checked_and_unpacked(self):
        sys.path.insert(0, DIST)
        import action
        version = dist.version()
        releases = self.path("server", "owner", "repo", "releases", "download", "v" + version)
        archive = dist.archive(checker(), action.release_target(), releases)
        server = {"GITHUB_SERVER_URL": "file://" + self.path("server"), "ACTION_REPOSITORY": "owner/repo"}
        status, log, _, found = self.run_action("install", {"install": "binary"}, extra=server)
        self.assertEqual(status, 0, log)
        self.assertTrue(found["checker"].endswith(f"/multipart-check-{version}-{action.release_target()}/bin/multipart-check"))
        self.assertIn("corpus: format ", run([found["checker"], "--version"]).stdout)

        with open(archive + ".sha256", "w", encoding="utf-8") as handle:
            handle.write("0" * 64 + "  x\n")
        status, log, _, _ = self.run_action("install", {"install": "binary"}, extra=server)
        self.assertEqual(status, 1)
        self.assertIn("but its .sha256 file says 0000", log)

    def test_the_repository_is_read_from_the_actions_checkout_when_actions_does_not_say(self):
        sys.path.insert(0, DIST)
        import action
        saved = dict(os.environ)
        try:
            os.environ.pop("ACTION_REPOSITORY", None)
            os.environ["GITHUB_ACTION_PATH"] = "/home/runner/work/_actions/someone/multipart-form-conformance/v1"
            os.environ["GITHUB_REPOSITORY"] = "user/their-library"
            self.assertEqual(action.action_repository(), "someone/multipart-form-conformance")
        finally:
            os.environ.clear()
            os.environ.update(saved)

    def test_an_unknown_install_method_is_an_error(self):
        status, log, _, _ = self.run_action("install", {"install": "brew"})
        self.assertEqual(status, 1)
        self.assertIn("input 'install' must be 'pip' or 'binary'", log)


class ActionDefinitionTests(unittest.TestCase):
    """action.yml passes every input to the script, which reads no other input."""

    def test_every_input_reaches_the_script_and_the_script_reads_only_declared_inputs(self):
        definition = read(os.path.join(ROOT, "action.yml"))
        inputs = definition[definition.index("\ninputs:\n"):definition.index("\noutputs:\n")]
        declared = set(re.findall(r"^  ([a-z-]+):\n    description:", inputs, re.M))
        passed = {name.lower().replace("_", "-") for name in re.findall(r"INPUT_([A-Z_]+): \$\{\{", definition)}
        script = read(ACTION)
        used = set(re.findall(r'(?:value|flag|words)\("([a-z-]+)"', script))
        used |= set(re.findall(r'\("--[a-z-]+", "([a-z-]+)"\)', script))
        used |= {"timeout", "jobs", "name"}
        self.assertEqual(used - declared, set(), "the script reads an input action.yml does not declare")
        self.assertEqual(used - passed, set(), "an input the script reads is not passed to it")
        unused = declared - passed - {"working-directory"}
        self.assertEqual(unused, set(), "a declared input reaches no step")


if __name__ == "__main__":
    unittest.main()
