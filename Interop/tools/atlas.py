"""The bypass atlas's reports, from results/bypass.json and results/bypass-<firewall>.json
(tools/bypass.py): a section of RESULTS.md, the site's atlas pages (site/atlas/) and a
ready-to-file report per firewall (reports/firewall-<family>.md).

Every file here is generated; run.sh --check regenerates them and compares.
"""
import base64
import html
import os

import bypass
import bypass_shapes
import firewalls
import interop

# Why each firewall misses a shape, and what would catch it: from the firewall's own reading of the
# body (drivers/modsecurity_apache.py --record for ModSecurity 2) and its answers to the shapes around it.
WHY = {
    ("modsec2", "field-as-file-empty-filename"):
        "ModSecurity 2's multipart parser takes every part with a `filename` parameter, even an empty one, for a "
        "file: the recorder shows `FILES:q` with filename `\"\"` and no `ARGS`, so no Core Rule Set rule that reads "
        "`ARGS` sees the value, and no strictness flag is raised. The applications listed treat `filename=\"\"` as "
        "\"no file\" and hand the part over as the text field `q`. ModSecurity 3 reads the same part as a text "
        "field and stops it. What would catch it: inspect the content of a part whose filename is empty as a text "
        "field (ARGS), or raise a flag for it.",
    ("modsec2", "field-as-file-empty-filename-typed"):
        "As above, with a `Content-Type: text/plain` line: ModSecurity 2 files the part under `FILES` because of "
        "`filename=\"\"`; the applications listed read a text field.",
    ("modsec2", "field-as-file-no-content-type"):
        "ModSecurity 2 takes the part for a file (it has a filename), so its content is not in `ARGS`; formidable "
        "makes a part without a Content-Type a text field whatever its filename.",
    ("modsec2", "media-type-related"):
        "ModSecurity 2 runs its multipart parser only for `multipart/form-data`; the Core Rule Set's allowed request "
        "content types (rule 920420, `tx.allowed_request_content_type`) include `multipart/related`, so the body is "
        "let through unparsed and no part reaches `ARGS`. Rack, formidable, multiparty, Commons FileUpload and Tomcat "
        "parse any `multipart/*` body as a form. At paranoia level 3, rule 920272 stops it (it reads the raw body "
        "and finds CR LF). What would catch it: parse every `multipart/*` body as multipart, or drop "
        "`multipart/related` from the allowed types where the application does not use it.",
    ("modsec3", "second-disposition"):
        "libmodsecurity 3 keeps the name and filename of a part's first Content-Disposition line and ignores a second "
        "without a flag (ModSecurity 2 fails such a body with rule 200002); most applications take the last line, so "
        "the name or filename the Core Rule Set inspects is the harmless first one.",
    ("modsec3", "field-as-file-first-disposition"):
        "libmodsecurity 3 keeps the first Content-Disposition line, which has a filename, so the part is a file and "
        "its content stays out of `ARGS`; the applications listed take the last line and read the text field `q`. "
        "ModSecurity 2 fails the body (rule 200002).",
    ("modsec3", "filename-star"):
        "libmodsecurity 3 ignores `filename*` (ModSecurity 2 fails the body with rule 200002), so rule 920120, "
        "which stops a quote in a filename, inspects only `filename=\"x.txt\"`; the applications listed prefer the "
        "RFC 2231 `filename*` and store the payload as the filename.",
    ("modsec3", "media-type-related"):
        "As for ModSecurity 2: only `multipart/form-data` is parsed, and `multipart/related` is an allowed request "
        "content type. At paranoia level 3 and above rule 920272 stops every multipart body here, this one included.",
    ("modsec3", "field-as-file-no-content-type"):
        "libmodsecurity 3 takes the part for a file (it has a filename); formidable makes a part without a "
        "Content-Type a text field.",
}

for _family in ("modsec2", "modsec3"):
    for _shape, _what in (("field-as-file-blank-filename", "a filename of one space"),
                          ("field-as-file-slash-filename", "the filename `/`"),
                          ("field-as-file-dot-filename", "the filename `.`")):
        WHY.setdefault((_family, _shape), (
            "%s takes the part for a file, since it has %s, so its content stays out of `ARGS`; the applications "
            "listed reduce that filename to nothing (trimmed, or cut to its base name) and read the part as the text "
            "field `q`." % ("ModSecurity 2" if _family == "modsec2" else "libmodsecurity 3", _what)))

