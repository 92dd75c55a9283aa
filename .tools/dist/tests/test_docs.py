"""The article "Certify in CI, in any language": each example's files written into a scratch
repository, its workflow parsed and its steps run here, the action's step through action.py.

A step runs when its tools are here (Python, Node, Go, and PyPI for `pip install`); otherwise the
test says which is missing and skips. The known-issues file a workflow names is made as the article
says: one run without it, then its `known-issues.txt` committed; the workflow as written must then
pass. Running the three workflows takes minutes (every vector through a Node or Python process,
twice), so it happens with MULTIPART_DOCS_EXAMPLES=1, as .github/workflows/action.yml sets it;
the YAML checks always run.
"""
import os
import re
import shutil
import subprocess
import sys
import unittest

from support import ROOT, ActionTestCase, checker, read, self_contained

import dist  # noqa: E402 (support puts .tools/dist on the path)

try:
    import yaml
except ImportError:  # .ci/run installs it (requirements.txt beside this file)
    yaml = None

ARTICLE = os.path.join(
    ROOT, "Sources", "MultipartFormConformance", "MultipartFormConformance.docc", "CertifyInCI.md")
EXAMPLE = re.compile(r"<!-- ci-example: (\S+) (\S+) -->\n```[a-z]*\n(.*?)```\n", re.S)
ACTION_REFERENCE = re.compile(r"^OWNER/multipart-form-conformance@v\d+$")
WORKFLOW = ".github/workflows/multipart.yml"


def examples():
    """Each example's files, by example name: {name: {path in the repository: text}}."""
    found = {}
    for name, path, text in EXAMPLE.findall(read(ARTICLE)):
        found.setdefault(name, {})[path] = text
    return found


def action_inputs():
    return set(yaml.safe_load(read(os.path.join(ROOT, "action.yml")))["inputs"])


def triggers(workflow):
    # YAML 1.1 reads the key `on` as the boolean true.
    return workflow.get("on", workflow.get(True))


def text(value):
    """A `with:` value as Actions passes it: booleans as 'true' and 'false'."""
    return str(value).lower() if isinstance(value, bool) else str(value)


