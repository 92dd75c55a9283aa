/// The names the parts of one body carried, each with the index of the first part that carried it,
/// for `name-duplicate`.
///
/// Names are kept as 64-bit hashes keyed per process (two different names share one with a
/// chance of about 2⁻⁶⁴, which would report a repeat that is not there), in an open-addressing
/// table that starts small and doubles, so a body of a few fields costs a few hundred bytes and
/// each name costs a hash of its bytes and about one probe: no `Hasher`, no `Dictionary`.
///
/// The table is filled to five eighths of its slots, and a slot's first part is 32 bits, so the
/// 10,000 names the validator holds take 16,384 slots of 12 bytes. Each growth takes new memory,
/// which the system hands over a page at a time, each page a fault: the smaller table touches
/// fewer new pages, and a body of many fields validates faster for the same instructions.
///
/// In front of the table, eight bits a slot (one bit of each hash held, chosen by its high half)
/// say which names cannot be there. Most names of a body are new, and for them the table is
/// not read: whether a slot is taken is a branch no processor predicts, so checking names costs
/// far more time than its instructions suggest, and the filter avoids most of it.
struct SeenNames {
    /// What a name's entry holds once its repeat has been reported: the largest value a slot's 32
    /// bits hold, which is also an `Int` on every platform (watchOS's is 32 bits), so no part index is
    /// mistaken for it; a name first carried by a part from this index on (past two billion parts) is
    /// not held.
    static let reported = Int(Int32.max)

    /// The most names held: names are compared among the first this many parts.
    let capacity: Int
    /// The hashes (0 marks an empty slot), and each slot's first part (or ``reported``).
    private var hashes: [UInt64] = []
    private var firstParts: [Int32] = []
    /// Eight bits a slot, 64 to a word: a hash's bit is clear when the table does not hold it.
    private var filter: [UInt64] = []
    private(set) var count = 0

    /// This process's key (``key``), read once per table rather than once per name.
    private let processKey = SeenNames.key

    init(capacity: Int) { self.capacity = capacity }

    /// The key every table of this process hashes with, so a body cannot be made to collide names
    /// on purpose without knowing it.
    private static let key: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next() | 1
    }()

    /// The hash of `bytes` with the process's key, which this table holds (every table of the
    /// process hashes a name alike).
    func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { Self.hash(bytes, key: processKey) }

    /// The hash of `bytes`: eight bytes at a time, multiply and fold, keyed; never 0.
    private static func hash(_ bytes: UnsafeRawBufferPointer, key: UInt64) -> UInt64 {
        var state = key ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        var index = 0
        while index &+ 8 <= bytes.count {
            state = mix(state ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index &+= 8
        }
        let count = bytes.count
        if index < count {
            let last: UInt64
            if count >= 8 {
                // The last eight bytes, overlapping the words already mixed: one load, not a loop.
                last = bytes.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            } else if count >= 4 {
                // Four to seven bytes: the first four and the last four, which may overlap.
                let first = bytes.loadUnaligned(as: UInt32.self)
                let end = bytes.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                last = UInt64(first) | UInt64(end) &<< 32
            } else {
                // One to three bytes: the first, the middle and the last (the length tells them apart).
                last = UInt64(bytes[0]) | UInt64(bytes[count &>> 1]) &<< 8 | UInt64(bytes[count &- 1]) &<< 16
            }
            state = mix(state ^ last)
        }
        state ^= state >> 29
        state &*= 0xBF58_476D_1CE4_E5B9
        state ^= state >> 32
        return state == 0 ? 1 : state
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0xFF51_AFD7_ED55_8CCD)
        return product.high ^ product.low
    }

    /// The first part that carried the name hashed to `hash` (or ``reported``), or `nil` when no
    /// earlier part did; a new name is remembered for `part` while fewer than ``capacity`` are held
    /// (and `part` is below ``reported``).
    @inline(__always)  // once a part, where a call's saved registers show
    mutating func first(carrying hash: UInt64, part: Int) -> Int? {
        if hashes.isEmpty { allocate(slots: 16) }
        let (word, bit) = filterBit(of: hash)
        if filter[word] & bit != 0 {
            let slot = slot(of: hash)
            if hashes[slot] == hash { return Int(firstParts[slot]) }
        }
        guard count < capacity, part < Self.reported else { return nil }
        if (count &+ 1) &* 8 > hashes.count &* 5 { grow() }
        hold(hash, part: Int32(truncatingIfNeeded: part))
        count &+= 1
        return nil
    }

    /// Empty tables of `slots` slots (a power of two, at least 16), with the filter to match.
    ///
    /// Always inlined: called, it left the compiler unsure the new arrays were unshared, and every
    /// write while growing checked.
    @inline(__always)
    private mutating func allocate(slots: Int) {
        hashes = [UInt64](repeating: 0, count: slots)
        firstParts = [Int32](repeating: 0, count: slots)
        filter = [UInt64](repeating: 0, count: slots &* 8 / 64)
    }

    /// Puts `hash`, which the table does not hold, in its slot with `part`, and sets its filter bit.
    @inline(__always)
    private mutating func hold(_ hash: UInt64, part: Int32) {
        let slot = slot(of: hash)
        hashes[slot] = hash
        firstParts[slot] = part
        let (word, bit) = filterBit(of: hash)
        filter[word] |= bit
    }

    /// The word of ``filter`` and the bit in it that stand for `hash`: from its high half, which
    /// the slot (from its low bits) does not use.
    private func filterBit(of hash: UInt64) -> (word: Int, bit: UInt64) {
        let index = Int(truncatingIfNeeded: hash &>> 32) & (hashes.count &* 8 &- 1)
        return (index &>> 6, 1 &<< UInt64(index & 63))
    }

    /// Marks the name hashed to `hash` (already held) as reported, so it is reported once.
    mutating func markReported(_ hash: UInt64) {
        let slot = slot(of: hash)
        if hashes[slot] == hash { firstParts[slot] = Int32(Self.reported) }
    }

    /// The slot holding `hash`, or the empty slot where it would go (linear probing).
    private func slot(of hash: UInt64) -> Int {
        let mask = hashes.count &- 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while hashes[slot] != 0 && hashes[slot] != hash { slot = (slot &+ 1) & mask }
        return slot
    }

    @inline(never)
    private mutating func grow() {
        let oldHashes = hashes
        let oldParts = firstParts
        allocate(slots: oldHashes.count * 2)
        for (index, hash) in oldHashes.enumerated() where hash != 0 {
            hold(hash, part: oldParts[index])
        }
    }
}
