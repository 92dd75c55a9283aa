import MultipartForm
import MultipartFormSystem

/// The `serve` server: a listening socket, a thread that accepts connections, one thread per
/// connection, and the caller's thread writing every thread's output in the order it was made.
///
/// ``run(write:)`` runs on the caller's thread until ``stop()`` (from any thread, or from a signal
/// handler through ``stopDescriptor``); then it stops accepting, ends every open connection, waits
/// for their threads and returns the totals.
final class ServeServer: @unchecked Sendable {
    /// A line of output and where it goes.
    enum Output: Equatable {
        case standardOutput(String)
        case standardError(String)
    }

    /// The requests served, by outcome.
    struct Totals: Equatable {
        var requests = 0
        var conforming = 0
        var notConforming = 0
        /// Answered with an error status without being validated (bad head, too large, timed out).
        var refused = 0
        /// Ended by the client before the body did.
        var incomplete = 0
        /// Requests without a body, answered with how to use the server.
        var withoutBody = 0
        /// Connections answered 503 because too many were open (in all, or from their client).
        var connectionsRefused = 0
    }

    /// How a request ended, for the totals.
    enum Outcome {
        case conforming, notConforming, refused, incomplete, withoutBody
    }

    let configuration: ServeConfiguration
    /// The address listened on, `host:port`.
    let address: String
    /// The port listened on (the one picked, when 0 was asked for).
    let port: Int
    /// Whether the address listened on is a loopback one, which only this machine can reach.
    let isLoopback: Bool
    /// The most connections one peer address may hold at once.
    let clientConnectionLimit: Int
    /// Written to (one byte) to wake ``run(write:)`` for new output.
    let wakeDescriptor: Int32
    /// Written to (one byte) to stop the server: by ``stop()``, or by a signal handler. It is never
    /// emptied, so once a stop is requested its read end (``stopReadDescriptor``) stays readable
    /// for every wait that watches it, output included (``ServeOutput``).
    let stopDescriptor: Int32
    /// The stop pipe's read end.
    let stopReadDescriptor: Int32
    /// The last requests, for the live page; `nil` when the page is off.
    let history: ServeHistory?
    #if os(macOS) || os(Linux)
    /// Real parsers' readings, for `--parser` and the page's comparison.
    let comparison: ServeComparison
    #endif
    /// The time every saved capture's name starts with, so a later run never overwrites one.
    let runLabel: String

    private let listener: Int32
    /// Closes refused connections so that their answer arrives.
    private let lingeringClose = LingeringClose()
    /// An open descriptor held in reserve: when accept fails for want of descriptors, it is closed
    /// so the waiting client can be accepted and answered 503, then opened again.
    private var spare: Int32
    private let wakeReader: Int32
    /// The accept thread's own wake-up pipe: one byte tells it to stop.
    private let acceptWakeReader: Int32
    private let acceptWakeWriter: Int32

    private struct Shared {
        var output: [Output] = []
        var outputBytes = 0
        var droppedLines = 0
        var connections: Set<Int32> = []
        /// The peer address (without its port) of each accepted connection, and how many each holds.
        var peers: [Int32: String] = [:]
        var connectionsByPeer: [String: Int] = [:]
        var totals = Totals()
        var nextRequest = 1
        var stopping = false
    }
    private let shared = LockedValue(Shared())

    /// Why the server could not start: the address cannot be listened on, or the wake-up pipes
    /// cannot be made.
    struct StartError: Swift.Error {
        /// The message, such as `cannot listen on 127.0.0.1 port 80: permission denied`.
        var message: String
    }

