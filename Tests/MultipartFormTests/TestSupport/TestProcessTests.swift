import Foundation
import MultipartFormTestSupport
import Testing

/// The tests' one process runner survives the races that can end a test run: a child that exits
/// before reading its input, a child that fills one output while the other is waited on, a hang.
@Suite(.ownThread) struct TestProcessTests {
    /// More than any pipe or socket buffer holds, so the runner is still writing when the child exits.
    static let largeInput = [UInt8](repeating: UInt8(ascii: "a"), count: 4 * 1024 * 1024)

    @Test func aChildThatExitsBeforeReadingItsInputGivesItsStatusNotASignal() throws {
        // Without the runner's socket, the write into a pipe with no reader raises SIGPIPE here and
        // the whole test process dies with signal 13.
        for _ in 0..<20 {
            let result = try TestProcess.run(["/bin/sh", "-c", "exit 3"], stdin: Self.largeInput)
            #expect(result.status == 3)
            #expect(result.signal == nil)
        }
    }

    @Test func bothOutputsAreReadAtOnce() throws {
        // 1 MiB on each output: a runner that read standard output to its end before standard error
        // would wait forever on a child blocked writing to a full standard error.
        let script = "head -c 1048576 /dev/zero >&2; head -c 1048576 /dev/zero"
        let result = try TestProcess.run(["/bin/sh", "-c", script], timeout: 60)
        #expect(!result.timedOut)
        #expect(result.stdoutBytes.count == 1_048_576)
        #expect(result.stderrBytes.count == 64 * 1024, "standard error keeps its last 64 KiB")
    }

    @Test func aChildThatHangsIsKilledAtTheDeadline() throws {
        let result = try TestProcess.run(["/bin/sleep", "30"], timeout: 0.5)
        #expect(result.timedOut)
        #expect(result.signal == SIGKILL)
        #expect(result.status == 128 + SIGKILL)
    }

    @Test func argumentsDirectoryAndEnvironmentReachTheChild() throws {
        let directory = try TemporaryDirectory()
        let raw: [UInt8] = Array("caf".utf8) + [0xE9]
        let result = try TestProcess.run(
            rawArguments: [Array("/bin/sh".utf8), Array("-c".utf8), Array(#"pwd; printf '%s\n' "$0"; echo "${KEPT-unset} ${GONE-unset}" >&2"#.utf8), raw],
            environment: ["KEPT": "yes", "HOME": nil, "GONE": nil], directory: directory.path, mergingStandardError: true)
        #expect(result.status == 0, "\(result.transcript)")
        let lines = result.stdoutBytes.split(separator: UInt8(ascii: "\n")).map(Array.init)
        #expect(lines.count == 3, "\(result.transcript)")
        #expect(lines.first.map { String(decoding: $0, as: UTF8.self).hasSuffix(directory.url.lastPathComponent) } == true)
        #expect(lines.dropFirst().first == raw)
        #expect(lines.last == Array("yes unset".utf8))
    }

    @Test func aChildCarriesNoMarkerForACommandsCleanUpToFind() throws {
        // `certify` run in the test process kills every process carrying that process's marker that
        // it did not start: a test's child (and the compiler under `swift package`) must not be one.
        let result = try TestProcess.run(["/bin/sh", "-c", "echo ${MULTIPART_CHECK_RUN-unmarked}"])
        #expect(result.stdout == "unmarked\n")
    }

    @Test func aProgramThatIsNotThereIsALaunchFailure() {
        #expect(throws: TestProcess.LaunchFailure.self) {
            try TestProcess.run(["/nonexistent/program"])
        }
    }
}
