import Foundation
@testable import MultipartFormCLI
import MultipartFormSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if output.contains(text) { return true }
            usleep(5_000)
        }
        return false
    }

    /// Stops the server and returns its totals (nil if it did not stop within 10 s).
    func stop() -> ServeServer.Totals? {
        server.stop()
        guard ended.wait(timeout: .now() + 10) == .success else { return nil }
        return totalsBox.withLock { $0 }
    }
}

/// A raw TCP client for the tests: sends exact bytes, reads answers with timeouts.
final class RawClient {
    let descriptor: Int32

    /// Connects to `127.0.0.1:port`; from the loopback address `source` (such as `127.0.0.2`, a
    /// second client on one machine) when given.
    init(port: Int, source: String? = nil) throws {
        #if canImport(Glibc)
        let streamSocket = Int32(SOCK_STREAM.rawValue)
        #else
        let streamSocket = SOCK_STREAM
        #endif
        descriptor = socket(AF_INET, streamSocket, 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(descriptor)
                throw POSIXError(.EADDRNOTAVAIL)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard descriptor >= 0, connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var on: Int32 = 1
        #if canImport(Darwin)
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        _ = on
    }

    deinit { close(descriptor) }

    /// Sends every byte; false when the server has closed.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                #if canImport(Darwin)
                let count = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                #elseif canImport(Glibc)
                let count = Glibc.send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #elseif canImport(Musl)
                let count = Musl.send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #endif
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Reads until the server closes or `seconds` pass with nothing new.
    func readUntilClosed(seconds: Double = 10) -> [UInt8] {
        var result: [UInt8] = []
        while let bytes = readSome(seconds: seconds), !bytes.isEmpty { result += bytes }
        return result
    }

    /// Reads one whole response (head and Content-Length body); nil on a timeout or close before it ends.
    func readResponse(seconds: Double = 10) -> HTTPResponse? {
        var buffer = unread
        unread = []
        defer { unread = buffer }
        while true {
            if let response = HTTPResponse(parsing: &buffer) { return response }
            guard let more = readFromSocket(seconds: seconds), !more.isEmpty else { return nil }
            buffer += more
        }
    }

    private var unread: [UInt8] = []

    /// The next bytes (nil on a timeout, empty when closed).
    func readSome(seconds: Double) -> [UInt8]? {
        if !unread.isEmpty {
            defer { unread = [] }
            return unread
        }
        return readFromSocket(seconds: seconds)
    }

    private func readFromSocket(seconds: Double) -> [UInt8]? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 65536)
        let count = read(descriptor, &bytes, bytes.count)
        return count <= 0 ? [] : Array(bytes[..<count])
    }
}

/// A response read off the socket.
struct HTTPResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    /// Takes one complete response off the front of `buffer`.
    init?(parsing buffer: inout [UInt8]) {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard buffer.count >= 4, let end = (0...(buffer.count - 4)).first(where: { Array(buffer[$0..<$0 + 4]) == separator }) else {
            return nil
        }
        let lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let words = lines[0].split(separator: " ")
        guard words.count >= 2, let status = Int(words[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        guard buffer.count >= end + 4 + length else { return nil }
        self.status = status
        self.headers = headers
        body = Array(buffer[(end + 4)..<(end + 4 + length)])
        buffer.removeFirst(end + 4 + length)
    }

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
