#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing a connected stream socket with deadlines, and ending it: a peer that sends
/// nothing, reads a trickle or stopped reading can never hold the thread that serves it.
package enum ConnectedSocket {
    /// What a read with a deadline gave.
    package enum Received: Equatable, Sendable {
        /// This many bytes.
        case bytes(Int)
        /// The peer closed its side.
        case closed
        /// Nothing arrived before the deadline.
        case timedOut
        /// The read failed (a reset connection): the reason.
        case failed(String)
    }

    /// Reads what has arrived into `buffer`, waiting at most `timeout` milliseconds for a first byte.
    package static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, timeout: Int32) -> Received {
        var watches = [DescriptorPoll.Watch(descriptor, for: .readable)]
        waiting: while true {
            switch DescriptorPoll.wait(&watches, timeout: timeout) {
            case .ready: break waiting
            case .timedOut: return .timedOut
            case .interrupted: continue
            case .failed(let reason): return .failed(reason)
            }
        }
        let count = SystemCalls.read(descriptor, buffer.baseAddress, buffer.count)
        if count > 0 { return .bytes(count) }
        if count == 0 { return .closed }
        return .failed(SystemCalls.lastError())
    }

    /// Sends every byte without raising `SIGPIPE`; `false` when the peer has gone, or when
    /// `seconds` pass before the last byte is sent (a peer that reads a trickle cannot hold a
    /// thread: each send also gives up on its own after ``setSendTimeout(_:seconds:)``).
    @discardableResult
    package static func send(_ descriptor: Int32, _ bytes: [UInt8], within seconds: Double = 3600) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        return bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                if offset > 0 && ContinuousClock.now > deadline { return false }
                let count = SystemCalls.sendWithoutSignal(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
    }

    /// Makes a send that cannot go on for `seconds` (a client that stopped reading) fail instead of waiting.
    package static func setSendTimeout(_ descriptor: Int32, seconds: Double) {
        var limit = timeval()
        limit.tv_sec = .init(seconds.rounded(.down))
        limit.tv_usec = .init((seconds - seconds.rounded(.down)) * 1_000_000)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Ends both directions of a connection, waking a thread blocked reading it.
    package static func shutDown(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Ends this side's sending: the peer reads what was sent, then the end, while this side can
    /// still read what the peer sends.
    package static func shutDownWriting(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }
}
