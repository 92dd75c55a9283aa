import MultipartFormConformanceCore
import MultipartFormSystem

/// The `multipart-check` command line, as a library so it can be tested in-process.
///
/// ``run(arguments:standardInput:stdout:stderr:)`` does all the work and returns the exit status;
/// ``main(arguments:)`` wires it to the process's standard streams. Nothing below calls `exit` or
/// `print`.
public enum MultipartCheck {
    /// The version printed by `--version`.
    public static let version = "0.1.0"

    /// The command's name as shown in help and error messages.
    public static let commandName = "multipart-check"

    /// Runs the command with the process's standard streams and returns the exit status.
    ///
    /// When standard output cannot be written (a full disk, `/dev/full`), the status is 73 and one
    /// line on standard error says why, so a lost report is never taken for a verdict.
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - extensions: Subcommands the executable adds (`bench`).
    package static func main(arguments: [String], extensions: [CommandExtension] = []) -> Int32 {
        // A closed standard output must fail as closed, not let the next file or socket take its number.
        StandardDescriptors.reserve()
        #if os(macOS) || os(Linux)
        // This is the whole process: any child it did not spawn itself is one its children left behind.
        ChildProcessDescendants.ownsAllChildren = true
        #endif
        var stdout = FileDescriptorOutputStream.standardOutput
        var stderr = FileDescriptorOutputStream.standardError
        let status = run(
            arguments: arguments, extensions: extensions, standardInput: .process, stdout: &stdout, stderr: &stderr,
            stdoutIsTerminal: TerminalStyle.isTerminal(stdout.fileDescriptor))
        // A report that did not reach its reader is not a result: say so, whatever the verdict was.
        if let failure = stdout.failure {
            stderr.write("error: cannot write to standard output: \(failure)\n")
            return ExitCode.cannotCreate
        }
        return status
    }

    /// Runs the command on the given arguments (without the program name) and returns the exit status.
    ///
    /// Results go to `stdout`; usage errors and unreadable inputs go to `stderr`. A `-` file reads
    /// `standardInput`. `encode` writes the body it builds to `output` unless told to write a file.
    /// `stdoutIsTerminal` says whether `stdout` is a terminal, for `--color auto`; in-process callers leave it `false`.
    package static func run(
        arguments: [String], extensions: [CommandExtension] = [], standardInput: StandardInput = .process, output: BinaryOutput = .standardOutput,
        stdout: inout some TextOutputStream, stderr: inout some TextOutputStream, stdoutIsTerminal: Bool = false
    ) -> Int32 {
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments, extensions: extensions)
        } catch {
            stderr.write(error.rendered())
            return ExitCode.usage
        }
        switch invocation {
        case .help(let command):
            stdout.write(HelpRenderer.help(for: command))
            return ExitCode.success
        case .version:
            // Without its corpus the tool cannot certify: an install check that runs --version fails.
            let corpus = CorpusLocation.versionLine()
            stdout.write(version + "\n" + corpus.text + "\n")
            return corpus.found ? ExitCode.success : ExitCode.noInput
        case .validate(let command):
            return command.run(
                standardInput: standardInput, stdout: &stdout, stderr: &stderr, stdoutIsTerminal: stdoutIsTerminal)
        case .encode(let command):
            return command.run(standardInput: standardInput, output: output, stdout: &stdout, stderr: &stderr)
        case .rules(let command):
            return command.run(stdout: &stdout)
        case .explain(let command):
            return command.run(stdout: &stdout, stderr: &stderr)
        case .explainRefusal(let refusal):
            stdout.write(refusal.rendered)
            return ExitCode.success
        case .vectorsList(let command):
            return command.run(stdout: &stdout, stderr: &stderr)
        case .vectorsCheck(let command):
            return command.run(stdout: &stdout, stderr: &stderr)
        case .vectorsNew(let command):
            return command.run(standardInput: standardInput, stdout: &stdout, stderr: &stderr)
        case .certify(let command):
            return LeftoverChildren.cleaningUp(stderr: &stderr) { stderr in command.run(stdout: &stdout, stderr: &stderr) }
        case .reportMerge(let command):
            return command.run(stdout: &stdout, stderr: &stderr)
        case .serve(let command):
            // Each comparison ends what its drivers left when it ends; what is left at the stop (a
            // comparison the stop cut short, an orphan that cleared its environment) goes then.
            return LeftoverChildren.cleaningUp(stderr: &stderr, stopsOnSignals: true) { stderr in
                command.run(stdout: &stdout, stderr: &stderr, stdoutIsTerminal: stdoutIsTerminal)
            }
        #if os(macOS) || os(Linux)
        case .compare(let command):
            return LeftoverChildren.cleaningUp(stderr: &stderr) { stderr in
                command.run(standardInput: standardInput, stdout: &stdout, stderr: &stderr, stdoutIsTerminal: stdoutIsTerminal)
            }
        #endif
        case .extended(let command):
            return command.run(stdout: &stdout, stderr: &stderr)
        }
    }
}

/// The exit statuses of `multipart-check`, following `sysexits.h` for usage and input errors.
public enum ExitCode {
    /// Every body conforms, or a help, catalog or explanation was printed.
    public static let success: Int32 = 0
    /// At least one body does not conform (has an error, or a warning under `--warnings-as-errors`), or
    /// `encode` found the boundary inside a file.
    public static let failure: Int32 = 1
    /// The command line was wrong (`EX_USAGE`).
    public static let usage: Int32 = 64
    /// The input was read but its data cannot be used as asked (`EX_DATAERR`): reports of different corpora.
    public static let dataError: Int32 = 65
    /// An input could not be read: missing file, directory, permission (`EX_NOINPUT`).
    public static let noInput: Int32 = 66
    /// A service the command needs is missing (`EX_UNAVAILABLE`): `compare` found no installed parser.
    public static let unavailable: Int32 = 69
    /// An output file could not be created or written (`EX_CANTCREAT`).
    public static let cannotCreate: Int32 = 73
    /// The run's overall deadline passed before all its work was done (`EX_TEMPFAIL`): `compare
    /// --deadline` stopped with bodies left to compare, and reported what it did compare.
    public static let deadlinePassed: Int32 = 75
}
