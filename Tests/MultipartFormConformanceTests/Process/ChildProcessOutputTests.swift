import Foundation
import MultipartFormConformanceCore
import MultipartFormSystem
import Testing

/// A child's output is read whole once it exits, however late the reading thread gets to it.
@Suite struct ChildProcessOutputTests {
    @Test func whatAChildWroteBeforeItExitedIsReadWithNoTimeLeftToDrain() async throws {
        // With no drain after exit, each run stands for one whose thread a loaded machine did not
        // schedule until the drain was over. Many at once on few cores: a child often exits with its
        // last writes still in the socket, and all of them must arrive.
        let lengths = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<12 {
                group.addTask {
                    try (0..<10).map { _ in
                        let outcome = try ChildProcess.run(
                            ["/bin/sh", "-c", "head -c 300000 /dev/zero; printf end"], until: .now + .seconds(30), drainAfterExit: .zero)
                        return outcome.termination == .exited(0) && outcome.standardOutput.suffix(3) == Array("end".utf8)
                            ? outcome.standardOutput.count : -outcome.standardOutput.count
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let short = lengths.filter { $0 != 300_003 }
        #expect(lengths.count == 120)
        #expect(short.isEmpty, "\(short.count) of \(lengths.count) outputs came short: \(short.prefix(5)) bytes")
    }
}