SETUP = {
    "modsec2": ["On Debian 12: `apt-get install apache2 libapache2-mod-security2 modsecurity-crs`, then",
                "`cp /etc/modsecurity/modsecurity.conf-recommended /etc/modsecurity/modsecurity.conf`, set",
                "`SecRuleEngine On` in it, and restart Apache: the Core Rule Set is loaded by the package, at paranoia",
                "level 1. Any URL answers; the reproduction posts to `/upload`."],
    "modsec3": ["On Debian 12: `apt-get install nginx libnginx-mod-http-modsecurity modsecurity-crs`; set",
                "`SecRuleEngine On` in `/etc/nginx/modsecurity.conf`; in a server block add `modsecurity on;` and",
                "`modsecurity_rules_file` naming a file that includes `/etc/nginx/modsecurity_includes.conf` and",
                "`/usr/share/modsecurity-crs/owasp-crs.load`, with `proxy_pass` to any backend that answers 200 (the",
                "connector inspects the body in the access phase, so the location must not answer in the rewrite",
                "phase); the Core Rule Set runs at paranoia level 1."],
}

# Bypass shapes the corpus has no vector for, with the nearest vector: candidates for Vectors/. Each
# shape names its nearest vector in bypass_shapes.py; a shape found here without one is listed, with why.
MISSING_FROM_CORPUS = []

FAMILIES = {
    "modsec2": ("ModSecurity 2 (Apache) with the OWASP Core Rule Set", "firewall-modsecurity2.md"),
    "modsec3": ("ModSecurity 3 (libmodsecurity, nginx connector) with the OWASP Core Rule Set", "firewall-modsecurity3.md"),
}


class Atlas:
    """The bypasses and everything the reports say about them."""

    def __init__(self, applications, answers):
        self.applications, self.answers = applications, answers
        self.configs = [fw.id for fw in firewalls.configurations() if fw.id in answers]
        self.parsers = [entry["parser"] for entry in applications["applications"]]
        self.cases = {case["case"]: case for case in applications["cases"]}
        self.status = {(config, answer["case"]): answer for config in self.configs for answer in answers[config]["answers"]}
        self.found = bypass.bypasses(applications, answers)
        self.cells = {}
        for config, parser, case in self.found:
            self.cells.setdefault((config, parser), []).append(case)
        self.shapes = {shape.id: shape for shape in bypass_shapes.SHAPES}
        for case in applications["cases"]:
            if case["shape"] not in self.shapes:
                vector = case["shape"][len("corpus/"):]
                self.shapes[case["shape"]] = bypass_shapes.Shape(
                    case["shape"], "corpus vector `%s` with the payload in place of its first value, name or filename" % vector,
                    vector, [], None)

    def body(self, case_id):
        return base64.b64decode(self.cases[case_id]["body_base64"])

    def shape_counts(self):
        """shape -> number of bypasses, in descending order."""
        counts = {}
        for _, _, case in self.found:
            counts[self.cases[case]["shape"]] = counts.get(self.cases[case]["shape"], 0) + 1
        return sorted(counts.items(), key=lambda item: (-item[1], item[0]))

    def shape_cases(self, shape):
        return sorted({case for _, _, case in self.found if self.cases[case]["shape"] == shape},
                      key=lambda case: (len(self.body(case)), case))

    def minimal(self, shape):
        """The shape's smallest bypass body."""
        return self.shape_cases(shape)[0]

    def bypass_bodies(self):
        return sorted({case for _, _, case in self.found})

    def findings(self, case):
        """The validator's errors and warnings on a body."""
        return [d for d in self.cases[case]["validator"] if d["severity"] in ("error", "warning")]

    def silent(self):
        return [case for case in self.bypass_bodies() if not self.findings(case)]

    def answer(self, config, case):
        entry = self.status.get((config, case))
        if entry is None:
            return "not sent"
        if entry["passed"]:
            return "200 (let through)"
        return "%s (rules %s)" % (entry["status"], ", ".join(entry["rules"]) or "none logged")

    def control(self, config):
        """(benign let through, {slot/payload: plain stopped})."""
        benign = self.status.get((config, bypass.case_id("benign", "value", "benign")), {}).get("passed")
        plain = {}
        for slot in bypass_shapes.SLOTS:
            for payload in bypass_shapes.ATTACKS:
                entry = self.status.get((config, bypass.case_id("plain", slot, payload)))
                plain["%s/%s" % (slot, payload)] = entry is not None and not entry["passed"]
        return benign, plain

    def reached(self, case, config=None):
        """The parsers a body reaches past `config` (or past any configuration)."""
        return sorted({parser for c, parser, found in self.found if found == case and (config is None or c == config)})


