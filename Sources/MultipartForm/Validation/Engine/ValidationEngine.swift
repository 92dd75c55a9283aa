/// The validator's streaming state machine: RFC 2046 §5.1.1 framing plus the rule checks.
///
/// Bytes are processed strictly in order and each byte is passed once; part content is never
/// buffered. Only a delimiter prefix at a chunk's end (at most the delimiter's length), the current
/// header line (bounded by the limits), and fixed-size head and tail windows are kept.
///
/// ``step(_:_:)`` dispatches on ``phase`` (``Phase``, in `ValidationEngine+Phase.swift`). A part's life:
/// 1. `ValidationEngine+Scanning.swift`: ``scan(_:_:region:carry:)`` finds `LF "--" boundary` with
///    ``DelimiterSearch``, hands the bytes before it to ``content(_:_:offset:region:counted:)`` (the
///    previous part's content: ``feedPart(_:_:offset:)``). When the line's CRLF follows the
///    boundary in the chunk, the one-step reader takes over (`OneStep/`, below); otherwise
///    ``matchedDelimiter(_:region:)`` moves to ``Phase/delimiterLine(_:_:)``, which holds the match.
/// 2. `ValidationEngine+DelimiterLine.swift`: the rest of the line is read a byte at a time by
///    ``delimiterLineStep(_:state:candidate:)``. Either way ``confirm(_:close:)`` ends the previous part
///    (``endPart(contentEnd:)``, `ValidationEngine+Part.swift`) and ``lineEnded(_:)`` starts the
///    next one (``startPart(delimiterOffset:line:)``) and moves to ``Phase/headers(_:)``.
/// 3. The header section is read line by line by ``headerBytes(_:_:reading:)`` and
///    ``headerLineEnded(lfOffset:reading:)`` (`ValidationEngine+HeaderLines.swift`) into ``field``,
///    each field interpreted by `interpretField()` (`ValidationEngine+HeaderFields.swift`,
///    `ValidationEngine+Disposition.swift`, `ValidationEngine+ContentType.swift`).
/// 4. The blank line: ``endHeaders(lfOffset:)`` makes the part-level checks
///    (``finishHeaders(end:)``) and moves to scanning the part's content, back at step 1.
///
/// The one-step paths (`OneStep/`) read what browsers send most, whole in a chunk, without the
/// byte-at-a-time phases: a delimiter line `--boundary CRLF`
/// (``delimiterLineInOneStep(_:_:matched:region:)``), then the header section a browser writes for
/// a field (``canonicalHeaderSection(_:_:)``), or whole plain text fields one after another
/// (``readPlainFields(_:base:delimiterEnd:matched:)``). ``searchOn(_:from:)`` then goes on to the
/// content at once, part after part, without a return through ``step(_:_:)``. The scanner is their
/// one way in. What they may read is decided by ``oneStep`` (``OneStepReader``), which only looks:
/// it returns what it recognised, and the engine carries that out with the transitions the
/// byte-at-a-time path uses (``endPart(contentEnd:)``, ``startPart(delimiterOffset:line:)``,
/// ``recordDisposition(_:in:fieldName:filenameAttribute:inChunk:)``, ``startContent(lfOffset:carry:)``).
/// Header values in their canonical form are also recorded without being parsed
/// (`interpretField()`, ``readDisposition(_:cut:)``).
///
/// Transitions and checks say what they saw as events, never as worded findings: a ``FramingEvent``
/// (the delimiter search, delimiter lines, the end of the body), a ``HeaderEvent`` (header lines and
/// fields), a ``DispositionEvent`` (a Content-Disposition value), a ``PartEvent`` (a part as a whole:
/// its headers together, its Content-Type, its content, its name) or a ``BoundaryEvent`` (a multipart
/// Content-Type and its boundary). Each is handed to a `note(_:at:...)`, and the event's own file is
/// the one place that gives it a rule and a wording; the collector keeps or counts the finding.
///
/// The one-step paths are shortcuts, not second readers: they take only input on which the
/// byte-at-a-time path reports nothing of its own and leave the engine exactly as it would, which
/// the tests and the fuzz target check by comparing whole bodies with the same bodies fed a byte at
/// a time. ``ValidationOptions/readsInOneStep`` turns them off (``oneStep`` is then `nil`).
///
/// Where the state is:
/// - what only one phase needs is that phase's payload (``Phase``): the bytes held at a chunk's end
///   while scanning, the `--boundary` whose line is being classified, how far a header section has
///   been read;
/// - what a part carries from its headers to its end is ``part`` (``PartState``), plain data that
///   each part overwrites; the bytes it keeps are in buffers reused from part to part (its header
///   values in ``partBytes``, the header line and field being read in ``headerLine`` and ``field``),
///   so that reading a part allocates nothing once they have grown;
/// - the rest belongs to the whole body: the framing, the position, what the body has shown so far,
///   and the report being built.
struct ValidationEngine {
    let options: ValidationOptions
    let depth: Int
    /// Whether parts are form-data parts (false inside a nested multipart/mixed body).
    let formData: Bool
    var collector: DiagnosticCollector
    /// The boundary the body is framed with, once known (given or inferred).
    var boundary: [UInt8]?
    /// Finds `LF "--" boundary`; set with the boundary (``setBoundary(_:)``), before any phase that reads it.
    var search = DelimiterSearch(boundary: [])
    /// `"--" boundary`, empty while no boundary is known.
    var dashBoundary: [UInt8] = []
    /// `CR LF "--" boundary "-"`: every byte a held or matched delimiter can consist of.
    var delimiterLine: [UInt8] = []
    /// Recognises what the one-step paths read (`OneStep/`); set with the boundary, and `nil` when
    /// ``ValidationOptions/readsInOneStep`` is off or no header line may be read.
    var oneStep: OneStepReader?
    /// Finds `--boundary` inside part content (``findBoundaryText(_:_:offset:lineFeeds:lineStart:)``);
    /// made the first time content needs it (its table takes 64 KiB), dropped when the boundary is set.
    var boundaryText: DashBoundarySearch?

