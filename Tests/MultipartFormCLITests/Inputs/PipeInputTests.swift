import Foundation
import MultipartFormSystem
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

/// Input that cannot be re-read (a pipe, standard input) is kept for snippets in bounded memory.
@Suite struct PipeInputTests {
    /// Streams `bytes` through a named pipe into a `BodyInput` and returns it after reading them all.
    func readThroughFIFO(_ bytes: [UInt8]) throws -> (input: BodyInput, streamed: Int) {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("pipe").path
        try directory.makeNamedPipe(at: path)
        let writer = Thread {
            // The reader may stop early (a test that fails): the write then fails instead of ending the run.
            CurrentThread.blockBrokenPipeSignal()
            let fd = SystemCalls.openForWriting(path)
            guard fd >= 0 else { return }
            _ = bytes.withUnsafeBytes { SystemCalls.writeAll(fd, $0) }
            _ = SystemCalls.close(fd)
        }
        writer.start()
        let input = try BodyInput(path: path)
        var streamed = 0
        try input.forEachChunk { streamed += $0.count }
        return (input, streamed)
    }

    @Test func aSmallPipeIsKeptInMemory() throws {
        let bytes = Array("--AaB03x\r\n".utf8)
        let (input, streamed) = try readThroughFIFO(bytes)
        #expect(streamed == bytes.count)
        #expect(input.bytesHeldInMemory == bytes.count)
        #expect(input.bytes(in: 2..<8) == Array("AaB03x".utf8))
    }

    @Test func aPipeOverTheThresholdMovesToATemporaryFile() throws {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: BodyInput.spillThreshold + 3 * BodyInput.chunkSize + 5)
        bytes.replaceSubrange(0..<5, with: Array("first".utf8))
        bytes.replaceSubrange((bytes.count - 4)..<bytes.count, with: Array("last".utf8))
        let (input, streamed) = try readThroughFIFO(bytes)
        #expect(streamed == bytes.count)
        #expect(input.bytesHeldInMemory == 0)
        #expect(input.bytes(in: 0..<5) == Array("first".utf8))
        #expect(input.bytes(in: (bytes.count - 4)..<(bytes.count + 10)) == Array("last".utf8))
        let middle = BodyInput.spillThreshold - 2
        #expect(input.bytes(in: middle..<(middle + 4)) == Array("xxxx".utf8))
    }
}
