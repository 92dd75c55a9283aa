#if os(macOS) || os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The state of one running child: its descriptors, what it wrote, and one `poll` loop until it exits.
struct ChildProcessSession {
    let pid: pid_t
    let input: [UInt8]
    var written = 0
    var inputDescriptor: Int32
    var outputDescriptor: Int32
    var errorDescriptor: Int32
    let outputLimit: Int
    let deadline: ContinuousClock.Instant
    let drainAfterExit: Duration
    var output: [UInt8] = []
    var errors: [UInt8] = []

    /// How much of the child's standard error is kept: its end, where the reason for a failure usually is.
    static let standardErrorTail = 64 * 1024

    init(
        pid: pid_t, input: [UInt8], inputDescriptor: Int32, outputDescriptor: Int32, errorDescriptor: Int32,
        outputLimit: Int, deadline: ContinuousClock.Instant, drainAfterExit: Duration
    ) {
        self.pid = pid
        self.input = input
        self.inputDescriptor = inputDescriptor
        self.outputDescriptor = outputDescriptor
        self.errorDescriptor = errorDescriptor
        self.outputLimit = outputLimit
        self.deadline = deadline
        self.drainAfterExit = drainAfterExit
        for descriptor in [inputDescriptor, outputDescriptor, errorDescriptor] where descriptor >= 0 {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        if input.isEmpty { closeInput() }
        // Room for the whole allowed output up front (pages are only touched as bytes arrive), so the
        // buffer never doubles past the limit while it grows: memory stays at what was written.
        output.reserveCapacity(min(outputLimit, Self.reservedOutputLimit) + Self.readSize)
    }

    /// The most output room reserved before the child writes; larger limits grow as bytes arrive.
    static let reservedOutputLimit = 64 * 1024 * 1024
    /// Bytes read from a descriptor at a time.
    static let readSize = 64 * 1024
    /// Reads of each output once the drain after exit is over: more than a socket's buffer holds,
    /// so all the child wrote is read, yet a grandchild that keeps writing cannot hold the run.
    static let finalReads = 64

    /// Feeds the input and collects the outputs until the child exits (or the deadline or a limit is passed), then reaps it.
    mutating func run() -> ChildProcess.Outcome {
        var timedOut = false
        var limitReached = false
        var ended: (termination: ChildProcess.Termination, peakResidentBytes: Int)?
        var drainUntil: ContinuousClock.Instant?
        while outputDescriptor >= 0 || errorDescriptor >= 0 {
            if ended == nil, let reaped = ChildProcess.reap(pid, wait: false) {
                // The child is gone; what it wrote is already in the sockets. Read it, but do not wait
                // for end of file, which a grandchild holding the descriptors may never give.
                ended = reaped
                drainUntil = ContinuousClock.now + drainAfterExit
            }
            let limit = drainUntil ?? deadline
            let remaining = ChildProcess.milliseconds(until: limit)
            if remaining <= 0 {
                // What the child wrote before it exited is in the sockets, however late this thread
                // got here (a loaded machine may not run it for longer than the drain lasts).
                if drainUntil == nil { timedOut = true } else { limitReached = !readBuffered() }
                break
            }
            var descriptors: [pollfd] = []
            if inputDescriptor >= 0 && ended == nil {
                descriptors.append(pollfd(fd: inputDescriptor, events: Int16(POLLOUT), revents: 0))
            }
            if outputDescriptor >= 0 { descriptors.append(pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0)) }
            if errorDescriptor >= 0 { descriptors.append(pollfd(fd: errorDescriptor, events: Int16(POLLIN), revents: 0)) }
            // Wake often enough to notice the child's exit while a grandchild keeps the outputs open.
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(remaining, 50)))
            if ready < 0 && errno != EINTR { break }
            var progressed = false
            for entry in descriptors where entry.revents != 0 {
                progressed = true
                if entry.fd == inputDescriptor {
                    writeInput()
                } else if entry.fd == outputDescriptor {
                    if !drain(&outputDescriptor, into: &output) { limitReached = true }
                } else if entry.fd == errorDescriptor {
                    // Standard error is for people: its last part is kept, and it never ends the run.
                    _ = drain(&errorDescriptor, into: &errors, limit: .max, keepingTail: Self.standardErrorTail)
                }
            }
            if limitReached { break }
            if ended != nil && !progressed { break }  // exited, and nothing more to read
        }
        closeInput()
        if ended == nil && !timedOut && !limitReached {
            // Both outputs are closed; give the child until the deadline to exit.
            while ended == nil {
                ended = ChildProcess.reap(pid, wait: false)
                if ended != nil { break }
                if ChildProcess.milliseconds(until: deadline) <= 0 {
                    timedOut = true
                    break
                }
                usleep(2000)
            }
        }
        // Whatever is left of the group (the child itself, or grandchildren it left behind) goes.
        kill(-pid, SIGKILL)
        if ended == nil {
            kill(pid, SIGKILL)
            ended = ChildProcess.reap(pid, wait: true) ?? (.signaled(SIGKILL), 0)
        }
        SystemCalls.closeAll([outputDescriptor, errorDescriptor])
        if errors.count > Self.standardErrorTail { errors.removeFirst(errors.count - Self.standardErrorTail) }
        return ChildProcess.Outcome(
            termination: ended!.termination, standardOutput: output, standardError: errors, timedOut: timedOut,
            outputLimitReached: limitReached, peakResidentBytes: ended!.peakResidentBytes)
    }

    /// Reads what the outputs hold now, without waiting; `false` when standard output passed its limit.
    private mutating func readBuffered() -> Bool {
        var withinLimit = true
        if outputDescriptor >= 0 { withinLimit = drain(&outputDescriptor, into: &output, readsAtMost: Self.finalReads) }
        if errorDescriptor >= 0 {
            _ = drain(&errorDescriptor, into: &errors, limit: .max, keepingTail: Self.standardErrorTail, readsAtMost: Self.finalReads)
        }
        return withinLimit
    }

    private mutating func writeInput() {
        while written < input.count {
            let count = input.withUnsafeBytes { raw in
                SystemCalls.sendWithoutSignal(inputDescriptor, raw.baseAddress! + written, raw.count - written)
            }
            if count > 0 {
                written += count
                continue
            }
            if count < 0 && SystemCalls.lastCallWouldBlock { return }
            break  // EPIPE, ECONNRESET: the child stopped reading.
        }
        closeInput()
    }

    private mutating func closeInput() {
        if inputDescriptor >= 0 {
            SystemCalls.close(inputDescriptor)
            inputDescriptor = -1
        }
    }

    /// Reads what is available; closes at end of file. Returns `false` when the limit is passed.
    ///
    /// With `keepingTail`, only the last that many bytes are kept (trimmed as they come, so a child
    /// writing faster than it is read cannot grow the buffer). With `readsAtMost`, it stops after
    /// that many reads, the descriptor still open.
    private func drain(
        _ descriptor: inout Int32, into buffer: inout [UInt8], limit: Int? = nil, keepingTail tail: Int? = nil,
        readsAtMost: Int = .max
    ) -> Bool {
        let limit = limit ?? outputLimit
        var chunk = [UInt8](repeating: 0, count: Self.readSize)
        for _ in 0..<readsAtMost {
            let count = chunk.withUnsafeMutableBytes { SystemCalls.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer += chunk[0..<count]
                if let tail, buffer.count > 2 * tail { buffer.removeFirst(buffer.count - tail) }
                if buffer.count > limit { return false }
                continue
            }
            if count < 0 && SystemCalls.lastCallWouldBlock { return true }
            SystemCalls.close(descriptor)
            descriptor = -1
            return true
        }
        return true
    }
}
#endif