def load(into):
    applications, answers = bypass.load(into)
    if applications is None or not answers:
        return None
    return Atlas(applications, answers)


def rule_list(findings):
    return ", ".join("`%s` (%s)" % (d["rule"], d["severity"]) for d in findings) or "**none (silent)**"


def escaped(data):
    """Bytes as a Python-style literal with CR and LF visible, for Markdown."""
    return repr(data)[2:-1]


# -- RESULTS.md ------------------------------------------------------------------------------------

def markdown(atlas):
    lines = ["", "## Bypass atlas", "",
             "`tools/bypass.py` (run with `run.sh --bypass`) puts a Core Rule Set test string in a value, a",
             "field name, a filename or a file part's field name of each body shape (`tools/bypass_shapes.py`),",
             "sends every body to each firewall configuration, a real server started and stopped by the tool,",
             "and every body some configuration lets through while it stops the same payload plainly in that",
             "slot to each application parser. A **bypass** is a (configuration, application, body)",
             "where the configuration stops the same payload standing plainly in that slot, lets this body",
             "through (HTTP 200), and the application reads the payload intact in that slot.",
             "`results/bypass-<configuration>.json` holds each firewall's answers, `results/bypass.json` the",
             "applications' readings and the validator's findings; the site's atlas pages show every body.",
             "For one captured body, `multipart-check compare BODY --firewall all` asks every configuration",
             "installed here and shows which let it through beside what each parser reads.", ""]
    lines += ["ModSecurity 3 runs as Debian packages it (nginx, libnginx-mod-http-modsecurity, libmodsecurity3):",
              "nginx in one process on its own port, the connector loaded by path, libmodsecurity's recommended",
              "configuration with `SecRuleEngine On`, the same Core Rule Set. Its connector logs only the rule",
              "that denied a request to nginx's error log, so the rules that matched come from a JSON audit log;",
              "and it inspects a body only in the access phase, so the location proxies to a second server block",
              "that answers 200 (a location that answers with `return` lets `<script>alert(1)</script>` through",
              "uninspected). At paranoia level 3 and above, rule 920272 stops every multipart body there,",
              "harmless ones included: it reads `REQUEST_BODY`, which libmodsecurity fills for multipart bodies",
              "too, and finds CR LF; ModSecurity 2 leaves that variable empty for them.", ""]
    payloads = atlas.applications["payloads"]
    lines += ["Payloads: %s." % "; ".join("%s `%s`" % (key, value) for key, value in payloads.items()), "",
              "A `media-type-*` shape counts only for the rows whose own entry point hands a body of another",
              "multipart type to the parser (%s); the other drivers call the parser whatever the Content-Type." % ", ".join(
                  "`%s`" % row for row in sorted(bypass_shapes.MEDIA_TYPE_DISPATCH)), ""]
    lines += ["| configuration | version | a harmless form (`hello world` in a field) | plain payload stopped (slot·payload) | bodies let through | bypasses |",
              "|---|---|---|---|---|---|"]
    for config in atlas.configs:
        benign, plain = atlas.control(config)
        through = sum(1 for answer in atlas.answers[config]["answers"] if answer["passed"] and not answer["case"].startswith(("benign/", "plain/")))
        stopped = " ".join("%s:%s" % (key.replace("/", "·"), "yes" if value else "**no**") for key, value in plain.items())
        lines.append("| `%s` | %s | %s | %s | %d | %d |" % (
            config, atlas.answers[config]["version"], "let through" if benign else "**stopped**: " + atlas.answer(config, bypass.case_id("benign", "value", "benign")),
            stopped, through, sum(len(v) for (c, _), v in atlas.cells.items() if c == config)))
    missing = [p.id for p in interop.parsers() if p.id not in atlas.parsers and p.id != bypass.FIREWALL_ROW]
    if missing:
        lines += ["", "Rows not run (their driver is not built on the machine that made these results): %s." % ", ".join(
            "`%s`" % p for p in missing)]
    corpus = sorted({case for (_, case) in atlas.status if case.startswith("corpus/")})
    corpus_through = sorted({case for (config, case), entry in atlas.status.items() if case.startswith("corpus/") and entry["passed"]})
    corpus_candidates = [case for case in atlas.cases if case.startswith("corpus/")]
    lines += ["", "Besides the shapes of `tools/bypass_shapes.py`, every corpus vector with a Content-Type gives a case",
              "per slot and payload: its first text value, name and filename found once in the body is replaced by",
              "the payload (%d cases from %d vectors). Some configuration lets %d of them through; %d of those can" % (
                  len(corpus), len({case.rsplit("/", 2)[0] for case in corpus}), len(corpus_through), len(corpus_candidates)),
              "be bypasses (the configuration stops the plain payload in that slot), the rest carry the payload where",
              "the Core Rule Set's injection rules do not look even when it stands plainly (an XSS string in a",
              "filename, a file part's field name)."]
    lines += ["", "### Bypasses per configuration and application", "",
              "Applications with no bypass past any configuration: %s." % (
                  ", ".join("`%s`" % p for p in atlas.parsers if not any((c, p) in atlas.cells for c in atlas.configs)) or "none"), ""]
    hit = [p for p in atlas.parsers if any((c, p) in atlas.cells for c in atlas.configs)]
    lines.append("| application | " + " | ".join("`%s`" % c for c in atlas.configs) + " | total |")
    lines.append("|---|" + "---|" * (len(atlas.configs) + 1))
    for parser in hit:
        row = [len(atlas.cells.get((c, parser), [])) for c in atlas.configs]
        lines.append("| `%s` | %s | %d |" % (parser, " | ".join(str(n) for n in row), sum(row)))
    totals = [sum(len(atlas.cells.get((c, p), [])) for p in atlas.parsers) for c in atlas.configs]
    lines.append("| **total** | %s | **%d** |" % (" | ".join("**%d**" % n for n in totals), sum(totals)))
    lines += ["", "### Body shapes", "",
              "| shape | bypasses | configurations | applications | minimal body | validator on it |", "|---|---|---|---|---|---|"]
    for shape, count in atlas.shape_counts():
        case = atlas.minimal(shape)
        configs = sorted({c for c, _, k in atlas.found if atlas.cases[k]["shape"] == shape}, key=atlas.configs.index)
        parsers = sorted({p for _, p, k in atlas.found if atlas.cases[k]["shape"] == shape})
        lines.append("| `%s`: %s | %d | %s | %s | `%s` `%s` | %s |" % (
            shape, atlas.shapes[shape].title.replace("|", "\\|"), count, ", ".join("`%s`" % c for c in configs),
            ", ".join("`%s`" % p for p in parsers), atlas.cases[case]["content_type"], escaped(atlas.body(case)).replace("|", "\\|"),
            rule_list(atlas.findings(case))))
    lines += ["", "### Shapes the corpus lacks", "", "Bypass shapes with no vector in `Vectors/` (candidates for the corpus):", ""]
    missing = ["- `%s`: %s." % (shape, text) for shape, text in MISSING_FROM_CORPUS if shape in dict(atlas.shape_counts())]
    lines += missing or ["None: every bypass shape has a vector, named on its shape page."]
    silent = atlas.silent()
    def notes(case):
        found = sorted({d["rule"] for d in atlas.cases[case]["validator"]})
        return "`%s` (%s)" % (case, ", ".join("note `%s`" % rule for rule in found) or "nothing at all")
    lines += ["", "### The validator on the bypass bodies", "",
              "%d distinct bypass bodies; `multipart-check validate` reports an error or a warning naming its rule on %d, "
              "and no error or warning on %d%s." % (
                  len(atlas.bypass_bodies()), len(atlas.bypass_bodies()) - len(silent), len(silent),
                  (": " + ", ".join(notes(c) for c in silent)) if silent else "")]
    return "\n".join(lines) + "\n"