    /// The current phase and the data only it needs (see ``Phase``).
    var phase: Phase = .inferring
    /// The stream offset of the next byte, and the line it is on.
    var position = 0
    var lineFeeds = 0
    var lineStart = 0
    var previousLineStart = 0

    // What the body has shown so far.
    /// Where the epilogue starts, once the close delimiter's line has ended.
    var epilogue: Located?
    /// The first ``headCapacity`` and the last ``tailCapacity`` bytes of the stream, for diagnoses made at the end.
    var ends = StreamEnds(headCapacity: Self.headCapacity, tailCapacity: Self.tailCapacity)
    /// The first bytes of the stream.
    var head: [UInt8] { ends.head }
    static let headCapacity = 4096
    static let tailCapacity = 256

    var partCount = 0
    /// How many parts ``readPlainFields(_:base:delimiterEnd:matched:)`` read whole: the tests check
    /// that the path is taken, and `.tools/engine-snapshot/count.sh` prints it beside instruction
    /// counts, which it explains.
    var partsReadInOneStep = 0
    var parts: [DecodedPart] = []
    /// The part being read, while ``hasPart``; a part overwrites the last one's. Not an optional:
    /// most of the engine runs only inside a part, and an optional would put a check, or a trap, at
    /// every one of its reads and writes.
    var part = PartState(index: 0, collect: false)
    /// Whether a part is being read.
    var hasPart = false
    /// The header line being read, up to ``headerLineWindow`` bytes plus its line break; reused for every line.
    var headerLine = ByteBuffer()
    /// The header field being read; reused for every field.
    var field = PendingField()
    /// Holds a header field's value while it is interpreted; reused for every field.
    var valueBuffer: [UInt8] = []
    /// Holds a parsed Content-Disposition while it is checked; reused for every part.
    var dispositionBuffer = Disposition()
    /// The values of the current part's headers and its `_charset_` value, which ``part`` says it has.
    var partBytes = PartBytes()
    /// The validation of the current part's content as a multipart body (when ``PartState/Content/hasNested``).
    var nested: NestedBody?
    /// The check of the current part's content against its transfer encoding (when
    /// ``PartState/Content/checksTransferEncoding``); reused for every part.
    var transferCheck = TransferContentCheck(.base64)
    /// Whether a delimiter line after a close delimiter that came first was reported
    /// (`close-delimiter-before-parts`, once a body).
    var reportedDelimiterAfterCloseFirst = false

