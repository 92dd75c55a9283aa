#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A one-request HTTP/1.1 server on 127.0.0.1 that records what it receives and echoes the body back.
///
/// Enough for URLSession to upload to: answers `Expect: 100-continue`, reads a body framed by
/// Content-Length or chunked transfer coding, replies 200 with the same bytes. Every wait has a
/// timeout, so a broken client fails the test instead of hanging it.
package final class LoopbackHTTPServer: @unchecked Sendable {
    /// What the server read: the request head's lines and the decoded body.
    package struct Request: Sendable {
        /// The request line, without its CRLF.
        package var requestLine = ""
        /// The header fields, by lower-case name.
        package var headers: [String: String] = [:]
        /// The body, with any chunked coding removed.
        package var body: [UInt8] = []
    }

    /// The port it listens on.
    package let port: UInt16
    private let listener: Int32
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var request: Request?
    private var failure: String?

    /// Listens on a free loopback port and serves one request on a thread of its own.
    package init() throws {
        #if canImport(Glibc)
        let streamSocket = Int32(SOCK_STREAM.rawValue)
        #else
        let streamSocket = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in serve() }
    }

    deinit {
        close(listener)
    }

    /// The server's base URL.
    package var url: URL { URL(string: "http://127.0.0.1:\(port)/upload")! }

    /// Waits for the request to be served and returns it, or the reason it was not.
    package func received(timeout seconds: Int = 30) -> Result<Request, ServerError> {
        guard done.wait(timeout: .now() + .seconds(seconds)) == .success else { return .failure(ServerError("timed out")) }
        lock.lock()
        defer { lock.unlock() }
        if let request { return .success(request) }
        return .failure(ServerError(failure ?? "no request"))
    }

    package struct ServerError: Error, CustomStringConvertible {
        /// What went wrong.
        package var description: String
        init(_ description: String) { self.description = description }
    }

    private func finish(_ request: Request?, failure: String?) {
        lock.lock()
        self.request = request
        self.failure = failure
        lock.unlock()
        done.signal()
    }

    private func serve() {
        var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 30_000) == 1 else { return finish(nil, failure: "no connection") }
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return finish(nil, failure: "accept failed") }
        defer { close(connection) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var reader = Reader(socket: connection)
        do {
            var request = Request()
            let head = try reader.readUntil(Array("\r\n\r\n".utf8))
            let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
            request.requestLine = lines.first ?? ""
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                request.headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            if request.headers["expect"]?.lowercased() == "100-continue" {
                send(connection, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            }
            if request.headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
                while true {
                    let sizeLine = String(decoding: try reader.readUntil(Array("\r\n".utf8)), as: UTF8.self)
                    guard let size = Int(sizeLine.split(separator: ";")[0].trimmingCharacters(in: .whitespaces), radix: 16) else {
                        throw ServerError("bad chunk size '\(sizeLine)'")
                    }
                    if size == 0 {
                        _ = try reader.readUntil(Array("\r\n".utf8))
                        break
                    }
                    request.body += try reader.read(count: size)
                    _ = try reader.read(count: 2)
                }
            } else {
                request.body = try reader.read(count: Int(request.headers["content-length"] ?? "0") ?? 0)
            }
            let reply = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(request.body.count)\r\nConnection: close\r\n\r\n"
            send(connection, Array(reply.utf8) + request.body)
            finish(request, failure: nil)
        } catch {
            finish(nil, failure: "\(error)")
        }
    }

    private func send(_ socket: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            if count <= 0 { return }
            sent += count
        }
    }

    /// Buffered reads from the connection.
    private struct Reader {
        let socket: Int32
        var buffer: [UInt8] = []

        init(socket: Int32) { self.socket = socket }

        private mutating func fill() throws {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw ServerError("connection closed or timed out") }
            buffer += chunk[0..<count]
        }

        mutating func readUntil(_ terminator: [UInt8]) throws -> [UInt8] {
            var searchFrom = 0
            while true {
                if buffer.count >= terminator.count {
                    for start in searchFrom...(buffer.count - terminator.count)
                    where buffer[start..<(start + terminator.count)].elementsEqual(terminator) {
                        let head = Array(buffer[..<start])
                        buffer.removeFirst(start + terminator.count)
                        return head
                    }
                    searchFrom = buffer.count - terminator.count + 1
                }
                try fill()
            }
        }

        mutating func read(count: Int) throws -> [UInt8] {
            while buffer.count < count { try fill() }
            let bytes = Array(buffer[..<count])
            buffer.removeFirst(count)
            return bytes
        }
    }
}