# -- The site's pages ------------------------------------------------------------------------------

def visible(data):
    out = []
    for byte in data:
        if byte == 0x0D:
            out.append('<span class="esc">CR</span>')
        elif byte == 0x0A:
            out.append('<span class="esc">LF</span>\n')
        elif 0x20 <= byte < 0x7F:
            out.append(html.escape(chr(byte)))
        else:
            out.append('<span class="esc">\\x%02X</span>' % byte)
    return "".join(out)


def page(title, depth, body):
    root = "../" * depth
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            '<title>%s · multipart/form-data interop</title>\n<link rel="stylesheet" href="%ssite.css">\n</head>\n<body>\n'
            '<header><p class="site"><a href="%sindex.html">multipart/form-data: the corpus through real parsers and encoders</a></p>\n'
            '<nav><a href="%sindex.html">Implementations</a><a href="%satlas/index.html">Bypass atlas</a></nav></header>\n'
            '<main>\n<h1>%s</h1>\n%s</main>\n<footer><p>Generated by <code>Interop/run.sh</code> from '
            '<code>Interop/results/bypass*.json</code>; do not edit.</p></footer>\n</body>\n</html>\n') % (
        html.escape(title), root, root, root, root, html.escape(title), body)


def table(headers, rows):
    out = ['<div class="scroll"><table class="data">\n<thead><tr>']
    out += ["<th>%s</th>" % html.escape(h) for h in headers]
    out.append("</tr></thead>\n<tbody>\n")
    for row in rows:
        out.append("<tr>" + "".join('<td data-label="%s"><div>%s</div></td>' % (html.escape(h), c) for h, c in zip(headers, row)) + "</tr>\n")
    out.append("</tbody></table></div>\n")
    return "".join(out)


