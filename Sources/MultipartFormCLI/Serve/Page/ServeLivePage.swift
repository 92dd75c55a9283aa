import MultipartFormReceivers
/// `serve`'s page for a browser: `GET /_/` is a self-contained page (no CDN, nothing fetched but
/// its own data) that polls `GET /_/requests?after=N` for the requests validated since.
/// `GET /_/capture/N` downloads request N as an HTTP capture `validate` reads, and `GET /_/body/N`
/// its body alone, for a body small enough to be kept whole; `GET /_/compare/N` runs that body
/// through every installed real parser, as `compare` does, only for a request that carries
/// ``compareHeader`` (which a page on another origin cannot send without the CORS preflight the
/// server never grants), so no other site can make the server start processes.
///
/// The page and its data are served only to requests whose `Host` names loopback or the address
/// the server listens on, so a web page on another origin that a DNS rebinding points at the server
/// cannot read them; no CORS header is ever sent.
enum ServeLivePage {
    /// The reserved path prefix: a `GET` or `HEAD` below it is the page, never a request to validate.
    static let prefix = "/_/"
    /// The most bytes of entries one answer to `/_/requests` holds (past one entry).
    static let answerBytes = 2 * 1024 * 1024
    /// The header field (with the value `compare`) a comparison request must carry.
    static let compareHeader = "X-Multipart-Check"

    /// Whether a request is a browser's own request for the site's icon (`GET /favicon.ico`), which
    /// `serve` answers 404 without numbering or logging it as an upload.
    static func isBrowserIconRequest(_ head: HTTPRequestHead) -> Bool {
        (head.method == "GET" || head.method == "HEAD") && head.target == "/favicon.ico"
    }

    /// Whether `head` asks for the page or its data.
    static func isPageRequest(_ head: HTTPRequestHead) -> Bool {
        // A request that carries a body is an upload, whatever its path: it is validated.
        (head.method == "GET" || head.method == "HEAD") && (head.target == "/_" || head.target.hasPrefix(prefix))
            && head.values("Transfer-Encoding").isEmpty && head.values("Content-Length").allSatisfy { $0.trimmingSpaces == "0" }
    }

