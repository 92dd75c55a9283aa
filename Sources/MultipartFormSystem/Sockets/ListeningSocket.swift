#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket listening for connections: made on a host and port, asked for its address, and the
/// connections taken from it, each close-on-exec and without `SIGPIPE`.
///
/// Descriptors stay plain `Int32`s, owned by the caller, so a server can keep them in its own
/// tables and close them when its policy says.
package enum ListeningSocket {
    /// Why a listening socket could not be made.
    package enum Error: Swift.Error, Sendable, Hashable {
        /// The host did not resolve: the resolver's reason, with a lower-case first letter.
        case cannotResolve(reason: String)
        /// No address the host resolved to could be bound and listened on: the last address's reason.
        case cannotListen(reason: String)
    }

    /// Why no connection was accepted; `accept` fails now and then (a client that gave up while
    /// queued), and the caller decides whether the reason matters.
    package struct AcceptError: Swift.Error, Sendable, Hashable {
        /// The system's error number.
        package var errorNumber: Int32

        /// Whether the process or the system has no descriptor left (`EMFILE`, `ENFILE`): the
        /// client still waits in the queue, and polling the listener again would return at once.
        package var isOutOfDescriptors: Bool { errorNumber == EMFILE || errorNumber == ENFILE }
    }

    /// A socket listening on `host` and `port` (0 picks a free port), close-on-exec.
    ///
    /// `host` is a numeric IPv4 or IPv6 address or a name such as `localhost`; the first address
    /// it resolves to that can be bound is used.
    /// - Returns: The descriptor, and the address bound as ``localAddress(_:)`` writes it.
    package static func listen(host: String, port: Int, backlog: Int32 = 128) throws(Error) -> (descriptor: Int32, address: String) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let reason = gai_strerror(status).map { String(cString: $0) } ?? "error \(status)"
            throw .cannotResolve(reason: reason.prefix(1).lowercased() + reason.dropFirst())
        }
        defer { freeaddrinfo(list) }
        var lastError = EADDRNOTAVAIL
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            entry = current.pointee.ai_next
            let descriptor = socket(current.pointee.ai_family, current.pointee.ai_socktype, current.pointee.ai_protocol)
            guard descriptor >= 0 else {
                lastError = errno
                continue
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            if bind(descriptor, current.pointee.ai_addr, current.pointee.ai_addrlen) == 0,
                SystemCalls.listen(descriptor, backlog) == 0
            {
                return (descriptor, localAddress(descriptor) ?? "\(host):\(port)")
            }
            lastError = errno
            SystemCalls.close(descriptor)
        }
        throw .cannotListen(reason: SystemCalls.describe(lastError))
    }

    /// Accepts one connection: its descriptor (close-on-exec, no `SIGPIPE`, `TCP_NODELAY` so an
    /// answer is not held back waiting for more) and the peer's address.
    package static func accept(_ listener: Int32) throws(AcceptError) -> (descriptor: Int32, peer: String) {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let descriptor = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { SystemCalls.accept(listener, $0, &length) }
        }
        guard descriptor >= 0 else { throw AcceptError(errorNumber: errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var on: Int32 = 1
        #if canImport(Darwin)
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        return (descriptor, describe(&storage))
    }

    /// `host:port` (IPv6 as `[host]:port`) of the socket's own address.
    package static func localAddress(_ descriptor: Int32) -> String? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return status == 0 ? describe(&storage) : nil
    }

    /// The port of a socket address written by ``localAddress(_:)``.
    package static func port(of address: String) -> Int {
        address.split(separator: ":").last.flatMap { Int($0) } ?? 0
    }

    /// `host:port` (IPv6 as `[host]:port`) of an address the system wrote, in numbers, so that
    /// describing a peer never waits on a name lookup; `unknown` when it cannot be read.
    private static func describe(_ storage: inout sockaddr_storage) -> String {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let family = Int32(storage.ss_family)
        let length = socklen_t(family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        let status = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &host, socklen_t(host.count), &service, socklen_t(service.count), NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard status == 0 else { return "unknown" }
        func text(_ characters: [CChar]) -> String {
            String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return family == AF_INET6 ? "[\(text(host))]:\(text(service))" : "\(text(host)):\(text(service))"
    }

    /// Whether the socket is bound to a loopback address (`127.0.0.0/8`, `::1`, or `127.x.y.z`
    /// mapped into IPv6), so only this machine can reach it. The address the system bound is
    /// asked, not the name given: `localhost`, `0x7f000001` and a name that resolves to
    /// `127.0.0.1` are loopback, and `0.0.0.0` or `::` is not.
    package static func isLoopback(_ descriptor: Int32) -> Bool {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return false }
        switch Int32(storage.ss_family) {
        case AF_INET:
            let address = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr } }
            return UInt32(bigEndian: address.s_addr) >> 24 == 127
        case AF_INET6:
            let bytes = withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet6 in
                    withUnsafeBytes(of: inet6.pointee.sin6_addr) { Array($0) }
                }
            }
            let loopback: [UInt8] = Array(repeating: 0, count: 15) + [1]
            let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
            return bytes == loopback || (bytes.starts(with: mappedPrefix) && bytes[12] == 127)
        default:
            return false
        }
    }
}
