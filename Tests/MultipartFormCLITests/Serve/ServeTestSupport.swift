import Foundation
import MultipartFormTestSupport
@testable import MultipartFormCLI
import MultipartFormSystem

/// A `serve` server started in-process on a free loopback port, its output collected, stopped by
/// its own handle.
final class RunningServer: @unchecked Sendable {
    let server: ServeServer
    private let collected = LockedValue<[ServeServer.Output]>([])
    private let ended = DispatchSemaphore(value: 0)
    private let totalsBox = LockedValue<ServeServer.Totals?>(nil)

    init(_ change: (inout ServeConfiguration) -> Void = { _ in }) throws {
        var configuration = ServeConfiguration()
        configuration.port = 0
        change(&configuration)
        server = try ServeServer(configuration: configuration)
        let server = self.server
        Thread.detachNewThread { [collected, totalsBox, ended] in
            let totals = server.run { line in
                collected.withLock { $0.append(line) }
                return true
            }
            totalsBox.withLock { $0 = totals }
            ended.signal()
        }
    }

    deinit {
        server.stop()
    }

    var port: Int { server.port }

    /// `http://127.0.0.1:PORT/path`.
    func url(_ path: String = "/upload") -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Everything written to standard output so far.
    var output: String {
        collected.withLock { lines in
            lines.compactMap { if case .standardOutput(let text) = $0 { text } else { nil } }.joined()
        }
    }

    /// Waits until the output holds `text` (output is written by the server's loop, a moment later);
    /// the bound is generous because a loaded 2-core machine (the whole suite at full size) can keep
    /// the server's thread waiting for seconds, while a passing wait returns as soon as the line is there.
    @discardableResult
    func waitForOutput(containing text: String, seconds: Double = 30) -> Bool {
        eventually(within: seconds) { output.contains(text) }
    }

    /// Stops the server and returns its totals (nil if it did not stop within 10 s).
    func stop() -> ServeServer.Totals? {
        server.stop()
        guard ended.wait(timeout: .now() + 10) == .success else { return nil }
        return totalsBox.withLock { $0 }
    }
}

/// What `serve` answers with: the JSON report.
extension HTTPResponse {
    /// The body as the JSON report.
    var report: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }

    /// `files[0]` of the report: what `validate --format json` says of the body.
    var file: [String: Any]? { (report?["files"] as? [[String: Any]])?.first }
}

/// A request with a Content-Length body.
func postRequest(_ body: [UInt8], contentType: String?, path: String = "/upload", extraHeaders: String = "") -> [UInt8] {
    var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    if let contentType { head += "Content-Type: \(contentType)\r\n" }
    head += "Content-Length: \(body.count)\r\n\(extraHeaders)\r\n"
    return Array(head.utf8) + body
}

/// A small conforming body with boundary `AaB03x`.
let conformingServeBody = Array(
    "--AaB03x\r\nContent-Disposition: form-data; name=\"field\"\r\n\r\nvalue\r\n--AaB03x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--AaB03x--\r\n".utf8)

/// The classic hand-rolled mistake: a header line ending in a bare LF.
let bareLFServeBody = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\n\r\nv\r\n--AaB03x--\r\n".utf8)

let serveContentType = "multipart/form-data; boundary=AaB03x"

/// Whether a socket can be bound to the loopback address `source` (Linux routes all of 127/8 to
/// the loopback interface; macOS only 127.0.0.1 unless an alias is added).
func canConnectFrom(_ source: String) -> Bool {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    defer { close(descriptor) }
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    return withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    } == 0
}
