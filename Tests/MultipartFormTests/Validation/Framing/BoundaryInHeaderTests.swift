import MultipartFormTestSupport
import Testing

@testable import MultipartForm

/// `boundary-in-header`: `--boundary` in a part's header lines is reported once a part, at its first
/// occurrence, whether the section is read line by line or by the one-step reader of canonical
/// sections (taken only when the whole section is in one chunk).
@Suite struct BoundaryInHeaderTests {
    static let contentType = "multipart/form-data; boundary=AaB03x"

    static func findings(_ text: String, chunk: Int) -> [String] {
        ChunkedFeed.validate(Array(text.utf8), contentType: contentType, chunkSize: chunk).rulesAtOffsets
    }

    /// The byte offset of the first `needle` in `text` (which holds it).
    static func offset(of needle: String, in text: String) -> Int {
        let bytes = Array(text.utf8)
        let pattern = Array(needle.utf8)
        return (0...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) } ?? -1
    }

    @Test func aDashPairIsFoundAtEveryPlaceAndSingleDashesAreNot() {
        func holds(_ text: String) -> Bool { Array(text.utf8).withUnsafeBytes { ValidationEngine.holdsDashPair($0) } }
        for length in 2...9 {
            for place in 0...(length - 2) {
                var bytes = Array(repeating: UInt8(ascii: "x"), count: length)
                bytes[place] = UInt8(ascii: "-")
                bytes[place + 1] = UInt8(ascii: "-")
                #expect(bytes.withUnsafeBytes { ValidationEngine.holdsDashPair($0) }, "\(length) bytes, pair at \(place)")
            }
        }
        #expect(!holds("Content-Disposition: form-data; name=\"a-b-c\""))
        #expect(!holds("-x-x-x-") && !holds("-") && !holds(""))
        #expect(holds("x-x--x"))
    }

    @Test(arguments: [1, 3, 64, 1 << 16])
    func aCanonicalSectionWithTheBoundaryInItsNameIsReported(chunk: Int) {
        let body = "--AaB03x\r\nContent-Disposition: form-data; name=\"a--AaB03x--\"\r\n\r\n1\r\n--AaB03x--\r\n"
        #expect(Self.findings(body, chunk: chunk) == ["boundary-in-header@\(Self.offset(of: "a--", in: body) + 1)"])
    }

    @Test(arguments: [1, 5, 1 << 16])
    func eachPartIsReportedOnceAtItsFirstOccurrence(chunk: Int) {
        let first = "--AaB03x\r\nContent-Disposition: form-data; name=\"a\"; filename=\"--AaB03x --AaB03x\"\r\n"
            + "Content-Type: text/--AaB03x\r\n\r\nhi\r\n"
        let second = "--AaB03x\r\nContent-Disposition: form-data; name=\"b--AaB03x\"\r\n\r\n2\r\n--AaB03x--\r\n"
        let body = first + second
        let expected = [
            "boundary-in-header@\(Self.offset(of: "--AaB03x --", in: body))",
            "boundary-in-header@\(Self.offset(of: "b--", in: body) + 1)",
        ]
        #expect(Self.findings(body, chunk: chunk) == expected)
    }

    @Test(arguments: [1, 1 << 16])
    func dashesWithoutTheBoundaryAndAnotherBoundaryAreNotReported(chunk: Int) {
        let body = "--AaB03x\r\nContent-Disposition: form-data; name=\"a--b\"; filename=\"--AaB03\"\r\n"
            + "Content-Type: text/plain\r\n\r\n1\r\n--AaB03x--\r\n"
        #expect(Self.findings(body, chunk: chunk) == [])
    }
}
