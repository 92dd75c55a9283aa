import MultipartFormSystem

/// A growable byte buffer that empties in O(1) and keeps its storage: scratch space for the header
/// line and header field being read, reused for every part.
///
/// `Array.removeAll(keepingCapacity:)` costs a uniqueness check and a generic range replacement on
/// every call; here emptying is setting a count.
struct ByteBuffer {
    /// The storage; bytes past ``count`` are stale.
    private var storage: [UInt8] = []
    /// The number of bytes held.
    private(set) var count = 0

    /// Whether no byte is held.
    var isEmpty: Bool { count == 0 }

    /// The byte at `index` (less than ``count``).
    subscript(index: Int) -> UInt8 {
        precondition(index < count, "index out of range")
        return storage[index]
    }

    /// The bytes held, as a slice of the storage (do not keep it across a mutation, or the storage is copied).
    var bytes: ArraySlice<UInt8> { storage[0..<count] }

    /// The bytes in `range` (within ``count``).
    subscript(range: Range<Int>) -> ArraySlice<UInt8> {
        precondition(range.upperBound <= count, "range out of range")
        return storage[range]
    }

    /// The bytes held, in an array of their own (one allocation and a copy): for a part's name,
    /// filename or type in a report, and for the bytes a finding quotes.
    ///
    /// Made from a buffer pointer, not with `Array(unsafeUninitializedCapacity:)`, which this
    /// toolchain leaves unspecialised, so that copying a short name stays cheap.
    func copied() -> [UInt8] {
        storage.withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Forgets every byte, keeping the storage.
    mutating func removeAll() { count = 0 }

    /// Keeps only the first `length` bytes (no more than ``count``).
    mutating func keepFirst(_ length: Int) {
        precondition(length >= 0 && length <= count, "keeping more bytes than the buffer holds")
        count = length
    }

    /// Forgets the last byte.
    mutating func removeLast() {
        precondition(count > 0, "removing from an empty buffer")
        count -= 1
    }

    /// Appends bytes.
    mutating func append(_ source: UnsafeRawBufferPointer) {
        guard let from = source.baseAddress, source.count > 0 else { return }
        let needed = count + source.count
        if storage.count < needed {
            storage.append(contentsOf: repeatElement(0, count: max(needed, 2 * storage.count) - storage.count))
        }
        let offset = count
        storage.withUnsafeMutableBytes { Self.copy(from, source.count, to: $0.baseAddress!.advanced(by: offset)) }
        count = needed
    }

    /// Copies `count` bytes; up to sixteen (a name, a short value) without calling `memcpy`, in two
    /// loads and two stores that may overlap.
    @inline(__always)
    private static func copy(_ source: UnsafeRawPointer, _ count: Int, to target: UnsafeMutableRawPointer) {
        if count >= 8 && count <= 16 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 && count < 8 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        } else {
            target.copyMemory(from: source, byteCount: count)
        }
    }

    /// Appends bytes.
    mutating func append(_ source: ArraySlice<UInt8>) {
        source.withUnsafeBytes { append($0) }
    }

    /// Whether the buffer holds exactly `text`'s bytes.
    func holds(_ text: StaticString) -> Bool {
        guard count == text.utf8CodeUnitCount else { return false }
        guard count > 0 else { return true }
        return storage.withUnsafeBytes { ByteClass.matches($0.baseAddress!, text) }
    }

    /// Whether the bytes held start with `prefix`.
    func starts(with prefix: [UInt8]) -> Bool {
        guard count >= prefix.count else { return false }
        guard !prefix.isEmpty else { return true }
        return storage.withUnsafeBytes { held in
            prefix.withUnsafeBytes { RawMemory.equal(held.baseAddress!, $0.baseAddress!, count: prefix.count) }
        }
    }
}
