import Foundation
import MultipartFormTestSupport
import Testing

/// The built `multipart-check certify` as a process: nothing its command starts outlives it, even
/// outside the command's process group, whether the run ends or is interrupted (Linux).
@Suite(
    .ownThread,
    .enabled(if: EndToEndTests.executable != nil, "multipart-check was not found next to the test bundle; build it with `swift build`"),
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat") && FileManager.default.fileExists(atPath: "/usr/bin/setsid"))
)
struct CertifyDescendantsTests {
    @Test func certifyKillsWhatItsCommandLeftEvenWithoutItsEnvironment() throws {
        // The built binary owns all its children: a process that left the group and cleared its
        // environment is still found, as an orphan the subreaper adopted.
        let directory = try TemporaryDirectory()
        let encoder = try CertifyFastLoopTests.leavingEncoder(in: directory, start: "setsid env -i")
        let executable = try #require(EndToEndTests.executable)
        let process = try TestProcess.Running(
            [executable.path, "certify", "--vector", "quoting/i-*", "--jobs", "1", "--", "/bin/sh", encoder.script],
            standardError: .pipe)
        let stderr = String(decoding: process.readToEnd(process.standardError!), as: UTF8.self)
        process.waitForExit()
        let left = try CertifyFastLoopTests.stillRunning(encoder.pids)
        for pid in left { TestProcess.send(.kill, to: pid) }
        #expect(left.isEmpty, "\(left.count) processes outlived certify")
        #expect(stderr.contains("note: killed 4 processes the command left running outside its process group"), "\(stderr)")
    }

    @Test func anInterruptedRunKillsWhatItsCommandLeftToo() throws {
        let directory = try TemporaryDirectory()
        let pids = directory.url.appendingPathComponent("pids").path
        // Records its own pid, leaves a process behind (which records its pid), then takes its time
        // over the answer.
        let script = try directory.write(
            Array(
                "#!/bin/sh\necho $$ >> \"\(pids)\"\ncat >/dev/null\nsetsid /bin/sh -c 'echo $$ >> \"\(pids)\"; exec /bin/sleep 300' </dev/null >/dev/null 2>&1 &\nsleep 30\n".utf8),
            named: "slow.sh")
        let executable = try #require(EndToEndTests.executable)
        let process = try TestProcess.Running([executable.path, "certify", "--jobs", "1", "--timeout", "3", "--", "/bin/sh", script])
        // The probe's child, then the first vector's child and what it left behind.
        _ = eventually(within: 10) {
            ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").count >= 4
        }
        process.send(.interrupt)
        guard let status = process.waitForExit(within: 10) else {
            process.send(.kill)
            for pid in (try? CertifyFastLoopTests.stillRunning(pids)) ?? [] { TestProcess.send(.kill, to: pid) }
            Issue.record("certify did not end within 10 s of SIGINT")
            return
        }
        #expect(process.terminatingSignal == .interrupt, "certify ended with wait status \(status), not by SIGINT")
        let left = try CertifyFastLoopTests.stillRunning(pids)
        let described = left.map { pid in
            (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "?"
        }
        let all = (try? String(contentsOfFile: pids, encoding: .utf8)) ?? ""
        for pid in left { TestProcess.send(.kill, to: pid) }
        #expect(left.isEmpty, "\(left.count) processes outlived the interrupted certify: \(described) of \(all)")
    }
}
