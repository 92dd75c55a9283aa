import MultipartForm
import MultipartFormConformanceCore

/// The server's lines about connections and requests that were not validated, in text or as JSON
/// lines; every string from a client is escaped to visible bytes first.
enum ServeLog {
    /// A connection answered 503 and closed.
    static func connectionRefused(peer: String, reason: String, format: ValidationOptionGroup.Format) -> ServeServer.Output {
        switch format {
        case .text:
            return .standardOutput("connection from \(peer): refused: \(reason); answered 503 and closed\n")
        case .json:
            return .standardOutput(
                JSONValue.object([
                    ("event", .string("connection-refused")), ("peer", .string(peer)), ("status", .int(503)),
                    ("message", .string(reason)),
                ]).compactRendering() + "\n")
        }
    }

    /// A request answered with an error status (or dropped) before or while its body was read.
    static func requestEnded(
        number: Int?, peer: String, requestLine: String?, event: String, status: ServeStatus?, reason: String,
        closed: Bool = true, format: ValidationOptionGroup.Format
    ) -> ServeServer.Output {
        switch format {
        case .text:
            let who = number.map { "request-\($0)" } ?? "connection from \(peer)"
            let line = requestLine.map { " (\(VisibleBytes.escape($0)))" } ?? ""
            let answer =
                (status.map { "; answered \($0.code) \($0.reason)" } ?? "") + (closed ? (status == nil ? "; connection closed" : " and closed") : "")
            return .standardOutput("\(who)\(line): \(event): \(VisibleBytes.escape(reason))\(answer)\n")
        case .json:
            return .standardOutput(
                JSONValue.object([
                    ("event", .string(event)), ("request", .int(number)), ("peer", .string(peer)),
                    ("request_line", .string(requestLine)), ("status", .int(status?.code)), ("message", .string(reason)),
                    ("closed", .bool(closed)),
                ]).compactRendering() + "\n")
        }
    }

    /// The line printed when the server stops.
    static func totals(_ totals: ServeServer.Totals) -> String {
        var parts = [
            "\(TextReportRenderer.count(totals.requests, "request"))", "\(totals.conforming) conforming",
            "\(totals.notConforming) not conforming",
        ]
        if totals.refused > 0 { parts.append("\(totals.refused) refused") }
        if totals.incomplete > 0 { parts.append("\(totals.incomplete) incomplete") }
        if totals.withoutBody > 0 { parts.append("\(totals.withoutBody) without a body") }
        if totals.connectionsRefused > 0 {
            parts.append("\(TextReportRenderer.count(totals.connectionsRefused, "connection")) refused")
        }
        return "stopped: " + parts.joined(separator: ", ") + "\n"
    }
}
