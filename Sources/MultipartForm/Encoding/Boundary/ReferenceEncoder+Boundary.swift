extension ReferenceEncoder {
    /// The fixed start of every generated boundary.
    public static let generatedBoundaryPrefix = "MultipartFormBoundary-"
    /// How many random characters follow the prefix.
    public static let generatedBoundaryRandomCount = 32
    /// A lower bound on a generated boundary's entropy: 62 symbols give more than 5 bits each.
    public static let generatedBoundaryMinimumEntropyBits = generatedBoundaryRandomCount * 5
    /// How many boundaries ``prepare(_:using:)`` draws before giving up.
    public static let maximumBoundaryAttempts = 8

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// Draws a boundary: ``generatedBoundaryPrefix`` then 32 characters uniform over `[A-Za-z0-9]`.
    /// - Parameter generator: The source of randomness.
    /// - Returns: The boundary's bytes.
    public static func randomBoundary<Generator: RandomNumberGenerator>(using generator: inout Generator) -> [UInt8] {
        var boundary = Array(generatedBoundaryPrefix.utf8)
        for _ in 0..<generatedBoundaryRandomCount {
            boundary.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
        }
        return boundary
    }

    /// Checks a caller's boundary against RFC 2046 §5.1.1: 1–70 `bchars`, the last not a space.
    ///
    /// ```
    /// boundary := 0*69<bchars> bcharsnospace
    /// bchars := bcharsnospace / " "
    /// bcharsnospace := DIGIT / ALPHA / "'" / "(" / ")" / "+" / "_" / "," / "-" / "." / "/" / ":" / "=" / "?"
    /// ```
    /// - Parameter boundary: The boundary's bytes.
    /// - Throws: ``Error`` with ``Error/Code/invalidBoundary`` saying what is wrong.
    public static func validateBoundary(_ boundary: [UInt8]) throws(Error) {
        guard !boundary.isEmpty else { throw Error(.invalidBoundary, "the boundary is empty") }
        guard boundary.count <= 70 else {
            throw Error(.invalidBoundary, "the boundary has \(boundary.count) characters; at most 70 are allowed")
        }
        if let bad = boundary.first(where: { !ByteClass.isBoundaryChar($0) }) {
            throw Error(
                .invalidBoundary,
                "the boundary contains '\(escapedForMessage([bad]))', which is not an RFC 2046 boundary character")
        }
        if boundary.last == ByteClass.space {
            throw Error(.invalidBoundary, "the boundary ends in a space")
        }
    }

    /// The `Content-Type` value for a boundary, quoting it only when it holds a non-token byte.
    static func contentType(boundary: [UInt8]) -> String {
        let text = String(decoding: boundary, as: UTF8.self)
        if boundary.allSatisfy(ByteClass.isTokenChar) { return "multipart/form-data; boundary=" + text }
        return "multipart/form-data; boundary=\"" + text + "\""
    }
}
