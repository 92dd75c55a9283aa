import MultipartForm
import MultipartFormConformanceCore
import MultipartFormSystem

/// `multipart-check serve`: a local HTTP/1.1 server that validates every multipart request as it
/// streams in, prints the findings as `validate` does, and answers the client with the report.
struct ServeCommand {
    var configuration = ServeConfiguration()

    /// Serves until SIGINT, SIGTERM or SIGHUP (or until standard output cannot be written), then
    /// prints the totals; returns 0, or 73 when the address cannot be bound or output was lost
    /// (including output not read within ``ServeOutput/grace`` of a stop).
    func run(
        stdout: inout some TextOutputStream, stderr: inout some TextOutputStream, stdoutIsTerminal: Bool
    ) -> Int32 {
        var configuration = self.configuration
        configuration.style = TerminalStyle.resolve(configuration.shared.color, outputIsTerminal: stdoutIsTerminal)
        if let directory = configuration.saveDirectory, !FileSystem.isDirectory(directory) {
            stderr.write("error: --save: '\(VisibleBytes.escape(directory))' is not a directory\n")
            return ExitCode.cannotCreate
        }
        // Every connection needs a descriptor: past the process's limit, accept fails while clients
        // wait, so a limit too low for --max-connections is raised now, or refused.
        if let limit = SystemCalls.openFileLimit(), limit.soft < configuration.descriptorsNeeded,
            !SystemCalls.raiseOpenFileLimit(to: configuration.descriptorsNeeded)
        {
            let each = configuration.saveDirectory == nil ? "a socket" : "a socket, a capture file and its directory"
            stderr.write(
                "error: --max-connections \(configuration.maxConnections) needs \(configuration.descriptorsNeeded) open files (\(each) per connection, and \(ServeConfiguration.descriptorReserve) more), but this process may open at most \(limit.hard) (ulimit -n); lower --max-connections or raise the limit\n"
            )
            return ExitCode.usage
        }
        let server: ServeServer
        do throws(ServeServer.StartError) {
            server = try ServeServer(configuration: configuration)
        } catch {
            stderr.write("error: \(error.message)\n")
            return ExitCode.cannotCreate
        }
        // Before anything that starts a child or says the server listens: a stop signal from then
        // on stops it (at once, if it came before the loop), never ends it by the default action.
        StopSignals.install(writingTo: server.stopDescriptor)
        defer { StopSignals.uninstall() }
        #if os(macOS) || os(Linux)
        if !configuration.parserIDs.isEmpty {
            do throws(ServeComparison.UnavailableError) {
                try server.comparison.check(configuration.parserIDs)
            } catch {
                stderr.write("error: \(VisibleBytes.escape(error.message))\n")
                return error.exitCode
            }
        }
        #endif
        if !server.isLoopback {
            stderr.write(
                "warning: listening on \(server.address), not on loopback: anyone who can reach this machine can send requests to it. serve is a development tool; do not leave it running on a shared network.\n"
            )
        }
        let page = configuration.pageHistory > 0 ? "; each request as it is validated: http://\(server.address)/_/" : ""
        stderr.write("multipart-check serve: listening on http://\(server.address)/ (Ctrl-C to stop)\(page)\n")
        // The process's own outputs are written through ServeOutput, so a reader who stops reading
        // cannot keep a stop request from ending the server; in-process callers' streams take text as is.
        var output = ServeOutput(stopDescriptor: server.stopReadDescriptor)
        let descriptors = (stdout as? FileDescriptorOutputStream, stderr as? FileDescriptorOutputStream)
        func emit(_ text: String, error: Bool) -> Bool {
            if let out = descriptors.0, let err = descriptors.1 {
                return output.write(text, to: error ? err.fileDescriptor : out.fileDescriptor)
            }
            if error { stderr.write(text) } else { stdout.write(text) }
            if let stream = stdout as? FileDescriptorOutputStream, stream.failure != nil { return false }
            return true
        }
        var outputLost = false
        let totals = server.run { line in
            let written: Bool
            switch line {
            case .standardOutput(let text): written = emit(text, error: false)
            case .standardError(let text): written = emit(text, error: true)
            }
            if !written { outputLost = true }
            return written
        }
        if !outputLost {
            switch configuration.format {
            case .text: outputLost = !emit("\n" + ServeLog.totals(totals), error: false)
            case .json: outputLost = !emit(ServeLog.totals(totals), error: true)
            }
        }
        guard outputLost else { return ExitCode.success }
        // Why, on standard error, unless that is what was lost: the status alone would leave a
        // script guessing, and the reason is known.
        if let failure = output.failure, let err = descriptors.1, output.failedDescriptor != err.fileDescriptor {
            // A writer of its own, bounded by the same grace: the first one writes nothing after a loss.
            var last = ServeOutput(stopDescriptor: server.stopReadDescriptor)
            _ = last.write("error: \(failure)\n", to: err.fileDescriptor)
        } else if descriptors.1 == nil, let stream = stdout as? FileDescriptorOutputStream, let failure = stream.failure {
            stderr.write("error: cannot write to standard output: \(failure); serve stopped\n")
        }
        return ExitCode.cannotCreate
    }
}
