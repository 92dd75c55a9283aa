/// A position with its line and column, kept for findings reported after the bytes have gone.
struct Located {
    var offset: Int
    var line: Int
    var column: Int
}

/// A header field being read: its first line and any continuation lines.
///
/// One value lives in the engine and is reused for every field, so reading headers allocates
/// nothing once its buffers have grown to the longest field seen, and forgetting a field is O(1).
struct PendingField {
    /// One physical line of the field.
    struct Line {
        /// Where the line's bytes are in ``PendingField/bytes``.
        var range: Range<Int>
        /// The stream offset of its first byte.
        var start: Int
        /// Its one-based line number.
        var number: Int
    }

    /// The lines' bytes one after another, line breaks removed.
    private(set) var bytes = ByteBuffer()
    /// The lines; entries from ``lineCount`` on are stale.
    private var storedLines: [Line] = []
    /// The number of lines.
    private(set) var lineCount = 0
    /// Whether the field's first line was preceded by whitespace that was stripped.
    var strippedLeading = 0
    /// Whether the field's last line was cut where the header section passed its limit: the value
    /// is read as far as it goes, and nothing is reported about what the cut took away.
    var isCut = false

    /// Whether no field is being read.
    var isEmpty: Bool { lineCount == 0 }

    /// Forgets the field, keeping the buffers.
    mutating func clear() {
        bytes.removeAll()
        lineCount = 0
        strippedLeading = 0
        isCut = false
    }

    /// Adds a physical line that starts at stream offset `start`.
    mutating func append(_ content: ByteBuffer, start: Int, number: Int) {
        let from = bytes.count
        bytes.append(content.bytes)
        let line = Line(range: from..<bytes.count, start: start, number: number)
        if lineCount < storedLines.count {
            storedLines[lineCount] = line
        } else {
            storedLines.append(line)
        }
        lineCount += 1
    }

    /// Starts the field with its first line by taking `line`'s storage instead of copying it; `line`
    /// is left empty, holding the field's old storage. The field must be empty.
    mutating func start(taking line: inout ByteBuffer, start: Int, number: Int) {
        precondition(isEmpty, "the field already has a line")
        swap(&bytes, &line)
        line.removeAll()
        let first = Line(range: 0..<bytes.count, start: start, number: number)
        if storedLines.isEmpty {
            storedLines.append(first)
        } else {
            storedLines[0] = first
        }
        lineCount = 1
        strippedLeading = 0
        isCut = false
    }

    /// Line `index` (less than ``lineCount``).
    func line(_ index: Int) -> Line {
        precondition(index < lineCount, "line index out of range")
        return storedLines[index]
    }

    /// The bytes of line `index`.
    func content(_ index: Int) -> ArraySlice<UInt8> { bytes[line(index).range] }

    /// The line and column of an offset inside the field.
    func locate(_ offset: Int) -> Located {
        var chosen = line(0)
        for index in 0..<lineCount where storedLines[index].start <= offset { chosen = storedLines[index] }
        return Located(offset: offset, line: chosen.number, column: offset - chosen.start + 1)
    }
}

/// Everything known about the part being read, by the stage of its life that learns it: where it
/// lies (set as it is read), what its headers said (``Headers``, while the header section is read),
/// and how its content is checked (``Content``, from the blank line on).
///
/// Plain data (no references): a part starts by overwriting it and ends by dropping it, with no
/// reference counting. Bytes a part's checks need later are in the engine's reused buffers, and a
/// nested body's validation in ``ValidationEngine/PartReader/nested``; the flags here say which are the part's.
struct PartState {
    var index: Int
    var collect: Bool

    // Where it lies.
    var headerStart = 0
    var headerLocation = Located(offset: 0, line: 1, column: 1)
    var headersDone = false
    var headerEnd = 0
    /// Whether the header section passed its byte limit, so the fields past it were not read: the
    /// part is then not said to lack a field, which may lie past the limit.
    var sectionCut = false
    var bodyStart = 0
    var bodyLocation = Located(offset: 0, line: 1, column: 1)
    /// Whether the blank line that ends the headers arrived, so the part has a body section (and ``bodyLocation``).
    var hasBodySection = false

    /// What the header section said, field by field.
    var headers = Headers()
    /// The checks of the content the headers called for, and where they have got to.
    var content = Content()

    /// What the header section said: written while it is read, read by the part-level checks at its
    /// end and by the content checks.
    struct Headers {
        var sawDisposition = false
        var dispositionName: Located?
        /// Whether the name parameter was read (its bytes are in ``PartBytes/name``).
        var hasName = false
        /// Whether the filename parameter was read (its bytes are in ``PartBytes/filename``).
        var hasFilename = false
        var filenameParameter: Located?
        /// What the Content-Type field said, once read (its bytes are in ``PartBytes/contentType``).
        var media: PartMedia?
        var contentTypeName: Located?
        var sawTransferEncoding = false
        /// Whether a Content-Transfer-Encoding naming a known or `x-` mechanism was read (its bytes are
        /// in ``PartBytes/transferEncoding``).
        var hasTransferEncoding = false
        var transferEncodingValue: Located?
        /// Whether `--boundary` was found in one of the header lines (it is reported once).
        var sawBoundaryInHeader = false
    }

    /// The checks of the content: set up when the header section ends (a nested body as soon as its
    /// Content-Type is read), advanced as the content arrives, and finished when the part ends.
    struct Content {
        var utf8: UTF8Check?
        var utf8Reported = false
        /// The line the content read so far ends on, and where that line starts: findings made at the
        /// content's end are placed there.
        var endLine = 0
        var endLineStart = 0
        /// Whether the part is the `_charset_` field, whose value's first bytes are kept (in
        /// ``PartBytes/charsetValue``).
        var keepsCharsetValue = false
        /// Whether the part is itself a multipart body (validated by ``ValidationEngine/PartReader/nested``).
        var hasNested = false
        /// Whether the content is still searched for `--boundary` in the middle of a line (until the
        /// first such occurrence is reported).
        var looksForBoundaryText = true
        /// How much of `--boundary` the content read so far ends with (``DashBoundarySearch/State``).
        var boundaryTextState: DashBoundarySearch<PairSampling>.State = 0
        /// How many of the content's first bytes were searched (at most ``ValidationEngine/boundaryTextWindow``).
        var boundaryTextSearched = 0
        /// The offset of the `--` of the last content line that starts with `--boundary`: that line is
        /// `boundary-prefix-line`'s, so the search passes over it.
        var prefixLineDash = -1
        /// Whether the content is checked against the transfer encoding the part declares, base64 or
        /// quoted-printable (by ``ValidationEngine/PartReader/transferCheck``).
        var checksTransferEncoding = false

        /// The content read so far ends on line `line`, which starts at `start`.
        @inline(__always)
        mutating func endsOnLine(_ line: Int, startingAt start: Int) {
            endLine = line
            endLineStart = start
        }

        /// `count` more bytes were searched for `--boundary` without a finding, the search left in
        /// `state`; the search stops once `window` bytes were.
        @inline(__always)
        mutating func searchedForBoundaryText(_ count: Int, state: DashBoundarySearch<PairSampling>.State, window: Int) {
            boundaryTextSearched &+= count
            boundaryTextState = state
            if boundaryTextSearched == window { looksForBoundaryText = false }
        }
    }
}
