/// A part value the engine keeps (its name or filename): read in place from the chunk being
/// consumed while that call lasts, and copied into storage of its own only if it is still held when
/// the call returns.
///
/// A small field lies whole in one chunk, from the delimiter before it to the one after, so its name
/// is checked, quoted and collected from the chunk and never copied, a saving on every part of a
/// form of small fields.
///
/// The engine calls ``settle()`` before `consume` returns, so nothing it keeps points into a chunk
/// the caller may reuse.
struct BorrowedBytes {
    /// The copy, when the bytes are not borrowed; reused for every value.
    private var storage = ByteBuffer()
    /// The borrowed bytes, when ``isBorrowed``.
    private var borrowed = UnsafeRawBufferPointer(start: nil, count: 0)
    /// Whether the bytes are ``borrowed`` rather than in ``storage``.
    private var isBorrowed = false

    /// Holds `bytes` without copying them: they must stay valid and unchanged until ``settle()``.
    mutating func borrow(_ bytes: UnsafeRawBufferPointer) {
        borrowed = bytes
        isBorrowed = true
    }

    /// Holds a copy of `bytes`.
    mutating func copy(_ bytes: UnsafeRawBufferPointer) {
        isBorrowed = false
        storage.removeAll()
        storage.append(bytes)
    }

    /// Copies borrowed bytes into storage of its own, so the chunk they were in may go.
    @inline(__always)
    mutating func settle() {
        if isBorrowed { copy(borrowed) }
    }

    /// Calls `body` with the bytes held, wherever they are.
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if isBorrowed { return body(borrowed) }
        return storage.bytes.withUnsafeBytes(body)
    }

    /// The bytes held, in an array of their own: for a report or a finding.
    func copied() -> [UInt8] {
        if isBorrowed { return Array(borrowed.assumingMemoryBound(to: UInt8.self)) }
        return storage.copied()
    }

    /// Whether the bytes held are exactly `text`'s.
    ///
    /// Always inlined: asked once a part (is this the `_charset_` field?), a call there cost more
    /// time than reading the name in place saved.
    @inline(__always)
    func holds(_ text: StaticString) -> Bool {
        withBytes { bytes in
            bytes.count == text.utf8CodeUnitCount
                && (bytes.isEmpty || ByteClass.matches(bytes.baseAddress!, text))
        }
    }
}