    /// Whether the `Host` header names this server by a loopback name or the address it listens on,
    /// with no port or the port it listens on.
    static func hostIsAllowed(_ host: String?, boundHost: String, port: Int) -> Bool {
        guard var host = host?.lowercased(), !host.isEmpty else { return false }
        if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]") {
            guard host[host.index(after: colon)...] == Substring(String(port)) else { return false }
            host = String(host[..<colon])
        }
        var allowed = ["localhost", "127.0.0.1", "[::1]"]
        if boundHost != "0.0.0.0" && boundHost != "::" {
            allowed.append(boundHost.contains(":") ? "[\(boundHost.lowercased())]" : boundHost.lowercased())
        }
        return allowed.contains(host)
    }

    /// The answer to a page request: the page, the entries after `?after=N` as JSON, a download, a
    /// comparison, a 404, or a 403 for a `Host` that names another site; with `message`, the reason
    /// given for an answer that is not 200, for the server's log.
    static func answer(
        _ head: HTTPRequestHead, history: ServeHistory?, boundHost: String, port: Int, keepAlive: Bool, headOnly: Bool,
        compare: ((_ label: String, _ body: [UInt8], _ contentType: String) -> (ServeStatus, String))? = nil
    ) -> (status: ServeStatus, bytes: [UInt8], message: String?) {
        func text(_ status: ServeStatus, _ message: String) -> (ServeStatus, [UInt8], String?) {
            (status, ServeResponse.make(status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8), keepAlive: keepAlive, headOnly: headOnly), message)
        }
        guard hostIsAllowed(head.values("Host").first, boundHost: boundHost, port: port) else {
            return text(
                .forbidden,
                "403 Forbidden: the page is served only to http://localhost:\(port)\(prefix) or http://127.0.0.1:\(port)\(prefix) (the Host header names another site)")
        }
        guard let history else { return text(.notFound, "404 Not Found: the page is off (--page-history 0)") }
        let path = head.target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.target
        switch path {
        case "/_", prefix:
            return (.ok, page(bytes: Array(html.utf8), type: "text/html; charset=utf-8", keepAlive: keepAlive, headOnly: headOnly), nil)
        case prefix + "requests":
            let after = query(head.target, "after").flatMap { Int($0) } ?? 0
            // One answer holds at most answerBytes of entries (at least one): the page asks again
            // after the last it got, so a full history is sent in pieces, never built whole.
            var entries: [String] = []
            var bytes = 0
            var more = false
            for entry in history.entries(after: after) {
                if !entries.isEmpty && bytes + entry.json.utf8.count > answerBytes {
                    more = true
                    break
                }
                entries.append(entry.json)
                bytes += entry.json.utf8.count
            }
            let body = "{\"capacity\":\(history.capacity),\"more\":\(more),\"requests\":[" + entries.joined(separator: ",") + "]}\n"
            return (.ok, page(bytes: Array(body.utf8), type: "application/json", keepAlive: keepAlive, headOnly: headOnly), nil)
        default:
            guard let (kind, number) = keptRequest(path) else { return text(.notFound, "404 Not Found: the page is at \(prefix)") }
            if kind == "compare", head.values(compareHeader).first?.trimmingSpaces != "compare" {
                return text(.forbidden, "403 Forbidden: a comparison is run only for a request with '\(compareHeader): compare' (the page sends it)")
            }
            guard let entry = history.entry(number: number) else { return text(.notFound, "404 Not Found: that request is no longer kept") }
            guard let capture = entry.capture else {
                return text(
                    .notFound,
                    "404 Not Found: request \(number)'s body was larger than the page keeps; run serve with --save DIR to keep every request")
            }
            let body = Array(capture[entry.bodyStart...])
            switch kind {
            case "compare":
                guard let compare else { return text(.notImplemented, "501 Not Implemented: comparisons run parsers as processes, which only macOS and Linux can do") }
                let (status, output) = compare("request-\(number)", body, entry.contentType ?? "")
                guard status == .ok else { return text(status, output) }
                return (.ok, page(bytes: Array(output.utf8), type: "text/plain; charset=utf-8", keepAlive: keepAlive, headOnly: headOnly), nil)
            case "body":
                return (.ok, page(bytes: body, type: "application/octet-stream", keepAlive: keepAlive, headOnly: headOnly, attachment: "request-\(number).body"), nil)
            default:
                return (.ok, page(bytes: capture, type: "application/octet-stream", keepAlive: keepAlive, headOnly: headOnly, attachment: "request-\(number).http"), nil)
            }
        }
    }

    /// `(kind, N)` for `/_/capture/N`, `/_/body/N` and `/_/compare/N`: a request the history may keep.
    static func keptRequest(_ path: String) -> (kind: String, number: Int)? {
        for kind in ["capture", "body", "compare"] {
            let start = prefix + kind + "/"
            if path.hasPrefix(start), let number = Int(path.dropFirst(start.count)), number > 0 { return (kind, number) }
        }
        return nil
    }

    /// A page answer: never cached, never framed by another site, no CORS header; a download when
    /// `attachment` names the file.
    private static func page(bytes: [UInt8], type: String, keepAlive: Bool, headOnly: Bool, attachment: String? = nil) -> [UInt8] {
        var head = "HTTP/1.1 200 OK\r\nContent-Type: \(type)\r\nContent-Length: \(bytes.count)\r\n"
        if let attachment { head += "Content-Disposition: attachment; filename=\"\(attachment)\"\r\n" }
        head += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\n"
        head += "Content-Security-Policy: default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:\r\n"
        head += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return headOnly ? Array(head.utf8) : Array(head.utf8) + bytes
    }

    /// The value of `name` in the target's query, if any.
    static func query(_ target: String, _ name: String) -> String? {
        guard let question = target.firstIndex(of: "?") else { return nil }
        for pair in target[target.index(after: question)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == Substring(name) { return String(parts[1]) }
        }
        return nil
    }

    /// The page, with the receivers the selector offers written into its script.
    static let html: String = {
        let names = Receiver.all.map { "\"\($0.id)\"" }.joined(separator: ",")
        return template.replacing("const receivers = [];", with: "const receivers = [\(names)];")
    }()

    /// The page: inline style and script, text inserted with `textContent` only (never as markup).
    /// Receiver ids are row ids of the evidence (letters, digits and `-`), so they go into the script as they are.
    private static let template = #"""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>multipart-check serve</title>
        <style>
        body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
        header{padding:10px 16px;background:#1d1d1f;color:#fff}
        header h1{font-size:16px;margin:0}
        .pick{font-size:12px}
        #status{font-size:12px;opacity:.8}
        main{padding:8px 16px}
        .request{background:#fff;border:1px solid #ddd;border-radius:6px;margin:10px 0;padding:8px 12px}
        .request h2{font-size:14px;margin:0 0 4px;word-break:break-all}
        .ok{color:#1a7f37}.bad{color:#cf222e}.warning{color:#9a6700}.note{color:#57606a}
        mark{background:#ffebe9;color:#cf222e;outline:1px solid #cf222e}mark.warning{background:#fff8c5;color:#9a6700;outline-color:#9a6700}mark.note{background:#eaeef2;color:#57606a;outline-color:#57606a}
        table{border-collapse:collapse;font-size:13px;margin:4px 0}
        td,th{border-bottom:1px solid #eee;padding:2px 8px 2px 0;text-align:left;vertical-align:top}
        th{white-space:nowrap}td{overflow-wrap:anywhere}
        pre{background:#f6f8fa;padding:6px;overflow-x:auto;font:12px/1.35 ui-monospace,monospace;margin:4px 0}
        details{margin:4px 0}
        summary{cursor:pointer}
        .meta{color:#57606a;font-size:12px}
        img.preview{display:block;max-width:160px;max-height:120px;margin-top:2px;border:1px solid #ddd}
        @media (max-width:600px){main{padding:4px 6px}.request{padding:6px}}
        </style></head>
        <body><header><h1>multipart-check serve</h1><div id="status">waiting for requests…</div>
        <label class="pick">the server it goes to: <select id="receiver"><option value="">any (no receiver)</option></select></label></header>
        <main id="requests"></main>
        <script>
        "use strict";
        let last = 0;
        const receivers = [];
        const chosen = new URLSearchParams(location.search).get("receiver") || "";
        const picker = document.getElementById("receiver");
        for (const id of receivers) { const o = document.createElement("option"); o.value = id; o.textContent = id; o.selected = id === chosen; picker.appendChild(o); }
        picker.onchange = () => { location.search = picker.value ? "?receiver=" + encodeURIComponent(picker.value) : ""; };
        const list = document.getElementById("requests");
        const status = document.getElementById("status");
        function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined && text !== null) e.textContent = String(text); if (cls) e.className = cls; return e; }
        function count(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
        function row(cells, tag) { const tr = el("tr"); for (const c of cells) tr.appendChild(el(tag || "td", c)); return tr; }
        function render(r) {
          const box = el("section", null, "request"); box.id = "request-" + r.number;
          const title = el("h2"); title.appendChild(el("span", r.conforming ? "✔ " : "✘ ", r.conforming ? "ok" : "bad"));
          title.appendChild(el("span", "#" + r.number + " " + r.method + " " + r.target)); box.appendChild(title);
          box.appendChild(el("div", new Date(r.time * 1000).toLocaleTimeString() + " · from " + r.peer + " · " + count(r.bytes, "byte") + " (" + r.framing + ") · " + r.content_type + " · answered " + r.status, "meta"));
          box.appendChild(el("div", r.verdict + ": " + count(r.counts.error, "error") + ", " + count(r.counts.warning, "warning") + ", " + count(r.counts.note, "note"), r.conforming ? "ok" : "bad"));
          for (const m of r.messages) box.appendChild(el("div", m, "meta"));
          if (r.parts.length) {
            const t = el("table"); t.appendChild(row(["#", "name", "filename", "content-type", "size", "preview"], "th"));
            r.parts.forEach((p, i) => {
              const cut = (v, n) => v === undefined || v === null ? "-" : (n ? v + "… (" + n + " bytes)" : v);
              const tr = row([i, cut(p.name, p.name_length), cut(p.filename, p.filename_length), cut(p.content_type, p.content_type_length), p.size, p.preview ?? ""]);
              if (p.image) { const img = el("img"); img.src = p.image; img.alt = p.filename ?? "image"; img.className = "preview"; tr.lastChild.appendChild(img); }
              t.appendChild(tr);
            });
            box.appendChild(t);
            if (r.part_count > r.parts.length) box.appendChild(el("div", (r.part_count - r.parts.length) + " more parts", "meta"));
          }
          for (const f of r.findings) {
            // With a receiver picked, a finding its profile reads otherwise is an error for it.
            const raised = chosen !== "" && (f.otherwise || []).includes(chosen);
            const severity = raised ? "error" : f.severity;
            const d = el("details", null, "finding"); d.open = severity !== "note";
            d.appendChild(el("summary", severity + (f.receiver ? " for " + f.receiver : raised ? " for " + chosen : "") + ": " + f.message + " [" + f.rule + "] at line " + f.line + ", column " + f.column + (f.part === null ? "" : ", part " + f.part), severity === "error" ? "bad" : severity));
            if (raised) d.appendChild(el("div", chosen + " reads this shape otherwise, by the interop evidence (it loses data, misreads or rejects such bodies); for what it will do with this body and the fix for it: multipart-check serve --receiver " + chosen, "bad"));
            if (f.marked) {
              const pre = el("pre"); pre.appendChild(document.createTextNode(f.marked.before));
              pre.appendChild(el("mark", f.marked.at || "⟨end of input⟩", f.severity)); pre.appendChild(document.createTextNode(f.marked.after));
              d.appendChild(pre);
            } else d.appendChild(el("pre", f.view));
            if (f.summary) d.appendChild(el("div", "rule: " + f.summary));
            if (f.rationale) d.appendChild(el("div", "why: " + f.rationale, "meta"));
            if (f.fix) d.appendChild(el("div", "fix: " + f.fix));
            box.appendChild(d);
          }
          if (r.finding_count > r.findings.length) box.appendChild(el("div", (r.finding_count - r.findings.length) + " more findings (see the terminal)", "meta"));
          const h = el("details"); h.appendChild(el("summary", "the body's first bytes, CR and LF shown")); h.appendChild(el("pre", r.head)); box.appendChild(h);
          box.appendChild(replay(r));
          if (r.capture) box.appendChild(compareButton(r));
          return box;
        }
        function compareButton(r) {
          const d = el("div", null, "compare"); const b = el("button", "compare with the real parsers installed"); const out = el("pre");
          b.onclick = async () => {
            b.disabled = true; out.textContent = "running every installed parser on this body…";
            try { const response = await fetch("/_/compare/" + r.number, { headers: { "X-Multipart-Check": "compare" }, cache: "no-store" }); out.textContent = await response.text(); }
            catch (e) { out.textContent = "not connected: " + e; }
            b.disabled = false;
          };
          d.appendChild(b); d.appendChild(out); return d;
        }
        function quoted(s) { return "'" + s.replace(/'/g, "'\\''") + "'"; }
        function link(href, text) { const a = el("a", text); a.href = href; a.download = ""; return a; }
        function replay(r) {
          const d = el("details", null, "replay"); d.appendChild(el("summary", "download and replay"));
          if (!r.capture) { d.appendChild(el("div", "the body was larger than the page keeps: run serve with --save DIR to keep every request", "meta")); return d; }
          const p = el("div"); p.appendChild(link("/_/capture/" + r.number, "request-" + r.number + ".http"));
          p.appendChild(el("span", " (the capture: multipart-check validate request-" + r.number + ".http) · "));
          p.appendChild(link("/_/body/" + r.number, "request-" + r.number + ".body")); p.appendChild(el("span", " (the body alone)")); d.appendChild(p);
          if (r.replay_content_type !== null && r.replay_target !== null) {
            d.appendChild(el("div", "send it again (to this server, or change the last URL):", "meta"));
            d.appendChild(el("pre", "curl -s " + quoted(location.origin + "/_/body/" + r.number) + " | curl -s --data-binary @- -H " + quoted("Content-Type: " + r.replay_content_type) + " " + quoted(location.origin + r.replay_target)));
          }
          return d;
        }
        async function poll() {
          try {
            const response = await fetch("/_/requests?after=" + last, { cache: "no-store" });
            const data = await response.json();
            for (const r of data.requests) { list.insertBefore(render(r), list.firstChild); last = Math.max(last, r.number); }
            while (list.children.length > data.capacity) list.removeChild(list.lastChild);
            status.textContent = "live · showing the last " + list.children.length + " of at most " + data.capacity + " requests · send multipart uploads to this server, any path but /_/";
            // A full history comes in pieces: ask for the next one at once.
            if (data.more) { setTimeout(poll, 0); return; }
          } catch (e) { status.textContent = "not connected: " + e; }
          setTimeout(poll, 1000);
        }
        poll();
        </script></body></html>
        """#
}
