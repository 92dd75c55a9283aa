#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A raw TCP client for the tests: sends exact bytes, reads answers with timeouts.
package final class RawClient {
    /// The connected socket.
    package let descriptor: Int32

    /// Connects to `127.0.0.1:port`; from the loopback address `source` (such as `127.0.0.2`, a
    /// second client on one machine) when given.
    package init(port: Int, source: String? = nil) throws {
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
    package func send(_ bytes: [UInt8]) -> Bool {
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

    /// Sends the text's UTF-8 bytes.
    package func send(_ text: String) { send(Array(text.utf8)) }

    /// Reads until the server closes or `seconds` pass with nothing new.
    package func readUntilClosed(seconds: Double = 10) -> [UInt8] {
        var result: [UInt8] = []
        while let bytes = readSome(seconds: seconds), !bytes.isEmpty { result += bytes }
        return result
    }

    /// Reads one whole response (head and Content-Length body); nil on a timeout or close before it ends.
    package func readResponse(seconds: Double = 10) -> HTTPResponse? {
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
    package func readSome(seconds: Double) -> [UInt8]? {
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
