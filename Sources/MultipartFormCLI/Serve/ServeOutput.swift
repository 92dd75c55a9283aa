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
    /// ``grace`` in words.
    static var graceText: String {
        let seconds = grace.components.seconds
        return "\(seconds) second\(seconds == 1 ? "" : "s")"
    }

    /// `standard output` for descriptor 1, `standard error` for 2.
    static func name(_ descriptor: Int32) -> String {
        switch descriptor {
        case 1: "standard output"
        case 2: "standard error"
        default: "descriptor \(descriptor)"
        }
    }

    /// The server's stop pipe (read end): readable once a stop is requested, and never emptied.
    let stopDescriptor: Int32
    private var stopSeen: ContinuousClock.Instant?
    /// Why output was lost, once it has been, as a sentence for standard error: a failed write
    /// (`cannot write to standard output: no space left on device; serve stopped`), or a reader
    /// that did not read in time after a stop.
    private(set) var failure: String?
    /// The descriptor that was lost, once one has been.
    private(set) var failedDescriptor: Int32?

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
                    lose(descriptor, "cannot write to \(Self.name(descriptor)): \(count == 0 ? "it takes no bytes" : SystemCalls.lastError())")
                    return false
                }
            }
            return true
        }
    }

    /// Records the first loss; a loss before any stop request stops the server, and says so.
    private mutating func lose(_ descriptor: Int32, _ reason: String) {
        guard failure == nil else { return }
        failure = reason + (stopSeen == nil ? "; serve stopped" : "")
        failedDescriptor = descriptor
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
                    lose(descriptor, "\(Self.name(descriptor)) was not read for \(Self.graceText) after serve was asked to stop; the rest of the output was dropped")
                    return false
                }
                timeout = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000) + 1
            }
            if case .failed(let reason) = DescriptorPoll.wait(&watches, timeout: timeout) {
                lose(descriptor, "cannot wait for \(Self.name(descriptor)) to take bytes: \(reason)")
                return false
            }
            if watches[0].isReady { return true }  // writable, or an error the write will report
            if watches.count > 1 && watches[1].isReady { stopSeen = ContinuousClock.now }
        }
    }
}
