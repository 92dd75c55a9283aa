import Testing

@testable import MultipartForm

/// The one-byte classes agree with their definitions in the RFCs, for every byte value.
@Suite struct ByteClassTests {
    @Test func tokenCharactersAreVisibleASCIIWithoutTheTSpecials() {
        // RFC 2045 section 5.1: token := 1*<any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>.
        let tspecials = Set("()<>@,;:\\\"/[]?=".utf8)
        for value in 0...255 {
            let byte = UInt8(value)
            let expected = value > 0x20 && value < 0x7F && !tspecials.contains(byte)
            #expect(ByteClass.isTokenChar(byte) == expected, "byte \(value)")
        }
    }

    @Test func boundaryCharactersAreDigitsLettersAndTwelveMarks() {
        // RFC 2046 section 5.1.1: bcharsnospace := DIGIT / ALPHA / "'" / "(" / ")" / "+" / "_" / "," / "-" / "." / "/" / ":" / "=" / "?".
        let marks = Set("'()+_,-./:=?".utf8)
        for value in 0...255 {
            let byte = UInt8(value)
            let isDigit = (0x30...0x39).contains(value)
            let isAlpha = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
            let expected = isDigit || isAlpha || marks.contains(byte)
            #expect(ByteClass.isBoundaryCharNoSpace(byte) == expected, "byte \(value)")
            #expect(ByteClass.isBoundaryChar(byte) == (expected || value == 0x20), "byte \(value)")
        }
    }
}
