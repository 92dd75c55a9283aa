import Foundation
import MultipartFormConformanceCore
import MultipartFormSystem
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The clean-up at the end of a run in someone else's process (a test, an app) kills what the
/// command left behind, never a child of that process.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "needs /proc to find descendants"))
struct ChildProcessDescendantsTests {
    @Test func theCleanUpSparesAChildNotYetRegistered() throws {
        // A child carrying this process's marker that no run has registered: what another thread's
        // run looks like between its spawn and its registration, while this run ends.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["30"]
        var environment = ProcessInfo.processInfo.environment
        environment[ChildProcessDescendants.markerVariable] = ChildProcessDescendants.marker
        child.environment = environment
        try child.run()
        defer {
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
        }
        // The marker is in its environment once it runs sleep.
        let commandLine = URL(fileURLWithPath: "/proc/\(child.processIdentifier)/cmdline")
        let deadline = Date().addingTimeInterval(10)
        while !((try? Data(contentsOf: commandLine)) ?? Data()).starts(with: Data("/bin/sleep".utf8)), Date() < deadline {
            usleep(10_000)
        }
        let killed = ChildProcessDescendants.killAll()
        #expect(killed == 0)
        #expect(child.isRunning, "the clean-up killed a child of this process")
    }
}