    /// Binds the listening socket; nothing is accepted before ``run(write:)``.
    ///
    /// `listening: false` makes a server that only serves connections handed to it (``ServeReplay``).
    init(configuration: ServeConfiguration, listening: Bool = true) throws(StartError) {
        self.configuration = configuration
        history = configuration.pageHistory > 0 ? ServeHistory(capacity: configuration.pageHistory) : nil
        #if os(macOS) || os(Linux)
        comparison = ServeComparison(interopOption: configuration.interopDirectory)
        #endif
        if listening {
            let listening = try Self.listen(host: configuration.host, port: configuration.port)
            listener = listening.descriptor
            address = listening.address
            port = ListeningSocket.port(of: listening.address)
            isLoopback = ListeningSocket.isLoopback(listening.descriptor)
        } else {
            listener = -1
            address = "none"
            port = 0
            isLoopback = true
        }
        var pipes: [(reading: Int32, writing: Int32)] = []
        while pipes.count < 3 {
            guard let made = NonBlockingPipe.make() else {
                let reason = SystemCalls.lastError()
                SystemCalls.closeAll(pipes.flatMap { [$0.reading, $0.writing] } + [listener])
                throw StartError(message: "cannot make the wake-up pipes: \(reason)")
            }
            pipes.append(made)
        }
        wakeReader = pipes[0].reading
        wakeDescriptor = pipes[0].writing
        acceptWakeReader = pipes[1].reading
        acceptWakeWriter = pipes[1].writing
        stopReadDescriptor = pipes[2].reading
        stopDescriptor = pipes[2].writing
        runLabel = Self.timeLabel()
        spare = Self.openSpare()
        clientConnectionLimit = configuration.clientConnectionLimit(loopback: isLoopback)
    }

    deinit {
        SystemCalls.closeAll([wakeReader, wakeDescriptor, acceptWakeReader, acceptWakeWriter, stopReadDescriptor, stopDescriptor, spare])
    }

    /// Asks ``run(write:)`` to stop; safe from any thread.
    func stop() {
        shared.withLock { $0.stopping = true }
        var byte: UInt8 = 1
        _ = SystemCalls.write(stopDescriptor, &byte, 1)
    }

    /// Accepts and serves connections until ``stop()`` or a byte on ``stopDescriptor``, handing
    /// every line of output to `write` (on this thread, in order); stops early when `write` returns
    /// `false` (the output is gone, or a stop came while it waited for its reader).
    ///
    /// Connections are accepted on a thread of their own, so an output that is not being read (a
    /// paused terminal, a pager) never stops the server from accepting and answering; output queued
    /// past ``outputLimit`` is dropped and counted instead of growing without bound.
    func run(write: (Output) -> Bool) -> Totals {
        var writable = true
        func drain() {
            let (lines, dropped) = shared.withLock { shared -> ([Output], Int) in
                defer {
                    shared.output.removeAll()
                    shared.outputBytes = 0
                    shared.droppedLines = 0
                }
                return (shared.output, shared.droppedLines)
            }
            for line in lines where writable {
                writable = write(line)
            }
            if dropped > 0 && writable {
                writable = write(
                    .standardError(
                        "note: \(dropped) line\(dropped == 1 ? "" : "s") of output dropped: more than \(Self.outputLimit / (1024 * 1024)) MiB waited while standard output was not being read\n"
                    ))
            }
        }
        let acceptEnded = LockedValue(false)
        let accepting =
            listener >= 0
            && DetachedThread.start { [self] in
                acceptLoop()
                acceptEnded.withLock { $0 = true }
                wake()
            }
        while writable && !isStopping {
            var watches = [DescriptorPoll.Watch(wakeReader, for: .readable), DescriptorPoll.Watch(stopReadDescriptor, for: .readable)]
            if case .failed = DescriptorPoll.wait(&watches, timeout: -1) { break }
            if watches[1].isReady { break }
            emptyWakePipe()
            drain()
        }
        // Stop: no new connection; wake every thread blocked on a client, wait for them to end.
        shared.withLock { $0.stopping = true }
        var byte: UInt8 = 1
        _ = SystemCalls.write(acceptWakeWriter, &byte, 1)
        while accepting && !acceptEnded.withLock({ $0 }) {
            var watches = [DescriptorPoll.Watch(wakeReader, for: .readable)]
            DescriptorPoll.wait(&watches, timeout: 100)
            emptyWakePipe()
            drain()
        }
        if listener >= 0 { SystemCalls.close(listener) }
        lingeringClose.closeAll()
        let open = shared.withLock { $0.connections }
        for descriptor in open { ConnectedSocket.shutDown(descriptor) }
        while shared.withLock({ !$0.connections.isEmpty }) {
            var watches = [DescriptorPoll.Watch(wakeReader, for: .readable)]
            DescriptorPoll.wait(&watches, timeout: 100)
            emptyWakePipe()
            drain()
        }
        drain()
        return shared.withLock { $0.totals }
    }

