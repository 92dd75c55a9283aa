/// SplitMix64: a small seeded generator that yields the same sequence on every platform.
///
/// For reproducible inputs (test cases, mutations, bench bodies); the encoder's boundaries come
/// from the system generator unless a caller passes one.
package struct SplitMix64: RandomNumberGenerator {
    /// The generator's whole state; the next word depends only on it.
    package var state: UInt64

    /// A generator whose sequence is fixed by `state`.
    package init(state: UInt64) {
        self.state = state
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
