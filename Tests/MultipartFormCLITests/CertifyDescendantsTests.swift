import Foundation
import MultipartFormTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        let process = Process()
        process.executableURL = EndToEndTests.executable
        process.arguments = ["certify", "--vector", "quoting/i-*", "--jobs", "1", "--", "/bin/sh", encoder.script]
        process.standardOutput = FileHandle.nullDevice
        let error = Pipe()
        process.standardError = error
        try process.run()
        let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let left = try CertifyFastLoopTests.stillRunning(encoder.pids)
        for pid in left { kill(pid, SIGKILL) }
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
        let process = Process()
        process.executableURL = EndToEndTests.executable
        process.arguments = ["certify", "--jobs", "1", "--timeout", "3", "--", "/bin/sh", script]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        // The probe's child, then the first vector's child and what it left behind.
        while ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").count < 4, Date() < deadline {
            usleep(50_000)
        }
        kill(process.processIdentifier, SIGINT)
        // Foundation does not always reap a child that a signal ended while the test runs: read its
        // state instead, a zombie once it has ended, with its wait status last in /proc/<pid>/stat.
        let stat = "/proc/\(process.processIdentifier)/stat"
        var state: [Substring] = []
        for _ in 0..<200 {
            state = ((try? String(contentsOfFile: stat, encoding: .utf8)) ?? "").split(separator: ")").last?.split(separator: " ") ?? []
            if state.first != "S" && state.first != "R" && state.first != "D" { break }
            usleep(50_000)
        }
        guard state.isEmpty || state.first == "Z" else {
            kill(process.processIdentifier, SIGKILL)
            for pid in (try? CertifyFastLoopTests.stillRunning(pids)) ?? [] { kill(pid, SIGKILL) }
            Issue.record("certify did not end within 10 s of SIGINT")
            return
        }
        if let status = state.last.flatMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
            #expect(status & 0x7F == SIGINT, "certify ended with wait status \(status), not by SIGINT")
        }
        let left = try CertifyFastLoopTests.stillRunning(pids)
        let described = left.map { pid in
            (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "?"
        }
        let all = (try? String(contentsOfFile: pids, encoding: .utf8)) ?? ""
        for pid in left { kill(pid, SIGKILL) }
        #expect(left.isEmpty, "\(left.count) processes outlived the interrupted certify: \(described) of \(all)")
    }
}