    /// The accept thread: takes connections until the stop byte arrives on its own pipe.
    private func acceptLoop() {
        var watches = [DescriptorPoll.Watch(listener, for: .readable), DescriptorPoll.Watch(acceptWakeReader, for: .readable)]
        while !isStopping {
            switch DescriptorPoll.wait(&watches, timeout: -1) {
            case .interrupted: continue
            case .failed: return
            case .ready, .timedOut: break
            }
            if watches[1].isReady { return }
            if watches[0].isReadable { acceptConnection() }
        }
    }

    /// The most output text queued for ``run(write:)``; lines past it are dropped and counted.
    static let outputLimit = 16 * 1024 * 1024

    /// Takes the output queued so far (for a server that is not running its loop).
    func takeOutput() -> [Output] {
        shared.withLock { shared in
            defer {
                shared.output.removeAll()
                shared.outputBytes = 0
            }
            return shared.output
        }
    }

    /// Registers a connection served outside the accept loop.
    func adopt(_ descriptor: Int32) {
        shared.withLock { _ = $0.connections.insert(descriptor) }
    }

    /// How many connections are open now.
    var openConnections: Int { shared.withLock { $0.connections.count } }

    /// The totals so far.
    var totals: Totals { shared.withLock { $0.totals } }

    /// Whether the server is stopping, so a connection ends after its current request.
    var isStopping: Bool { shared.withLock { $0.stopping } }

    /// Queues output for ``run(write:)``, unless ``outputLimit`` bytes already wait.
    func emit(_ line: Output) {
        let size: Int
        switch line {
        case .standardOutput(let text), .standardError(let text): size = text.utf8.count
        }
        shared.withLock { shared in
            if shared.outputBytes + size > Self.outputLimit {
                shared.droppedLines += 1
            } else {
                shared.output.append(line)
                shared.outputBytes += size
            }
        }
        wake()
    }

    /// The number the next request is shown with: `request-N`.
    func nextRequestNumber() -> Int {
        shared.withLock { shared in
            defer { shared.nextRequest += 1 }
            return shared.nextRequest
        }
    }

    /// Counts a request's outcome.
    func record(_ outcome: Outcome) {
        shared.withLock { shared in
            shared.totals.requests += 1
            switch outcome {
            case .conforming: shared.totals.conforming += 1
            case .notConforming: shared.totals.notConforming += 1
            case .refused: shared.totals.refused += 1
            case .incomplete: shared.totals.incomplete += 1
            case .withoutBody: shared.totals.withoutBody += 1
            }
        }
    }

    /// Closes a connection whose thread has finished with it; `lingering`, after reading what the
    /// client still sends for a moment (``LingeringClose``), so the last answer is not lost to a reset.
    func connectionEnded(_ descriptor: Int32, lingering: Bool = false) {
        shared.withLock { shared in
            shared.connections.remove(descriptor)
            if let peer = shared.peers.removeValue(forKey: descriptor) {
                let left = (shared.connectionsByPeer[peer] ?? 1) - 1
                shared.connectionsByPeer[peer] = left > 0 ? left : nil
            }
        }
        if lingering && !isStopping {
            lingeringClose.close(descriptor)
        } else {
            SystemCalls.close(descriptor)
        }
        wake()
    }

