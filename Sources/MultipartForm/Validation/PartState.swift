/// A position with its line and column, kept for findings reported after the bytes have gone.
struct Located {
    var offset: Int
    var line: Int
    var column: Int
}

/// A header field being read: its first line and any continuation lines.
struct PendingField {
    /// Each physical line's content (line break removed), start offset and line number.
    var lines: [(content: [UInt8], start: Int, number: Int)]
    /// Whether the field's first line was preceded by whitespace that was stripped.
    var strippedLeading = 0

    /// The line and column of an offset inside the field.
    func locate(_ offset: Int) -> Located {
        var chosen = lines[0]
        for line in lines where line.start <= offset { chosen = line }
        return Located(offset: offset, line: chosen.number, column: offset - chosen.start + 1)
    }
}

/// Boxes a nested engine so the engine type can contain itself.
final class NestedValidation {
    var engine: ValidationEngine
    init(_ engine: ValidationEngine) { self.engine = engine }
}

/// Everything known about the part being read.
struct PartState {
    var index: Int
    var collect: Bool
    var headerStart = 0
    var headerLocation = Located(offset: 0, line: 1, column: 1)
    var headersDone = false
    var headerEnd = 0

    // Header reading.
    var line: [UInt8] = []
    /// Whether the last byte read on the current header line is CR.
    var lineEndsWithCR = false
    var lineStartOffset = 0
    var lineCount = 0
    var sectionBytes = 0
    var skipping = false
    var field: PendingField?

    // What the headers said.
    var sawDisposition = false
    var dispositionName: Located?
    var name: [UInt8]?
    var filename: [UInt8]?
    var filenameParameter: Located?
    var contentType: [UInt8]?
    var contentTypeName: Located?
    var media: MediaType?
    var sawTransferEncoding = false
    var transferEncoding: [UInt8]?
    var transferEncodingValue: Located?

    // Content.
    var bodyStart = 0
    var bodyLocation = Located(offset: 0, line: 1, column: 1)
    /// Whether the blank line that ends the headers arrived, so the part has a body section (and ``bodyLocation``).
    var hasBodySection = false
    var utf8: UTF8Check?
    var utf8Reported = false
    var contentEndLineFeeds = 0
    var contentEndLineStart = 0
    var charsetValue: [UInt8]?
    var nested: NestedValidation?
}
