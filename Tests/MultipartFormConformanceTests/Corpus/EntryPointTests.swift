import Foundation
import MultipartForm
import MultipartFormConformance
import MultipartFormTestSupport
import Testing

/// Every way of handing a body to the validator gives the report the in-memory entry point gives,
/// on every vector of the corpus.
@Suite struct EntryPointTests {
    /// The body split into chunks of `size` bytes, delivered by an async stream.
    static func chunkStream(_ body: [UInt8], size: Int) -> AsyncStream<ArraySlice<UInt8>> {
        AsyncStream { continuation in
            var start = 0
            while start < body.count {
                let end = min(start + size, body.count)
                continuation.yield(body[start..<end])
                start = end
            }
            continuation.finish()
        }
    }

    /// The body one byte at a time, as `URLSession.AsyncBytes` delivers it.
    static func byteStream(_ body: [UInt8]) -> AsyncStream<UInt8> {
        AsyncStream { continuation in
            for byte in body { continuation.yield(byte) }
            continuation.finish()
        }
    }

    @Test("a non-contiguous sequence, Data, and async chunks and bytes give the same report", arguments: try Fixtures.vectors())
    func everyEntryPointAgrees(vector: ConformanceVector) async throws {
        let options = vector.validationOptions
        let expected = MultipartValidator.validate(vector.body, contentType: vector.contentType, options: options)

        let lazy = vector.body.lazy.map { $0 }
        #expect(lazy.withContiguousStorageIfAvailable { _ in true } == nil, "the lazy map must take the copying path")
        #expect(MultipartValidator.validate(lazy, contentType: vector.contentType, options: options, chunkSize: 7) == expected)

        #expect(MultipartValidator.validate(Data(vector.body), contentType: vector.contentType, options: options, chunkSize: 5) == expected)

        var piecewise = MultipartValidator(contentType: vector.contentType, options: options)
        for start in stride(from: 0, to: vector.body.count, by: 11) {
            piecewise.consume(Data(vector.body[start..<min(start + 11, vector.body.count)]))
        }
        #expect(piecewise.finish() == expected)

        let chunked = try await MultipartValidator.validate(
            chunks: Self.chunkStream(vector.body, size: 3), contentType: vector.contentType, options: options)
        #expect(chunked == expected)

        // A byte at a time through an async sequence is the slowest path: the fast form takes it for
        // the bodies of up to 4 KiB, all but a few long-line and long-content vectors.
        guard TestScale.isFull || vector.body.count <= 4_096 else { return }
        let bytewise = try await MultipartValidator.validate(
            bytes: Self.byteStream(vector.body), contentType: vector.contentType, options: options)
        #expect(bytewise == expected)
    }

    @Test func aBodyLongerThanOneCopyPieceIsValidatedWhole() async throws {
        // 200,000 bytes of content cross several 64 KiB pieces on the byte-by-byte and copying paths.
        let content = [UInt8](repeating: UInt8(ascii: "x"), count: 200_000)
        let body = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n".utf8) + content
            + Array("\r\n--AaB03x--\r\n".utf8)
        let contentType = "multipart/form-data; boundary=AaB03x"
        let expected = MultipartValidator.validate(body, contentType: contentType)
        #expect(expected.diagnostics.isEmpty)
        #expect(expected.parts.first?.bodyRange.count == content.count)
        #expect(MultipartValidator.validate(body.lazy.map { $0 }, contentType: contentType) == expected)
        #expect(try await MultipartValidator.validate(bytes: Self.byteStream(body), contentType: contentType) == expected)
    }

    @Test func aStreamThatFailsThrowsInsteadOfReporting() async {
        struct Dropped: Error {}
        let failing = AsyncThrowingStream<[UInt8], any Error> { continuation in
            continuation.yield(Array("--AaB03x\r\n".utf8))
            continuation.finish(throwing: Dropped())
        }
        await #expect(throws: Dropped.self) {
            try await MultipartValidator.validate(chunks: failing, contentType: "multipart/form-data; boundary=AaB03x")
        }
    }
}
