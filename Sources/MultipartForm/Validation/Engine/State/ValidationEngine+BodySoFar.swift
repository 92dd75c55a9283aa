extension ValidationEngine {
    /// What the body has shown so far, for checks that compare parts and for diagnoses made at the end.
    struct BodySoFar {
        /// How many parts have started.
        var partCount = 0
        /// The parts the report lists.
        var parts: [DecodedPart] = []
        /// The names parts carried, each with the first part's index (at most ``ValidationEngine/repeatedNameCapacity``).
        var seenNames = SeenNames(capacity: ValidationEngine.repeatedNameCapacity)
        /// Whether text values are UTF-8, as far as a `_charset_` field has said.
        var formCharsetIsUTF8 = true
        /// Whether the preamble holds a byte other than CR, LF, space and tab.
        var preambleHasText = false
        /// Whether a delimiter line after a close delimiter that came first was reported
        /// (`close-delimiter-before-parts`, once a body).
        var reportedDelimiterAfterCloseFirst = false
        /// Where the epilogue starts, once the close delimiter's line has ended.
        var epilogue: Located?
        /// The first ``ValidationEngine/headCapacity`` and the last ``ValidationEngine/tailCapacity``
        /// bytes of the stream.
        var ends = StreamEnds(headCapacity: ValidationEngine.headCapacity, tailCapacity: ValidationEngine.tailCapacity)

        /// Adds part `index` to the parts the report lists.
        @inline(__always)
        mutating func collect(
            index: Int, headerRange: Range<Int>, bodyRange: Range<Int>, inlineName: DecodedPart.InlineName,
            extras: consuming DecodedPart.Extras?
        ) {
            parts.append(DecodedPart(index: index, headerRange: headerRange, bodyRange: bodyRange, inlineName: inlineName, extras: extras))
        }
    }

    static let headCapacity = 4096
    static let tailCapacity = 256
    /// The first bytes of the stream.
    var head: [UInt8] { shown.ends.head }
}
