#!/usr/bin/env python3
"""The logic of the GitHub Action in action.yml: install multipart-check, certify, report.

    action.py install    puts a checker in place: pip (a venv in RUNNER_TEMP) or the release binary
    action.py certify    runs `certify --format json`, writes the HTML matrix, a SARIF log, the job
                         summary, the step outputs and known-issues.txt; exits with certify's status

Inputs come as environment variables (action.yml passes each `inputs.x` as `INPUT_X`, dashes as
underscores), never pasted into a shell script, so no input can inject a command. Outside Actions
it runs as well: GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_PATH and RUNNER_TEMP are files and a
directory like any others, which is how its tests run it.

The level is never compared here: `--require` passes the required level to certify, which alone
knows the order of the levels (new levels need no change to this script).
"""
import html
import json
import os
import platform
import shlex
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dist  # noqa: E402  (the version of the checkout the action runs from)

# How many problem rows the job summary shows; the JSON report holds them all.
SUMMARY_ROWS = 100
DETAIL_LENGTH = 300


class ActionError(Exception):
    """An input or an installation the action cannot use; printed as a workflow error."""


def value(name, default=""):
    """The input NAME (`INPUT_<NAME>`, dashes as underscores), stripped."""
    return os.environ.get("INPUT_" + name.upper().replace("-", "_"), default).strip()


def flag(name):
    text = value(name, "false").lower()
    if text not in ("true", "false", ""):
        raise ActionError(f"input '{name}' must be 'true' or 'false', not '{text}'")
    return text == "true"


def words(name):
    """A list input: whitespace or newlines between items."""
    return value(name).split()


def temporary_directory():
    return os.environ.get("RUNNER_TEMP") or tempfile.gettempdir()


def append(variable, text):
    """Appends TEXT to the file named by the environment variable VARIABLE, when it is set."""
    path = os.environ.get(variable)
    if path:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(text)


def set_output(name, text):
    # The multi-line form, with a delimiter no value can contain.
    delimiter = f"ghadelimiter_{uuid.uuid4()}"
    append("GITHUB_OUTPUT", f"{name}<<{delimiter}\n{text}\n{delimiter}\n")


# install ------------------------------------------------------------------------------------------


def release_target():
    """The release archive's target for this runner: linux-x86_64, linux-aarch64 or macos-universal."""
    system, machine = platform.system(), platform.machine().lower()
    if system == "Darwin":
        return "macos-universal"
    if system == "Linux" and machine in ("x86_64", "amd64"):
        return "linux-x86_64"
    if system == "Linux" and machine in ("aarch64", "arm64"):
        return "linux-aarch64"
    raise ActionError(f"no multipart-check release for {system} {machine}; build it from source and pass 'checker'")


def install_with_pip(version, root):
    environment = os.path.join(root, "multipart-check-venv")
    subprocess.run([sys.executable, "-m", "venv", "--clear", environment], check=True)
    python = os.path.join(environment, "bin", "python")
    # PIP_INDEX_URL, PIP_FIND_LINKS and the other PIP_* variables apply as for any pip run.
    subprocess.run(
        [python, "-m", "pip", "install", "--disable-pip-version-check", "--quiet", f"multipart-check=={version}"],
        check=True)
    return os.path.join(environment, "bin", "multipart-check")


def action_repository():
    """The repository the action runs from (owner/name), whose releases hold the binaries.

    `github.action_repository` is empty in some composite-action contexts; the action's checkout,
    `.../_actions/OWNER/NAME/REF`, still says it.
    """
    if os.environ.get("ACTION_REPOSITORY"):
        return os.environ["ACTION_REPOSITORY"]
    parts = os.path.normpath(os.environ.get("GITHUB_ACTION_PATH", "")).split(os.sep)
    if "_actions" in parts and len(parts) >= parts.index("_actions") + 3:
        index = parts.index("_actions")
        return parts[index + 1] + "/" + parts[index + 2]
    return os.environ.get("GITHUB_REPOSITORY")


