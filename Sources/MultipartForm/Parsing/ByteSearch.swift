import MultipartFormSystem

extension UnsafeRawBufferPointer {
    /// The index of the first `byte` in `self[from...]`, or `count` when there is none (`memchr`).
    ///
    /// - Complexity: O(n), vectorised by the C library.
    func index(of byte: UInt8, from start: Int) -> Int {
        guard start < count, let base = baseAddress else { return count }
        guard let hit = RawMemory.first(byte, in: base + start, count: count - start) else { return count }
        return UnsafeRawPointer(hit) - base
    }
}