def parts_html(record):
    if record.get("parts") is None:
        return html.escape(record["answer"] + (": " + record["error"] if record.get("error") else ""))
    items = []
    for part in record["parts"]:
        def field(key):
            if part.get(key + "_base64") is not None:
                return base64.b64decode(part[key + "_base64"])
            return None if part.get(key) is None else part[key].encode("utf-8")
        text = "name %s" % ('<code>%s</code>' % visible(field("name")) if field("name") is not None else "none")
        if field("filename") is not None:
            text += ", file <code>%s</code>" % visible(field("filename"))
        text += ": <code>%s</code>" % visible(field("body") or b"")
        items.append(text)
    return "<br>".join(items) or "no parts"


def index_html(atlas):
    e = html.escape
    body = ["<p>Which body shapes carry a payload the firewall stops when it sees it plainly past which firewall "
            "configuration into which application. Each cell counts the bypass bodies of one configuration and one "
            "application and links to them; each shape has its page with the bytes, every firewall's answer, every "
            "application's reading and the validator's findings.</p>"]
    rows = []
    for parser in atlas.parsers:
        cells = []
        for config in atlas.configs:
            count = len(atlas.cells.get((config, parser), []))
            cells.append('<a href="%s.html#%s">%d</a>' % (config, e(parser), count) if count else "0")
        rows.append(['<code>%s</code>' % e(parser)] + cells + [str(sum(len(atlas.cells.get((c, parser), [])) for c in atlas.configs))])
    rows.append(["<b>total</b>"] + ["<b>%d</b>" % sum(len(atlas.cells.get((c, p), [])) for p in atlas.parsers) for c in atlas.configs]
                + ["<b>%d</b>" % len(atlas.found)])
    body.append(table(["application"] + atlas.configs + ["total"], rows))
    body.append("<h2>Body shapes</h2>")
    shape_rows = []
    counts = dict(atlas.shape_counts())
    for shape in atlas.shapes.values():
        shape_rows.append(['<a href="shapes/%s.html"><code>%s</code></a>' % (e(shape.id), e(shape.id)), e(shape.title),
                           str(counts.get(shape.id, 0)), '<code>%s</code>' % e(shape.source)])
    body.append(table(["shape", "what it does", "bypasses", "corpus source"], shape_rows))
    silent = atlas.silent()
    body.append("<p>%d distinct bypass bodies; the validator reports no error or warning on %d.</p>" % (
        len(atlas.bypass_bodies()), len(silent)))
    return page("Bypass atlas", 1, "\n".join(body))


def config_html(atlas, config):
    e = html.escape
    body = ["<p>Firewall <code>%s</code>: %s.</p>" % (e(config), e(atlas.answers[config]["version"]))]
    for parser in atlas.parsers:
        found = atlas.cells.get((config, parser), [])
        if not found:
            continue
        body.append('<h2 id="%s"><code>%s</code>: %d</h2>' % (e(parser), e(parser), len(found)))
        body.append(table(["body", "slot", "payload", "bytes"], [
            ['<a href="shapes/%s.html#%s"><code>%s</code></a>' % (e(atlas.cases[c]["shape"]), e(c), e(atlas.cases[c]["shape"])),
             e(atlas.cases[c]["slot"]), e(atlas.cases[c]["payload"]), '<pre class="bytes">%s</pre>' % visible(atlas.body(c))]
            for c in found]))
    return page("Bypasses past %s" % config, 1, "\n".join(body))