    var formCharsetIsUTF8 = true
    /// The names parts of this body carried, each with the first part's index (at most ``repeatedNameCapacity``).
    var seenNames = SeenNames(capacity: repeatedNameCapacity)
    /// Whether the preamble holds a byte other than CR, LF, space and tab.
    var preambleHasText = false
    /// Whether the report lists the parts.
    let collecting: Bool
    /// Whether the body came with a Content-Type (the boundary is inferred only for one that did not).
    let hadContentType: Bool

    init(contentType: [UInt8]?, options: ValidationOptions, depth: Int) {
        self.options = options
        self.depth = depth
        self.formData = true
        self.collecting = options.collectParts
        collector = DiagnosticCollector(limit: options.maxDiagnostics)
        self.hadContentType = contentType != nil
        if let contentType {
            let value = HeaderValue(plain: contentType)
            let media = MediaType.parse(contentType)
            boundary = checkBoundaryParameters(media, value: value, outer: true)
            if let given = boundary, !Self.canFrame(given) { boundary = nil }
        }
        if let boundary { setBoundary(boundary) }
    }

    /// An engine for the content of a nested multipart part.
    init(nestedBoundary: [UInt8]?, options: ValidationOptions, depth: Int) {
        self.options = options
        self.depth = depth
        self.formData = false
        self.collecting = false
        self.hadContentType = false
        collector = DiagnosticCollector(limit: options.maxDiagnostics)
        if let nestedBoundary, Self.canFrame(nestedBoundary) {
            setBoundary(nestedBoundary)
        }
    }

    /// Whether a boundary can frame a body: it holds no CR or LF. (One that does is reported as
    /// invalid; framing with it would let a delimiter begin inside another, which the search and the
    /// held-candidate logic rule out. The boundary is then inferred from the body instead.)
    static func canFrame(_ boundary: [UInt8]) -> Bool {
        !boundary.contains(ByteClass.cr) && !boundary.contains(ByteClass.lf)
    }

    /// Frames the body with `value` and starts scanning the preamble.
    mutating func setBoundary(_ value: [UInt8]) {
        boundary = value
        search = DelimiterSearch(boundary: value)
        dashBoundary = [ByteClass.dash, ByteClass.dash] + value
        delimiterLine = [ByteClass.cr] + search.pattern + [ByteClass.dash]
        if options.readsInOneStep { oneStep = OneStepReader(dashBoundaryLength: dashBoundary.count, options: options) }
        boundaryText = nil
        // The start of the body counts as the start of a line.
        phase = .scanning(.preamble, carry: .virtualLineFeed(at: -1))
    }

    mutating func consume(_ chunk: UnsafeRawBufferPointer) {
        guard chunk.count > 0 else { return }
        remember(chunk)
        var index = 0
        while index < chunk.count {
            index = step(chunk, index)
        }
        // The caller may reuse the chunk once this returns.
        partBytes.settle()
    }

    /// Keeps the first and last bytes of the stream for diagnoses made at the end.
    mutating func remember(_ chunk: UnsafeRawBufferPointer) {
        ends.append(chunk)
    }

    /// Processes bytes from `index` in the current phase and returns where processing stopped.
    mutating func step(_ chunk: UnsafeRawBufferPointer, _ index: Int) -> Int {
        let base = position - index
        switch phase {
        case .inferring:
            return collectInferenceLine(chunk, index)
        case .unframed:
            pass(chunk, index..<chunk.count, offset: base + index)
            position = base + chunk.count
            return chunk.count
        case .scanning(let region, let carry):
            return scan(chunk, index, region: region, carry: carry)
        case .delimiterLine(let candidate, let state):
            return delimiterLineStep(chunk[index], state: state, candidate: candidate) ? index + 1 : index
        case .skipLine(let next):
            var end = index
            while end < chunk.count && chunk[end] != ByteClass.lf { end += 1 }
            if end == chunk.count {
                position = base + end
                return end
            }
            pass(chunk, index..<(end + 1), offset: base + index)
            position = base + end + 1
            lineEnded(next)
            return end + 1
        case .headers(let reading):
            return headerBytes(chunk, index, reading: reading)
        }
    }

    // MARK: The rest of a delimiter line
}

