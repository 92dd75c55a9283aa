#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MultipartForm
import MultipartFormConformanceCore

/// `multipart-check serve`: a local HTTP/1.1 server that validates every multipart request as it
/// streams in, prints the findings as `validate` does, and answers the client with the report.
struct ServeCommand {
    var configuration = ServeConfiguration()
    /// When text output is coloured.
    var color: TerminalStyle.Choice = .auto

    /// Serves until SIGINT or SIGTERM (or until standard output cannot be written), then prints the
    /// totals; returns 0, or 73 when the address cannot be bound or the output is gone.
    func run(
        stdout: inout some TextOutputStream, stderr: inout some TextOutputStream, stdoutIsTerminal: Bool
    ) -> Int32 {
        var configuration = self.configuration
        configuration.style = TerminalStyle.resolve(color, outputIsTerminal: stdoutIsTerminal)
        if let directory = configuration.saveDirectory, !FileSystem.isDirectory(directory) {
            stderr.write("error: --save: '\(VisibleBytes.escape(directory))' is not a directory\n")
            return ExitCode.cannotCreate
        }
        let server: ServeServer
        do throws(ServeSocket.Error) {
            server = try ServeServer(configuration: configuration)
        } catch {
            stderr.write("error: \(error.message)\n")
            return ExitCode.cannotCreate
        }
        if !ServeSocket.isLoopback(configuration.host) {
            stderr.write(
                "warning: listening on \(server.address), not on loopback: anyone who can reach this machine can send requests to it. serve is a development tool; do not leave it running on a shared network.\n"
            )
        }
        stderr.write("multipart-check serve: listening on http://\(server.address)/ (Ctrl-C to stop)\n")
        ServeSignals.install(wakeDescriptor: server.wakeDescriptor)
        defer { ServeSignals.uninstall() }
        var outputLost = false
        let totals = server.run(stopRequested: { ServeSignals.stopRequested != 0 }) { line in
            switch line {
            case .standardOutput(let text): stdout.write(text)
            case .standardError(let text): stderr.write(text)
            }
            if let stream = stdout as? FileDescriptorOutputStream, stream.failure != nil {
                outputLost = true
                return false
            }
            return true
        }
        if outputLost { return ExitCode.cannotCreate }
        switch configuration.format {
        case .text: stdout.write("\n" + ServeLog.totals(totals))
        case .json: stderr.write(ServeLog.totals(totals))
        }
        return ExitCode.success
    }
}

/// The handlers that turn SIGINT and SIGTERM into a clean stop: the first one wakes the server's
/// loop (through its pipe, which is all a handler may touch) and restores the default, so a second
/// Ctrl-C ends the process at once.
enum ServeSignals {
    nonisolated(unsafe) private static var descriptor: Int32 = -1

    static func install(wakeDescriptor: Int32) {
        descriptor = wakeDescriptor
        stopRequested = 0
        for number in [SIGINT, SIGTERM] {
            _ = SystemCalls.setSignalHandler(number, ServeSignals.handle)
        }
    }

    static func uninstall() {
        for number in [SIGINT, SIGTERM] { _ = SystemCalls.setSignalHandler(number, SIG_DFL) }
        descriptor = -1
    }

    /// Sets ``stopRequested`` and wakes the server's loop with a byte on its pipe.
    private static let handle: @convention(c) (Int32) -> Void = { number in
        _ = SystemCalls.setSignalHandler(number, SIG_DFL)
        stopRequested = 1
        var byte: UInt8 = 1
        _ = write(ServeSignals.descriptor, &byte, 1)
    }

    /// Set by the handler; the server's loop checks it after every wake-up.
    nonisolated(unsafe) static var stopRequested: sig_atomic_t = 0
}