def shape_html(atlas, shape):
    e = html.escape
    body = ["<p>%s. Comes from <code>%s</code>.</p>" % (e(shape.title), e(shape.source))]
    cases = [c for c in atlas.cases if atlas.cases[c]["shape"] == shape.id]
    answered = sorted({c for (_, c) in atlas.status if c.rsplit("/", 2)[0] == shape.id})
    body.append("<h2>Every configuration's answer</h2>")
    body.append(table(["body"] + atlas.configs, [['<code>%s</code>' % e(c)] + [e(atlas.answer(config, c)) for config in atlas.configs]
                                                 for c in answered]))
    if not cases:
        body.append("<p>No body of this shape can be a bypass: no configuration lets one through while it stops the "
                    "same payload plainly in that slot, so none was sent to the applications.</p>")
    for case in cases:
        entry = atlas.cases[case]
        body.append('<h2 id="%s"><code>%s</code></h2>' % (e(case), e(case)))
        body.append("<p>Content-Type: <code>%s</code></p><pre class=\"bytes\">%s</pre>" % (e(entry["content_type"]), visible(atlas.body(case))))
        findings = entry["validator"]
        body.append("<p>The validator: %s</p>" % ("; ".join("<code>%s</code> (%s) %s" % (e(d["rule"]), e(d["severity"]), e(d["message"] or ""))
                                                          for d in findings) or "<b>silent</b>"))
        body.append(table(["firewall", "answer", "bypasses into"], [
            ['<code>%s</code>' % e(config), e(atlas.answer(config, case)),
             ", ".join('<code>%s</code>' % e(p) for p in atlas.reached(case, config)) or "none"] for config in atlas.configs]))
        body.append(table(["application", "payload intact", "reading"], [
            ['<code>%s</code>' % e(parser), intact_text(shape.id, parser, record), parts_html(record)]
            for parser, record in sorted(entry["applications"].items())]))
    return page("Shape %s" % shape.id, 2 + shape.id.count("/"), "\n".join(body))


def intact_text(shape_id, parser, record):
    if not record.get("intact"):
        return "no"
    if bypass_shapes.reaches(shape_id, parser):
        return "yes"
    return "yes, but its framework checks the media type before the parser sees the body (not counted)"


def write_site(into, atlas):
    root = os.path.join(into, "site", "atlas")
    pages = {"index.html": index_html(atlas)}
    for config in atlas.configs:
        pages[config + ".html"] = config_html(atlas, config)
    for shape in atlas.shapes.values():
        pages[os.path.join("shapes", shape.id + ".html")] = shape_html(atlas, shape)
    for name, text in pages.items():
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as output:
            output.write(text)


# -- The firewall reports --------------------------------------------------------------------------

def printf_literal(data):
    """A printf(1) format that writes exactly `data`."""
    out = []
    for byte in data:
        if byte == 0x0D:
            out.append("\\r")
        elif byte == 0x0A:
            out.append("\\n")
        elif byte == 0x25:
            out.append("%%")
        elif byte == 0x5C:
            out.append("\\\\")
        elif byte == 0x27 or not 0x20 <= byte < 0x7F or (byte == 0x2D and not out):  # a leading '-' is an option
            out.append("\\%03o" % byte)
        else:
            out.append(chr(byte))
    return "".join(out)


def reproduction(atlas, case):
    entry = atlas.cases[case]
    return ["```sh",
            "printf '%s' > body" % printf_literal(atlas.body(case)),
            "curl -s -o /dev/null -w '%{http_code}\\n' http://127.0.0.1/upload \\",
            "  -H 'Content-Type: %s' --data-binary @body" % entry["content_type"],
            "```"]


