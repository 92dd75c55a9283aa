extension SIMDMask where Storage == SIMD16<Int8> {
    /// Whether any of the sixteen lanes is set.
    ///
    /// The same answer as the standard library's `any(_:)`, which reaches here through a generic
    /// reduction that is not inlined and costs a call and a spill per vector in the hot loops; two
    /// 64-bit halves OR-ed together cost two moves and a test.
    @inline(__always)
    var hasSetLane: Bool {
        let halves = unsafeBitCast(self, to: SIMD2<UInt64>.self)
        return halves[0] | halves[1] != 0
    }
}
