#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits until descriptors can be read or written (`poll(2)`), so one thread can watch a socket or
/// an output together with a wake-up pipe, and never stays blocked on one of them alone.
package enum DescriptorPoll {
    /// What a descriptor is watched for.
    package enum Event: Sendable, Hashable {
        /// Bytes to read, or the end of the stream.
        case readable
        /// Room to write.
        case writable
    }

    /// One descriptor watched, and what the last wait found on it.
    package struct Watch: Sendable, Hashable {
        /// The descriptor watched.
        package let descriptor: Int32
        /// What it is watched for.
        package let event: Event
        /// The events the last wait reported (`revents`), 0 before one.
        fileprivate var reported: Int16 = 0

        /// Watches `descriptor` for `event`.
        package init(_ descriptor: Int32, for event: Event) {
            self.descriptor = descriptor
            self.event = event
        }

        /// Whether the last wait found anything on the descriptor: the event asked for, or an error
        /// or a hang-up, which the next read or write reports.
        package var isReady: Bool { reported != 0 }

        /// Whether the last wait found bytes to read (or the end of the stream).
        package var isReadable: Bool { reported & Int16(POLLIN) != 0 }
    }

    /// How a wait ended.
    package enum Outcome: Sendable, Hashable {
        /// This many descriptors are ready.
        case ready(Int)
        /// The time ran out first.
        case timedOut
        /// A signal arrived first (`EINTR`): nothing is ready; the caller looks at what the signal
        /// changed, or waits again.
        case interrupted
        /// The wait itself failed: the reason.
        case failed(String)
    }

    /// Waits until one of `watches` is ready or `timeout` milliseconds pass (-1: no limit), and
    /// records on each watch what was found.
    @discardableResult
    package static func wait(_ watches: inout [Watch], timeout: Int32) -> Outcome {
        var pollers = watches.map { watch in
            pollfd(fd: watch.descriptor, events: Int16(watch.event == .readable ? POLLIN : POLLOUT), revents: 0)
        }
        let ready = poll(&pollers, nfds_t(pollers.count), timeout)
        let failure = errno
        for index in watches.indices { watches[index].reported = pollers[index].revents }
        if ready > 0 { return .ready(Int(ready)) }
        if ready == 0 { return .timedOut }
        return failure == EINTR ? .interrupted : .failed(SystemCalls.describe(failure))
    }
}
