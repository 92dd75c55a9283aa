import Foundation
import MultipartFormConformanceCore
import MultipartFormSystem
import MultipartFormTestSupport
import Testing

/// The clean-up at the end of a run in someone else's process (a test, an app) kills what the
/// command left behind, never a child of that process; a scope's clean-up takes only its own.
///
/// Serialized: the run's clean-up takes every leftover that carries this process's marker, a
/// scope's included.
@Suite(.serialized, .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "needs /proc to find descendants"))
struct ChildProcessDescendantsTests {
    @Test func theCleanUpSparesAChildNotYetRegistered() throws {
        // A child carrying this process's marker that no run has registered: what another thread's
        // run looks like between its spawn and its registration, while this run ends.
        let child = try TestProcess.Running(
            ["/bin/sleep", "30"], environment: [ChildProcessDescendants.markerVariable: ChildProcessDescendants.marker])
        // The marker is in its environment once it runs sleep.
        let commandLine = URL(fileURLWithPath: "/proc/\(child.processIdentifier)/cmdline")
        _ = eventually { ((try? Data(contentsOf: commandLine)) ?? Data()).starts(with: Data("/bin/sleep".utf8)) }
        // The count is not checked: this sweep is the whole process's, and other suites' commands
        // running meanwhile may have left processes carrying the marker, which it rightly takes.
        ChildProcessDescendants.killAll()
        #expect(child.isRunning, "the clean-up killed a child of this process")
    }

    /// Runs a child in `scope` that leaves a `sleep` in a session of its own, and returns that sleep's pid.
    static func leave(in scope: ChildProcessDescendants.Scope, directory: String) throws -> Int32 {
        let file = directory + "/left-" + scope.tag
        let script = "setsid /bin/sh -c 'echo $$ > \"\(file)\"; exec /bin/sleep 300' </dev/null >/dev/null 2>&1 &\n"
            + "while [ ! -s \"\(file)\" ]; do sleep 0.05; done\n"
        let outcome = try ChildProcessDescendants.withScope(scope) { try ChildProcess.run(["/bin/sh", "-c", script], timeout: 30) }
        #expect(outcome.termination == .exited(0))
        return try #require(Int32(String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return !(stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true)
    }

    /// A scope's clean-up (one of `serve`'s comparisons ending) takes what its own children left, and
    /// never what another scope's children left while that one still runs.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/setsid")))
    func aScopesCleanUpKillsOnlyWhatItsOwnChildrenLeft() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scopes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The leftovers carry the run's marker too, so the signal path's sweep or another test's
        // leftover check may take them while this runs: a try whose leftovers are gone before its
        // own clean-up starts again.
        for attempt in 1...5 {
            let first = ChildProcessDescendants.Scope()
            let second = ChildProcessDescendants.Scope()
            let firstLeft = try Self.leave(in: first, directory: directory)
            let secondLeft = try Self.leave(in: second, directory: directory)
            defer {
                TestProcess.send(.kill, to: firstLeft)
                TestProcess.send(.kill, to: secondLeft)
            }
            guard Self.isRunning(firstLeft), Self.isRunning(secondLeft) else { continue }
            let killedFirst = ChildProcessDescendants.killAll(in: first)
            let firstGone = eventually(within: 5) { !Self.isRunning(firstLeft) }
            let secondStayed = Self.isRunning(secondLeft)
            if killedFirst == 0, attempt < 5 { continue }
            #expect(killedFirst == 1)
            #expect(firstGone, "the first scope's leftover outlived its clean-up")
            #expect(secondStayed, "the first scope's clean-up killed the second scope's leftover")
            #expect(ChildProcessDescendants.killAll(in: second) == 1)
            let secondGone = eventually(within: 5) { !Self.isRunning(secondLeft) }
            #expect(secondGone)
            return
        }
        Issue.record("every try's leftovers were swept by another suite before this one's clean-up")
    }
}