def firewall_report(atlas, family):
    title, _ = FAMILIES[family]
    configs = [c for c in atlas.configs if c.startswith(family + "-")]
    found = [(c, p, k) for c, p, k in atlas.found if c in configs]
    if not configs:
        return None
    version = atlas.answers[configs[0]]["version"]
    lines = ["# %s: multipart bodies that carry a blocked payload past it" % title, "",
             "<!-- Generated by Interop/run.sh from Interop/results/bypass*.json; do not edit. -->", "",
             "Measured with %s, the Core Rule Set at paranoia levels 1 to 4, ModSecurity's recommended" % version,
             "configuration with `SecRuleEngine On`, and %d application parsers (`Interop/parsers.tsv`)." % len(atlas.parsers),
             "A bypass: the configuration stops the payload when it stands plainly in the same slot, lets",
             "this body through with HTTP 200, and the application reads the payload intact.", "",
             "Strongest case first: the shape that reaches the most applications. The setup the reproductions run against:", ""]
    lines += SETUP[family] + [""]
    if not found:
        lines += ["No bypass was found: every body shape that carries the payload intact to an application is",
                  "stopped, or lets the payload through only where the plain payload also passes.", ""]
    shapes = {}
    for c, p, k in found:
        shapes.setdefault(atlas.cases[k]["shape"], set()).add(p)
    ranked = sorted(shapes, key=lambda s: (-len(shapes[s]), -sum(1 for _, _, k in found if atlas.cases[k]["shape"] == s), s))
    for number, shape in enumerate(ranked, 1):
        cases = sorted({k for _, _, k in found if atlas.cases[k]["shape"] == shape}, key=lambda k: (len(atlas.body(k)), k))
        case = cases[0]
        entry = atlas.cases[case]
        levels = sorted({c for c, _, k in found if k == case}, key=atlas.configs.index)
        plain = bypass.case_id("plain", entry["slot"], entry["payload"])
        title = atlas.shapes[shape].title
        lines += ["## %d. %s" % (number, title[:1].upper() + title[1:]), "",
                  "The payload (`%s`) in the %s slot. Let through by %s; the same payload plainly in the %s is stopped there (%s)." % (
                      entry["expected"], entry["slot"], ", ".join("`%s`" % c for c in levels), entry["slot"],
                      "; ".join("`%s`: %s" % (c, atlas.answer(c, plain)) for c in levels)),
                  "", "Reproduction against a stock setup listening on 127.0.0.1:80 (prints the status):", ""]
        lines += reproduction(atlas, case)
        lines += ["", "Measured: %s. The plain payload: %s." % (
            "; ".join("`%s` %s" % (c, atlas.answer(c, case)) for c in configs),
            "; ".join("`%s` %s" % (c, atlas.answer(c, plain)) for c in configs)), ""]
        lines += ["Application parsers that read the payload intact from this body: %s." % (
            ", ".join("`%s`" % p for p in atlas.reached(case)) or "none"), ""]
        lines += [WHY.get((family, shape), "The firewall's reading of this body differs from the applications'."), "",
                  "The multipart/form-data validator in this repository (`multipart-check validate`) reports %s on this body." % (
                      rule_list(atlas.findings(case)) if atlas.findings(case) else
                      "only notes (%s)" % ", ".join("`%s`" % d["rule"] for d in entry["validator"]) if entry["validator"] else "nothing"), ""]
        if len(cases) > 1:
            lines += ["Other bodies of this shape that bypass it: %s." % ", ".join("`%s`" % k for k in cases[1:]), ""]
    return "\n".join(lines)


def write_reports(into, atlas):
    folder = os.path.join(into, "reports")
    os.makedirs(folder, exist_ok=True)
    written = []
    for family, (_, name) in FAMILIES.items():
        text = firewall_report(atlas, family)
        if text is None:
            continue
        with open(os.path.join(folder, name), "w", encoding="utf-8") as output:
            output.write(text)
        written.append(name)
    index = os.path.join(folder, "README.md")
    if written and os.path.exists(index):
        with open(index, "a", encoding="utf-8") as output:
            output.write("\nFirewall reports (the bypass atlas, `tools/bypass.py`):\n\n"
                         + "".join("- [%s](%s)\n" % (name[:-3], name) for name in written))


def write_all(into):
    """Writes the atlas's RESULTS.md section, site pages and firewall reports, when its results exist."""
    atlas = load(into)
    if atlas is None:
        return
    with open(os.path.join(into, "RESULTS.md"), "a", encoding="utf-8") as output:
        output.write(markdown(atlas))
    write_site(into, atlas)
    write_reports(into, atlas)
