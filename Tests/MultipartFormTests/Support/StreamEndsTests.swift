import Testing

@testable import MultipartForm

/// The head and tail windows of a stream: the same bytes whatever the chunking, and ranges answered
/// from whichever window holds their start.
@Suite struct StreamEndsTests {
    static let stream = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }

    static func ends(chunk: Int) -> StreamEnds { ends(chunks: [chunk]) }

    /// The stream fed in chunks of the given sizes, taken in turn.
    static func ends(chunks: [Int]) -> StreamEnds {
        var ends = StreamEnds(headCapacity: 100, tailCapacity: 128)
        var start = 0
        var turn = 0
        while start < stream.count {
            let end = min(start + chunks[turn % chunks.count], stream.count)
            stream[start..<end].withUnsafeBytes { ends.append($0) }
            start = end
            turn += 1
        }
        return ends
    }

    @Test(arguments: [1, 2, 3, 15, 16, 17, 64, 128, 129, 1_000])
    func windowsHoldTheSameBytesAtEveryChunking(chunk: Int) {
        let ends = Self.ends(chunk: chunk)
        #expect(ends.count == 1_000)
        #expect(ends.head == Array(Self.stream.prefix(100)))
        #expect(ends.tail == Array(Self.stream.suffix(128)))
    }

    /// Short chunks (stored a byte at a time) between longer ones, across the head's end and
    /// around the ring.
    @Test(arguments: [[1, 16, 3, 100], [17, 2, 15, 64, 1], [5, 129, 16, 16, 7]])
    func mixedChunkingsHoldTheSameBytes(chunks: [Int]) {
        let ends = Self.ends(chunks: chunks)
        #expect(ends.count == 1_000)
        #expect(ends.head == Array(Self.stream.prefix(100)))
        #expect(ends.tail == Array(Self.stream.suffix(128)))
        #expect(ends.bytes(in: 950..<1_000) == Array(Self.stream[950...]))
    }

    @Test func rangesComeFromTheWindowHoldingTheirStart() {
        let ends = Self.ends(chunk: 7)
        #expect(ends.bytes(in: 10..<20) == Array(Self.stream[10..<20]))
        #expect(ends.bytes(in: 90..<120) == Array(Self.stream[90..<100]))  // cut where the head ends
        #expect(ends.bytes(in: 500..<510).isEmpty)  // between the windows
        #expect(ends.bytes(in: 900..<2_000) == Array(Self.stream[900...]))
    }
}
