import Foundation
import MultipartFormSystem
import Testing

/// A child gets its three standard descriptors and nothing else this process holds.
@Suite struct ChildProcessDescriptorTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "needs /proc"))
    func aDescriptorThisProcessHoldsWithoutCloseOnExecDoesNotReachTheChild() throws {
        // Foundation's pipe is not close-on-exec: a leftover grandchild holding its write end would
        // keep a reader of this process's output waiting after this process exited.
        let pipe = Pipe()
        let held = pipe.fileHandleForWriting.fileDescriptor
        let outcome = try ChildProcess.run(["/bin/sh", "-c", "ls /proc/$$/fd"], until: .now + .seconds(30))
        let descriptors = String(decoding: outcome.standardOutput, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int32($0) }
        #expect(descriptors.contains(0) && descriptors.contains(1) && descriptors.contains(2), "\(descriptors)")
        #expect(!descriptors.contains(held), "the child holds descriptor \(held): \(descriptors)")
        try pipe.fileHandleForWriting.close()
        try pipe.fileHandleForReading.close()
    }
}
