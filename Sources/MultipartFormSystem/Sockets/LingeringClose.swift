#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Closes connections whose peer may still be sending (a request refused without being read), so
/// the last answer reaches the peer (RFC 9112 §9.6, "tear-down").
///
/// Closing a socket with unread bytes in its receive buffer makes the system send a reset, and a
/// reset can reach the client before it has read the answer already sent: it then sees
/// `ECONNRESET` instead of the 413 or 503. So a refused connection is shut down for writing (the
/// client sees the answer and then the end), and what the client still sends is read and dropped
/// until it closes its side or ``linger`` passes; only then is the socket closed.
///
/// One thread does this for every such socket with one `poll`, so neither the accept thread nor a
/// connection's slot waits for it. It runs only while sockets are lingering, and at most
/// ``capacity`` linger at once (each holds a descriptor); past that, a socket is closed at once.
package final class LingeringClose: @unchecked Sendable {
    /// How long a refused client may keep sending before its socket is closed anyway.
    package static let linger: Duration = .seconds(2)
    /// The most sockets lingering at once.
    package static let capacity = 32

    private struct State {
        var sockets: [(descriptor: Int32, until: ContinuousClock.Instant)] = []
        var running = false
        var closed = false
    }
    private let state = LockedValue(State())

    /// Nothing lingers yet; the thread starts with the first socket handed over.
    package init() {}

    /// Shuts `descriptor` down for writing and closes it once the client has closed its side, or
    /// after ``linger``; the caller no longer owns it.
    package func close(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
        let start = state.withLock { state -> Bool? in
            guard !state.closed, state.sockets.count < Self.capacity else { return nil }
            state.sockets.append((descriptor, ContinuousClock.now + Self.linger))
            defer { state.running = true }
            return !state.running
        }
        switch start {
        case nil: SystemCalls.close(descriptor)
        case true?: if !DetachedThread.start({ [self] in drain() }) { closeWithoutThread() }
        case false?: break
        }
    }

    /// Ends the lingering of every socket (the caller is stopping): the lingering thread closes them
    /// at its next wake-up, and sockets handed over later are closed at once. Only that thread closes
    /// what it holds, so it never reads a descriptor number the system has given to a new socket.
    package func closeAll() {
        state.withLock { state in
            state.closed = true
            let now = ContinuousClock.now
            for index in state.sockets.indices { state.sockets[index].until = now }
        }
    }

    private func closeWithoutThread() {
        let sockets = state.withLock { state in
            defer {
                state.sockets = []
                state.running = false
            }
            return state.sockets
        }
        SystemCalls.closeAll(sockets.map(\.descriptor))
    }

    /// The lingering thread: reads and drops what arrives, closes each socket at its end or deadline.
    private func drain() {
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let sockets = state.withLock { state -> [(descriptor: Int32, until: ContinuousClock.Instant)] in
                if state.sockets.isEmpty { state.running = false }
                return state.sockets
            }
            guard !sockets.isEmpty else { return }
            let now = ContinuousClock.now
            var finished: [Int32] = sockets.filter { $0.until <= now }.map(\.descriptor)
            var pollers = sockets.filter { $0.until > now }.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            // Wake for sockets handed over meanwhile too: never wait long.
            let wait = sockets.map { $0.until - now }.filter { $0 > .zero }.min().map { min($0, .milliseconds(50)) } ?? .zero
            if !pollers.isEmpty {
                _ = poll(&pollers, nfds_t(pollers.count), Int32(wait.components.attoseconds / 1_000_000_000_000_000) + 1)
            }
            for poller in pollers where poller.revents != 0 {
                let count = SystemCalls.read(poller.fd, &scratch, scratch.count)
                if count <= 0 && !(count < 0 && SystemCalls.lastCallWouldBlock) { finished.append(poller.fd) }
            }
            guard !finished.isEmpty else { continue }
            state.withLock { state in state.sockets.removeAll { finished.contains($0.descriptor) } }
            SystemCalls.closeAll(finished)
        }
    }
}
