/// The bytes of a streamed request body kept for snippets: the first ``capacity`` and the last
/// ``capacity``, so memory per request stays fixed while findings near the start or near the bytes
/// just read still show the line they are on.
struct RecentBodyBytes: SnippetSource {
    /// How many bytes each window holds; a power of two, so a ring index is a mask.
    static let capacity = 64 * 1024

    private var head: [UInt8] = []
    private var ring: [UInt8] = []
    /// The number of body bytes seen.
    private(set) var count = 0

    /// Keeps what a snippet may need of the next body bytes.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if head.count < Self.capacity {
            head.append(contentsOf: bytes.prefix(Self.capacity - head.count))
        }
        if ring.isEmpty { ring = [UInt8](repeating: 0, count: Self.capacity) }
        let from = bytes.count - min(bytes.count, Self.capacity)
        let start = count
        ring.withUnsafeMutableBufferPointer { ring in
            for index in from..<bytes.count { ring[(start &+ index) & (Self.capacity - 1)] = bytes[index] }
        }
        count += bytes.count
    }

    /// The bytes of `range` from its start, as far as one window holds them; none when its start is
    /// no longer held.
    func bytes(in range: Range<Int>) -> [UInt8] {
        let lower = max(0, range.lowerBound)
        let upper = min(range.upperBound, count)
        guard lower < upper else { return [] }
        if lower < head.count { return Array(head[lower..<min(upper, head.count)]) }
        guard lower >= count - min(count, Self.capacity) else { return [] }
        return (lower..<upper).map { ring[$0 & (Self.capacity - 1)] }
    }

    /// Whether a snippet of the finding at `offset` can still be rendered whole: the bytes after it
    /// have arrived (or the body has ended) and the bytes before it are still held.
    func canRender(offset: Int, bodyEnded: Bool) -> Bool {
        bodyEnded || offset + Snippet.context <= count
    }
}
