import Foundation
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

/// A pipe's bytes are kept for snippets in memory, then in a temporary file; when that stops, no later byte is shown.
@Suite("Standard input spill")
struct SpillTests {
    /// A FIFO fed `bytes` by a background thread, opened as an input.
    static func pipeInput(_ bytes: [UInt8], in directory: TemporaryDirectory) throws -> BodyInput {
        let path = directory.url.appendingPathComponent("pipe").path
        try directory.makeNamedPipe(at: path)
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            handle.write(Data(bytes))
            try? handle.close()
        }
        writer.start()
        return try BodyInput(path: path)
    }

    static let bytes: [UInt8] = (0..<(6 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }

    @Test func withoutATemporaryDirectoryOnlyTheFirstBytesAreKeptAndNothingLaterIsMisplaced() throws {
        let directory = try TemporaryDirectory()
        let input = try Self.pipeInput(Self.bytes, in: directory)
        input.spillDirectory = directory.url.appendingPathComponent("missing").path
        var total = 0
        try input.forEachChunk { total += $0.count }
        #expect(total == Self.bytes.count)
        #expect(input.keptLength == BodyInput.spillThreshold)
        #expect(input.keepingStopped?.hasPrefix("no temporary file could be made in") == true, "\(input.keepingStopped ?? "")")
        #expect(input.bytes(in: 100..<110) == Array(Self.bytes[100..<110]))
        #expect(input.bytes(in: 5_000_000..<5_000_010).isEmpty, "a byte past what was kept must not come from elsewhere")
        #expect(input.bytesHeldInMemory == BodyInput.spillThreshold)
    }

    @Test func aSpilledPipeGivesBackTheRightBytes() throws {
        let directory = try TemporaryDirectory()
        let input = try Self.pipeInput(Self.bytes, in: directory)
        input.spillDirectory = directory.url.path
        try input.forEachChunk { _ in }
        #expect(input.keepingStopped == nil)
        #expect(input.bytes(in: 5_000_000..<5_000_010) == Array(Self.bytes[5_000_000..<5_000_010]))
        #expect(input.bytesHeldInMemory == 0)
    }
}