    private func acceptConnection() {
        let accepted: (descriptor: Int32, peer: String)
        do throws(ListeningSocket.AcceptError) {
            accepted = try ListeningSocket.accept(listener)
        } catch {
            if error.isOutOfDescriptors { refuseWithoutDescriptors() }
            return
        }
        let peer = Self.host(of: accepted.peer)
        let refusal = shared.withLock { shared -> String? in
            if shared.stopping || shared.connections.count >= configuration.maxConnections {
                return "\(configuration.maxConnections) connections are open (--max-connections)"
            }
            let held = shared.connectionsByPeer[peer] ?? 0
            if held >= clientConnectionLimit {
                return "\(held) connection\(held == 1 ? "" : "s") from \(peer) \(held == 1 ? "is" : "are") open (--max-connections-per-client)"
            }
            shared.connections.insert(accepted.descriptor)
            shared.peers[accepted.descriptor] = peer
            shared.connectionsByPeer[peer] = held + 1
            return nil
        }
        if let reason = refusal {
            refuse(accepted, reason: reason)
            return
        }
        let connection = ServeConnection(server: self, descriptor: accepted.descriptor, peer: accepted.peer)
        if !DetachedThread.start({ connection.run() }) {
            shared.withLock { $0.totals.connectionsRefused += 1 }
            ServeConnection.refuse(connection: accepted.descriptor, peer: accepted.peer, reason: "no thread could be started", on: self)
            connectionEnded(accepted.descriptor, lingering: true)
        }
    }

    /// Answers an accepted connection 503 with `reason` and closes it, counting it and saying so.
    private func refuse(_ accepted: (descriptor: Int32, peer: String), reason: String) {
        shared.withLock { $0.totals.connectionsRefused += 1 }
        ServeConnection.refuse(connection: accepted.descriptor, peer: accepted.peer, reason: reason, on: self)
        lingeringClose.close(accepted.descriptor)
    }

    /// The `Retry-After` of a 503 for too many connections: a slot frees when a request ends, so soon.
    static let retryAfterSeconds = 1

    /// The address of a peer written `host:port` or `[host]:port`, without the port: what the
    /// per-client limit counts by (`unknown` stays itself).
    static func host(of peer: String) -> String {
        guard let colon = peer.lastIndex(of: ":") else { return peer }
        let host = peer[..<colon]
        return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : String(host)
    }

    /// Accept failed for want of descriptors while a client waits (left in the queue, it would make
    /// every poll return at once): the spare is given up to accept it and answer 503, then taken again.
    private func refuseWithoutDescriptors() {
        SystemCalls.close(spare)
        spare = -1
        if let accepted = try? ListeningSocket.accept(listener) {
            refuse(accepted, reason: "no file descriptor is left (the open-file limit is reached)")
        }
        spare = Self.openSpare()
        // Without a spare, the next poll would find the client still waiting at once: pause instead of spinning.
        if spare < 0 { CurrentThread.sleep(microseconds: 10_000) }
    }

    /// Listens on `host` and `port`, with the host as the user typed it (bytes that are not
    /// printable escaped) in a failure's message.
    private static func listen(host: String, port: Int) throws(StartError) -> (descriptor: Int32, address: String) {
        do throws(ListeningSocket.Error) {
            return try ListeningSocket.listen(host: host, port: port)
        } catch {
            switch error {
            case .cannotResolve(let reason):
                throw StartError(message: "cannot resolve '\(VisibleBytes.escape(host))': \(reason)")
            case .cannotListen(let reason):
                throw StartError(message: "cannot listen on \(VisibleBytes.escape(host)) port \(port): \(reason)")
            }
        }
    }

    private static func openSpare() -> Int32 {
        SystemCalls.openForReading("/dev/null")
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = SystemCalls.write(wakeDescriptor, &byte, 1)
    }

    private func emptyWakePipe() {
        var bytes = [UInt8](repeating: 0, count: 256)
        while SystemCalls.read(wakeReader, &bytes, bytes.count) > 0 {}
    }

    /// `20261125-093015`: local time, for saved captures' names.
    private static func timeLabel() -> String {
        let now = WallClock.local()
        let two = WallClock.Fields.twoDigits
        return "\(now.year)\(two(now.month))\(two(now.day))-\(two(now.hour))\(two(now.minute))\(two(now.second))"
    }
}
