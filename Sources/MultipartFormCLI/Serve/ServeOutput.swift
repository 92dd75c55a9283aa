import MultipartForm
import MultipartFormSystem

/// `serve`'s standard output and error, written so that a reader who stops reading (a paused
/// pager, a full pipe) cannot keep a stop request from being honoured.
///
/// A blocking `write` to a full pipe waits until someone reads, and a signal handler cannot end
/// it (the call is restarted). So each write first waits, with `poll`, until the descriptor can
/// take bytes or the server's stop pipe becomes readable, then writes at most `PIPE_BUF` bytes,
/// which a pipe that polls writable takes without blocking. Once a stop is requested, what is left
/// (the last findings, the totals) gets ``grace`` to be read; then it is given up.
struct ServeOutput {
    /// How long output may still wait for its reader once a stop is requested.
    static let grace: Duration = .seconds(1)
    /// The most bytes written at once: a pipe that polls writable has room for them.
    static let chunk = 4096

    /// The server's stop pipe (read end): readable once a stop is requested, and never emptied.
    let stopDescriptor: Int32
    private var stopSeen: ContinuousClock.Instant?
    /// Why output was lost, once it has been: a failed write, or a reader that did not read in time after a stop.
    private(set) var failure: String?

    init(stopDescriptor: Int32) {
        self.stopDescriptor = stopDescriptor
    }

    /// Writes the text to `descriptor`; `false` (with ``failure`` set) when it could not be written whole.
    mutating func write(_ text: String, to descriptor: Int32) -> Bool {
        guard failure == nil else { return false }
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                guard waitUntilWritable(descriptor) else { return false }
                let count = SystemCalls.write(descriptor, bytes.baseAddress! + offset, min(Self.chunk, bytes.count - offset))
                if count > 0 {
                    offset += count
                } else if count < 0 && SystemCalls.lastCallWouldBlock {
                    continue
                } else {
                    failure = count == 0 ? "the output takes no bytes" : SystemCalls.lastError()
                    return false
                }
            }
            return true
        }
    }

    /// Waits until `descriptor` can take bytes; `false` once the grace after a stop request has passed.
    private mutating func waitUntilWritable(_ descriptor: Int32) -> Bool {
        while true {
            var watches = [DescriptorPoll.Watch(descriptor, for: .writable)]
            if stopSeen == nil { watches.append(DescriptorPoll.Watch(stopDescriptor, for: .readable)) }
            var timeout: Int32 = -1
            if let stopSeen {
                let left = stopSeen + Self.grace - ContinuousClock.now
                guard left > .zero else {
                    failure = "standard output was not read for \(Self.grace) after the server was asked to stop"
                    return false
                }
                timeout = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000) + 1
            }
            if case .failed(let reason) = DescriptorPoll.wait(&watches, timeout: timeout) {
                failure = reason
                return false
            }
            if watches[0].isReady { return true }  // writable, or an error the write will report
            if watches.count > 1 && watches[1].isReady { stopSeen = ContinuousClock.now }
        }
    }
}
