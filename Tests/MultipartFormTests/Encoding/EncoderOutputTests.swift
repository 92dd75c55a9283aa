import Foundation
import MultipartForm
import MultipartFormTestSupport
import Testing

/// Every way out of the encoder gives the same bytes: whole, chunked, into caller buffers, to a file, to a descriptor.
@Suite struct EncoderOutputTests {
    /// A form with text, in-memory bytes and two files (one empty), so every segment kind is crossed.
    static func mixedBody(_ scratch: TemporaryDirectory) throws -> ReferenceEncoder.Body {
        let large = (0..<150_001).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 7) }
        var form = FormData()
        form.append(name: "title", text: "Holiday")
        form.append(name: "photo", filePath: try scratch.write(large, named: "beach.jpg"))
        form.append(name: "empty", filePath: try scratch.write([], named: "empty.bin"))
        form.append(name: "raw", bytes: allByteValues, filename: "all.bin")
        return try ReferenceEncoder().prepare(form)
    }

    @Test(arguments: [1, 3, 4096, 65_536, 1 << 20])
    func readIntoCallerBuffersGivesTheWholeBody(bufferSize: Int) throws {
        let scratch = try TemporaryDirectory()
        let body = try Self.mixedBody(scratch)
        let whole = try body.bytes()
        var iterator = body.makeChunkIterator()
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: bufferSize)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try iterator.read(into: $0) }
            if count == 0 { break }
            // Every read fills the buffer unless the body ends.
            #expect(count == bufferSize || collected.count + count == whole.count)
            collected += buffer[0..<count]
        }
        #expect(collected == whole)
        #expect(try buffer.withUnsafeMutableBytes { try iterator.read(into: $0) } == 0)
        #expect(whole.count == body.contentLength)
    }

    @Test func writingToAFileGivesTheSameBytes() throws {
        let scratch = try TemporaryDirectory()
        let body = try Self.mixedBody(scratch)
        let path = scratch.url.appendingPathComponent("out.body").path
        try body.write(toFileAtPath: path, chunkSize: 1000)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == (try body.bytes()))
    }

    @Test func writingToADescriptorLeavesItOpenAndGivesTheSameBytes() throws {
        let scratch = try TemporaryDirectory()
        let body = try Self.mixedBody(scratch)
        let path = scratch.url.appendingPathComponent("fd.body").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("prefix:".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        try body.write(toFileDescriptor: handle.fileDescriptor)
        handle.write(Data(":suffix".utf8))
        try handle.close()
        let expected = Array("prefix:".utf8) + (try body.bytes()) + Array(":suffix".utf8)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == expected)
    }

    @Test func failedWriteRemovesThePartialFile() throws {
        let scratch = try TemporaryDirectory()
        let source = try scratch.write(Array(repeating: 0x61, count: 10), named: "grows.bin")
        let body = try ReferenceEncoder().prepare(FormData([.init(name: "f", value: .file(path: source))]))
        _ = try scratch.write(Array(repeating: 0x61, count: 20), named: "grows.bin")
        let path = scratch.url.appendingPathComponent("partial.body").path
        #expect {
            try body.write(toFileAtPath: path)
        } throws: { error in
            (error as? ReferenceEncoder.Error)?.code == .fileChanged
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func unwritableDestinationFailsWithWriteFailed() throws {
        let scratch = try TemporaryDirectory()
        let body = try ReferenceEncoder().prepare(FormData([.init(name: "a", value: .text("1"))]))
        #expect {
            try body.write(toFileAtPath: scratch.url.path + "/missing-directory/out.body")
        } throws: { error in
            let error = error as? ReferenceEncoder.Error
            return error?.code == .writeFailed && error?.fieldIndex == nil
                && error?.message.hasPrefix("cannot create '") == true
        }
    }

    @Test func bodyStreamsAgainAfterAFirstPass() throws {
        let scratch = try TemporaryDirectory()
        let body = try Self.mixedBody(scratch)
        #expect(try body.bytes() == body.bytes())
    }
}
