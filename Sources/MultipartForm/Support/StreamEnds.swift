/// The first and the last bytes of a stream read once: a fixed-size head and a ring of the most
/// recent bytes, so memory stays the same whatever the stream's length.
///
/// The validator keeps them for diagnoses made at the end (where a misplaced close delimiter is, why
/// no delimiter was found); `multipart-check serve` keeps them for the snippets of a body it never holds.
package struct StreamEnds: Sendable {
    /// How many first bytes are kept.
    package let headCapacity: Int
    /// How many last bytes are kept: a power of two, so a ring index is a mask.
    package let tailCapacity: Int
    /// The first bytes, up to ``headCapacity``.
    package private(set) var head: [UInt8] = []
    /// The last ``tailCapacity`` bytes seen, each at its stream offset modulo the capacity.
    private var ring: [UInt8] = []
    /// The number of bytes seen.
    package private(set) var count = 0

    /// The longest chunk stored a byte at a time: below about this, a loop of stores costs less
    /// than working out the runs and calling `memcpy`, which matters for bodies fed in tiny chunks.
    private static var shortRun: Int { 16 }

    /// - Precondition: `tailCapacity` is a power of two.
    package init(headCapacity: Int, tailCapacity: Int) {
        precondition(tailCapacity > 0 && tailCapacity & (tailCapacity - 1) == 0, "the tail's capacity is a power of two")
        self.headCapacity = headCapacity
        self.tailCapacity = tailCapacity
    }

    /// Keeps what the two windows need of the next bytes: O(1) per byte, whatever the chunking.
    @inline(__always)
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count == 1 && count >= headCapacity && !ring.isEmpty {
            // A stream fed a byte at a time, past its head: one store, inlined where it is called.
            ring.withUnsafeMutableBufferPointer { $0[count & (tailCapacity - 1)] = bytes[0] }
            count += 1
            return
        }
        appendRuns(bytes)
    }

    /// ``append(_:)`` for the head, and for any chunk but a single byte.
    @inline(never)
    private mutating func appendRuns(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count <= Self.shortRun && count >= headCapacity && !ring.isEmpty {
            // A short chunk past the head: a store a byte, without the general case's copy call.
            let start = count
            let mask = tailCapacity &- 1
            ring.withUnsafeMutableBufferPointer { ring in
                for index in 0..<bytes.count { ring[(start &+ index) & mask] = bytes[index] }
            }
            count += bytes.count
            return
        }
        if head.count < headCapacity {
            head.append(contentsOf: bytes.prefix(headCapacity - head.count))
        }
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if ring.isEmpty { ring = [UInt8](repeating: 0, count: tailCapacity) }
        // The last bytes (at most a ring's worth) go in at their offsets modulo the capacity: one
        // copy, or two where they wrap around the ring's end.
        var remaining = min(bytes.count, tailCapacity)
        var from = bytes.count - remaining
        var slot = (count &+ from) & (tailCapacity - 1)
        ring.withUnsafeMutableBytes { ring in
            guard let target = ring.baseAddress else { return }
            while remaining > 0 {
                let run = min(remaining, tailCapacity - slot)
                (target + slot).copyMemory(from: source + from, byteCount: run)
                from += run
                slot = (slot + run) & (tailCapacity - 1)
                remaining -= run
            }
        }
        count += bytes.count
    }

    /// The last bytes seen, in order (at most ``tailCapacity``).
    package var tail: [UInt8] {
        (max(0, count - tailCapacity)..<count).map { ring[$0 & (tailCapacity - 1)] }
    }

    /// The bytes of `range` from its start, as far as one window holds them; none when its start
    /// is held by neither.
    package func bytes(in range: Range<Int>) -> [UInt8] {
        let lower = max(0, range.lowerBound)
        let upper = min(range.upperBound, count)
        guard lower < upper else { return [] }
        if lower < head.count { return Array(head[lower..<min(upper, head.count)]) }
        guard lower >= count - min(count, tailCapacity) else { return [] }
        return (lower..<upper).map { ring[$0 & (tailCapacity - 1)] }
    }
}