@unittest.skipUnless(yaml, "PyYAML is not installed: python3 -m pip install -r .tools/dist/tests/requirements.txt")
class ArticleWorkflowTests(ActionTestCase):
    def test_the_article_has_a_python_encoder_a_node_parser_and_a_go_encoder(self):
        found = examples()
        self.assertEqual(sorted(found), ["go-encoder", "node-parser", "python-encoder"])
        for name, files in found.items():
            self.assertIn(WORKFLOW, files, name)
            self.assertEqual(len(files), 2, f"{name}: a workflow and one adapter")

    def test_every_workflow_is_complete_and_uses_only_inputs_the_action_declares(self):
        declared = action_inputs()
        for name, files in examples().items():
            with self.subTest(name):
                workflow = yaml.safe_load(files[WORKFLOW])
                self.assertEqual(set(triggers(workflow)), {"push", "pull_request"})
                (job,) = workflow["jobs"].values()
                self.assertEqual(job["runs-on"], "ubuntu-latest")
                steps = job["steps"]
                self.assertTrue(steps[0]["uses"].startswith("actions/checkout@"))
                certify = [step for step in steps if ACTION_REFERENCE.match(step.get("uses", ""))]
                self.assertEqual(len(certify), 1, "one step uses this repository's action")
                self.assertEqual(set(certify[0]["with"]) - declared, set())
                self.assertIn("command", certify[0]["with"])

    def run_workflow(self, name):
        """Runs the example's workflow here; returns the certify step's (status, log, summary, outputs)."""
        repository = self.path("repository")
        for path, content in examples()[name].items():
            self.write(os.path.join("repository", path), content)
        workflow = yaml.safe_load(read(os.path.join(repository, WORKFLOW)))
        (job,) = workflow["jobs"].values()
        environment = {"PATH": os.environ["PATH"], "HOME": self.path("home"), "LANG": "C.UTF-8"}
        os.makedirs(environment["HOME"])
        result = None
        for step in job["steps"]:
            uses, script = step.get("uses", ""), step.get("run")
            if uses.startswith("actions/checkout@"):
                continue    # the files are in place
            elif uses.startswith("actions/setup-python@"):
                prefix = self.path("python")
                made = subprocess.run([sys.executable, "-m", "venv", prefix], capture_output=True, text=True)
                if made.returncode != 0:
                    self.skipTest(f"cannot make a virtual environment with pip here: {made.stderr.strip()[-200:]}")
                environment["PATH"] = os.path.join(prefix, "bin") + os.pathsep + environment["PATH"]
            elif uses.startswith("actions/setup-node@"):
                if not shutil.which("node"):
                    self.skipTest("node is not installed here")
            elif uses.startswith("actions/setup-go@"):
                if not shutil.which("go"):
                    self.skipTest("go is not installed here")
                environment.update({"GOCACHE": self.path("go-cache"), "GOPATH": self.path("go-path"),
                                    "GOFLAGS": "-mod=mod", "GOTOOLCHAIN": "local"})
                # The module the adapter belongs to: in your repository, your own go.mod.
                self.write(os.path.join("repository", "go.mod"), "module example.com/yourlibrary\n\ngo 1.19\n")
            elif script is not None:
                done = subprocess.run(["bash", "-e", "-c", script], cwd=repository, env=environment,
                                      capture_output=True, text=True)
                if done.returncode != 0 and "pip install" in script:
                    self.skipTest(f"cannot install from PyPI here: {done.stderr.strip()[-300:]}")
                self.assertEqual(done.returncode, 0, f"{script}\n{done.stdout}{done.stderr}")
            elif ACTION_REFERENCE.match(uses):
                result = self.run_action_step(step, repository, environment)
            else:
                self.fail(f"a step this test cannot run: {step}")
        self.assertIsNotNone(result, "the workflow never certified")
        return result

    def install_as_the_action_does(self, environment):
        """Runs the action's real install step (pip, from a wheel of the checker built here instead of
        PyPI) under the job's PATH, whose first `python` is the job's own, then puts what the step added
        to GITHUB_PATH in front of the job's PATH, as the runner does for every later step. Returns the
        installed checker, as the composite action passes it to the certify step."""
        wheels = self.path("wheels")
        dist.wheel(self_contained() or checker(), wheels, ["linux_" + os.uname().machine])
        status, log, _, found = self.run_action(
            "install", {"install": "pip"},
            extra={"PATH": environment["PATH"], "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": wheels})
        if status != 0 and "ensurepip" in log:
            self.skipTest("this Python cannot make a virtual environment with pip (python3-venv)")
        self.assertEqual(status, 0, log)
        added = read(self.path("path.txt")).split()
        environment["PATH"] = os.pathsep.join(added + [environment["PATH"]])
        return found["checker"]

    def run_action_step(self, step, repository, environment):
        inputs = {key: text(value) for key, value in step["with"].items()}
        # The action's own install step, so what it puts on PATH meets the job's python and the adapter.
        inputs["checker"] = self.install_as_the_action_does(environment)
        job_python = shutil.which("python", path=environment["PATH"])
        if job_python and step["with"].get("command", "").startswith("python "):
            # The adapter's `python` is the job's (with its packages), never the checker's venv's.
            self.assertNotIn("multipart-check-venv", os.path.realpath(job_python))
        directory = os.path.join(repository, inputs.get("working-directory", "."))
        known = inputs.get("known-issues-file")
        if known and not os.path.exists(os.path.join(directory, known)):
            # As the article says: a first run without the file, then its known-issues.txt committed.
            first = {key: value for key, value in inputs.items() if key != "known-issues-file"}
            status, log, _, _ = self.run_action("certify", first, cwd=directory, extra=environment)
            self.assertIn(status, (0, 1), log)
            suggested = os.path.join(self.report_directory(inputs.get("artifact-name", "multipart-check-report")),
                                     "known-issues.txt")
            os.makedirs(os.path.dirname(os.path.join(directory, known)), exist_ok=True)
            shutil.copyfile(suggested, os.path.join(directory, known))
        status, log, summary, found = self.run_action("certify", inputs, cwd=directory, extra=environment)
        self.assertEqual(status, 0, log)
        self.assertTrue(summary.startswith(f"### multipart-check certify: {inputs.get('name', '')}"), summary)
        self.assertEqual(found["status"], "0")
        return status, log, summary, found

    def setUp(self):
        super().setUp()
        if self._testMethodName.endswith("_workflow_runs"):
            if os.environ.get("MULTIPART_DOCS_EXAMPLES") != "1":
                self.skipTest("set MULTIPART_DOCS_EXAMPLES=1 to run the article's workflows (minutes)")
            if not checker():
                self.skipTest("multipart-check is not built: run `swift build` (or set MULTIPART_CHECK)")

    def test_the_python_encoder_workflow_runs(self):
        _, log, summary, _ = self.run_workflow("python-encoder")
        if os.environ.get("MULTIPART_PRINT_SUMMARY"):
            print(summary, "\n", "\n".join(line for line in log.splitlines() if line.startswith("::")))

    def test_the_node_parser_workflow_runs(self):
        *_, found = self.run_workflow("node-parser")
        self.assertIn(found["level"], ("conformant", "lenient", "non-conformant"))

    def test_the_go_encoder_workflow_runs(self):
        _, _, summary, _ = self.run_workflow("go-encoder")
        if os.environ.get("MULTIPART_PRINT_SUMMARY"):
            print(summary)


if __name__ == "__main__":
    unittest.main()