def install_release_binary(version, root):
    repository = action_repository()
    if not repository:
        raise ActionError("cannot tell which repository's releases to download from (ACTION_REPOSITORY)")
    server = os.environ.get("GITHUB_SERVER_URL", "https://github.com")
    name = f"multipart-check-{version}-{release_target()}"
    url = f"{server}/{repository}/releases/download/v{version}/{name}.tar.gz"
    archive = os.path.join(root, name + ".tar.gz")
    print(f"downloading {url}")
    with urllib.request.urlopen(url) as response, open(archive, "wb") as handle:
        handle.write(response.read())
    with urllib.request.urlopen(url + ".sha256") as response:
        expected = response.read().decode("ascii").split()[0]
    actual = dist.sha256_file(archive)
    if actual != expected:
        raise ActionError(f"{name}.tar.gz has SHA-256 {actual}, but its .sha256 file says {expected}")
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            inside = member.name == name or member.name.startswith(name + "/")
            if not inside or ".." in member.name.split("/") or not (member.isfile() or member.isdir()):
                raise ActionError(f"{name}.tar.gz holds '{member.name}' outside {name}/")
        # Python's "data" filter where it has one (3.12, and back-ported releases); checked above anyway.
        tar.extractall(root, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    return os.path.join(root, name, "bin", "multipart-check")


def install():
    version = value("version") or dist.version()
    method = value("install", "pip") or "pip"
    root = temporary_directory()
    if method == "pip":
        checker = install_with_pip(version, root)
    elif method == "binary":
        checker = install_release_binary(version, root)
    else:
        raise ActionError(f"input 'install' must be 'pip' or 'binary', not '{method}'")
    subprocess.run([checker, "--version"], check=True)
    set_output("checker", checker)
    # Later steps of the job can run multipart-check too, and nothing else: the venv's bin/ also holds
    # `python` and `pip`, which would shadow the job's own for every later step (the adapter's included).
    only = os.path.join(root, "multipart-check-bin")
    os.makedirs(only, exist_ok=True)
    link = os.path.join(only, "multipart-check")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(checker, link)
    append("GITHUB_PATH", only + "\n")
    return 0


# certify ------------------------------------------------------------------------------------------


def certify_arguments(checker, report):
    """The certify command line the inputs ask for."""
    command = value("command")
    if not command:
        raise ActionError("input 'command' is required: the encoder's (or parser's) command line")
    try:
        program = shlex.split(command)
    except ValueError as error:
        raise ActionError(f"input 'command' cannot be split into words: {error}") from None
    arguments = [checker, "certify", "--format", "json", "--output", report]
    if flag("decoder"):
        arguments.append("--decoder")
    if flag("boundary-accepted"):
        arguments.append("--boundary-accepted")
    if value("required-level"):
        arguments += ["--require", value("required-level")]
    if value("corpus-sha256"):
        # certify checks the pin (and every file against the manifest) before it sends anything.
        arguments += ["--expect-corpus-sha256", value("corpus-sha256")]
    for option, name in (("--vector", "vectors"), ("--area", "areas"), ("--unsupported", "unsupported"),
                         ("--not-reported", "not-reported"), ("--convention", "conventions"), ("--limit", "limits")):
        for item in words(name):
            arguments += [option, item]
    for line in value("known-issues").splitlines():
        if line.strip() and not line.strip().startswith("#"):
            arguments += ["--known-issue", line.strip()]
    if value("known-issues-file"):
        arguments += ["--known-issues", value("known-issues-file")]
    for option in ("timeout", "jobs", "name"):
        if value(option):
            arguments += ["--" + option, value(option)]
    return arguments + ["--"] + program


def run_streaming(arguments):
    """Runs ARGUMENTS with their output shown as it comes; returns (status, the last lines of stderr)."""
    process = subprocess.Popen(arguments, stderr=subprocess.PIPE, text=True, errors="replace")
    tail = []
    for line in process.stderr:
        sys.stderr.write(line)
        tail = (tail + [line])[-40:]
    return process.wait(), "".join(tail)


def cell(text, limit=DETAIL_LENGTH):
    """TEXT made safe for one Markdown table cell."""
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    return html.escape(text, quote=False).replace("|", "\\|")


# The grades that fail a run (CertificationGrade.isFailure, and a stale known issue): their rows
# come first in the summary, and all but the stale ones are suggested as known issues.
FAILING_GRADES = ("fail", "refused", "silent-data-loss", "known-issue", "stale-known-issue")


def problems(report):
    """The verdicts worth a row, failures first, in id order: every verdict that shows a problem
    (JSON format 2 names it), and a stale known issue, which shows none but fails the run."""
    rows = [verdict for verdict in report.get("verdicts", [])
            if verdict.get("problem") or verdict.get("grade") in FAILING_GRADES]
    return sorted(rows, key=lambda verdict: (verdict.get("grade") not in FAILING_GRADES, verdict.get("id", "")))


def summary(report, required, checker_version, directory, artifact):
    """The job summary: the headline, the checker, then a table of every vector that did not simply pass."""
    name = report.get("adapter") or "the command"
    level = report.get("level", "?")
    lines = [f"### multipart-check certify: {cell(name, 200)}", ""]
    lines.append(f"**{cell(report.get('headline', level), 1000)}**")
    lines.append("")
    if required:
        reached = f"`{cell(level, 100)}`"
        if report.get("partial") and report.get("level_on_run"):
            reached += f" (`{cell(report['level_on_run'], 100)}` on the vectors run)"
        lines.append(f"Required level: `{cell(required, 100)}`; reached: {reached}.")
        lines.append("")
    if checker_version:
        lines.append("Checker: " + "; ".join(cell(line, 200) for line in checker_version.splitlines() if line))
        lines.append("")
    rows = problems(report)
    if rows:
        lines += ["| vector | grade | why |", "|---|---|---|"]
        for verdict in rows[:SUMMARY_ROWS]:
            why, reason = verdict.get("summary", ""), verdict.get("known_issue")
            if reason:
                # The declared reason first; what happened this time too, when it says something else.
                why = reason if not why or why.startswith(reason) else f"{reason} (this run: {why})"
            lines.append(f"| `{cell(verdict.get('id', '?'), 200)}` | {cell(verdict.get('grade', '?'))} | {cell(why)} |")
        if len(rows) > SUMMARY_ROWS:
            lines += ["", f"{len(rows) - SUMMARY_ROWS} more in the JSON report."]
        lines.append("")
    else:
        lines += ["Every vector that ran passed.", ""]
    where = f"the artifact `{artifact}`" if artifact else f"`{directory}`"
    lines.append(
        f"Reports: `report.json`, `report.html` and `report.sarif` in {where}; `known-issues.txt` there lists today's "
        "failures as `id=reason` lines, to pass as `known-issues-file` while they are fixed.")
    return "\n".join(lines) + "\n"


# GitHub shows a job's first annotations of each kind; more are noise.
MAX_ANNOTATIONS = 50


def annotation_text(text):
    """A workflow command's message: %, CR and LF escaped as GitHub reads them."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def annotation_property(text):
    """A workflow command's property value: as a message, and ',' and ':' escaped too."""
    return annotation_text(text).replace(",", "%2C").replace(":", "%3A")


def annotations(report, adapter_file=""):
    """One `::error` workflow command per vector that fails undeclared (a stale known issue included),
    on ADAPTER_FILE when given, then a `::notice` for those left out past MAX_ANNOTATIONS."""
    failing = [verdict for verdict in report.get("verdicts", [])
               if verdict.get("grade") in ("fail", "refused", "silent-data-loss", "stale-known-issue")]
    where = f"file={annotation_property(adapter_file)}," if adapter_file else ""
    lines = [
        "::error %stitle=%s::%s" % (
            where,
            annotation_property("multipart-check certify: " + verdict["id"]),
            annotation_text("%s (%s): %s" % (verdict["id"], verdict["grade"], " ".join(verdict.get("summary", "").split())[:300])))
        for verdict in failing[:MAX_ANNOTATIONS]]
    if len(failing) > MAX_ANNOTATIONS:
        lines.append("::notice::%d more failing vectors are in the job summary and report.json" % (len(failing) - MAX_ANNOTATIONS))
    return lines


def known_issues(report):
    """Every vector that ran and fails for the adapter's own reasons (or is a known issue still failing),
    as `id=reason` lines for --known-issues.

    A vector the adapter gave no answer for (a crash, a time-out, garbage, a request never sent) is
    left out: committing it would bless a broken adapter, not record a known difference.
    """
    lines = [f"# The vectors {report.get('adapter', 'the command')} fails today; put your own reason after each '='."]
    unanswered = 0
    for verdict in report.get("verdicts", []):
        if verdict.get("grade") in FAILING_GRADES and verdict.get("grade") != "stale-known-issue":
            if verdict.get("problem") == "no-answer" and not verdict.get("known_issue"):
                unanswered += 1
                continue
            reason = verdict.get("known_issue") or " ".join(verdict.get("summary", "fails").split())[:200]
            lines.append(f"{verdict['id']}={reason}")
    if unanswered:
        lines.insert(1, f"# {unanswered} vector(s) got no answer (a crash, a time-out or garbage) and are not listed: "
                        "fix the adapter first, then run again.")
    return "\n".join(lines) + "\n"


def certify():
    checker = value("checker") or "multipart-check"
    # One directory per artifact name, so two uses of the action in one job keep their reports apart.
    directory = os.path.join(temporary_directory(), value("artifact-name") or "multipart-check-report")
    os.makedirs(directory, exist_ok=True)
    report_path = os.path.join(directory, "report.json")
    html_path = os.path.join(directory, "report.html")
    sarif_path = os.path.join(directory, "report.sarif")
    for stale in (report_path, sarif_path):
        if os.path.exists(stale):
            os.remove(stale)
    arguments = certify_arguments(checker, report_path)
    try:
        checker_version = subprocess.run([checker, "--version"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        raise ActionError(f"cannot run the checker '{checker}': {error}") from None
    print("+ " + shlex.join(arguments), flush=True)
    status, errors = run_streaming(arguments)
    set_output("status", str(status))
    set_output("report-directory", directory)
    artifact = value("artifact-name") if flag("upload-artifact") else ""
    if not os.path.exists(report_path):
        # A usage error or a command that could not start: certify says why on standard error.
        append("GITHUB_STEP_SUMMARY",
               f"### multipart-check certify\n\ncertify exited with status {status} before writing a report:\n\n"
               f"```\n{errors.strip()}\n```\n")
        return status or 1
    with open(report_path, encoding="utf-8") as handle:
        report = json.load(handle)
    merged = subprocess.run(
        [checker, "report", "merge", "--format", "html", "--output", html_path, report_path],
        capture_output=True, text=True)
    if merged.returncode != 0:
        print(f"::warning::the HTML report was not written: {merged.stderr.strip()}")
    # For code scanning (github/codeql-action/upload-sarif) or any SARIF viewer: one result per vector
    # that did not pass, at the adapter's file when the input names it, else at the vector's file.
    adapter_file = value("adapter-file")
    sarif = subprocess.run(
        [checker, "report", "merge", "--format", "sarif", "--output", sarif_path]
        + (["--adapter-file", adapter_file] if adapter_file else []) + [report_path],
        capture_output=True, text=True)
    if sarif.returncode != 0:
        print(f"::warning::the SARIF report was not written: {sarif.stderr.strip()}")
    with open(os.path.join(directory, "known-issues.txt"), "w", encoding="utf-8") as handle:
        handle.write(known_issues(report))
    text = summary(report, value("required-level"), checker_version, directory, artifact)
    append("GITHUB_STEP_SUMMARY", text)
    print(text)
    for line in annotations(report, adapter_file):
        print(line)
    set_output("level", report.get("level", ""))
    set_output("headline", report.get("headline", ""))
    set_output("report-json", report_path)
    set_output("report-html", html_path if merged.returncode == 0 else "")
    set_output("report-sarif", sarif_path if sarif.returncode == 0 else "")
    return status


def main(arguments=None):
    arguments = sys.argv[1:] if arguments is None else arguments
    try:
        if arguments == ["install"]:
            return install()
        if arguments == ["certify"]:
            return certify()
        print("usage: action.py install|certify", file=sys.stderr)
        return 64
    except ActionError as error:
        print(f"::error::{error}")
        append("GITHUB_STEP_SUMMARY", f"### multipart-check certify\n\nerror: {error}\n")
        return 1
    except subprocess.CalledProcessError as error:
        print(f"::error::{shlex.join(map(str, error.cmd))} exited with status {error.returncode}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
