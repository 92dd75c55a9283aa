/// The validator's streaming state machine: RFC 2046 §5.1.1 framing plus the rule checks.
///
/// Bytes are processed strictly in order and each byte is passed once; part content is never
/// buffered. Only a delimiter prefix at a chunk's end (at most the delimiter's length), the current
/// header line (bounded by the limits), and fixed-size head and tail windows are kept.
///
/// The folders follow RFC 2046 §5.1.1's grammar: `Framing/` finds the boundary and the delimiter
/// lines (the search, the line after `--boundary`, the boundary parameter), `Headers/` reads a
/// body part's header section, `Content/` checks what follows its blank line, `Parts/` starts and
/// ends a part and keeps what it recorded, `OneStep/` holds the shortcuts and `State/` the engine's
/// stored values. This file, `ValidationEngine+Phase.swift` and `ValidationEngine+Finish.swift`
/// are the machine itself: its state, its phases and the end of the body.
///
/// ``step(_:_:)`` dispatches on ``phase`` (``Phase``, in `ValidationEngine+Phase.swift`). A part's life:
/// 1. `Framing/ValidationEngine+Scanning.swift`: ``scan(_:_:region:carry:)`` finds `LF "--" boundary` with
///    ``DelimiterSearch``, hands the bytes before it to ``content(_:_:offset:region:counted:)`` (the
///    previous part's content: ``feedPart(_:_:offset:)``). When the line's CRLF follows the
///    boundary in the chunk, the one-step reader takes over (`OneStep/`, below); otherwise
///    ``matchedDelimiter(_:region:)`` moves to ``Phase/delimiterLine(_:_:)``, which holds the match.
/// 2. `Framing/ValidationEngine+DelimiterLine.swift`: the rest of the line is read a byte at a time by
///    ``delimiterLineStep(_:state:candidate:)``. Either way ``confirm(_:close:)`` ends the previous part
///    (``endPart(contentEnd:)``, `Parts/ValidationEngine+Part.swift`) and ``lineEnded(_:)`` starts the
///    next one (``startPart(delimiterOffset:line:)``) and moves to ``Phase/headers(_:)``.
/// 3. The header section is read line by line by ``headerBytes(_:_:reading:)`` and
///    ``headerLineEnded(lfOffset:reading:)`` (`Headers/ValidationEngine+HeaderLines.swift`) into
///    the reader's field, each field interpreted by `interpretField()` (`Headers/`, and for a nested
///    multipart Content-Type `Framing/ValidationEngine+ContentType.swift`).
/// 4. The blank line: ``endHeaders(lfOffset:carry:)`` makes the part-level checks
///    (``finishHeaders(end:)``) and moves to scanning the part's content, back at step 1.
///
/// The one-step paths (`OneStep/`) read what browsers send most, whole in a chunk, without the
/// byte-at-a-time phases: a delimiter line `--boundary CRLF`, then the header section a browser
/// writes for a field or a file, or whole plain text fields one after another. They have one door,
/// ``delimiterLineInOneStep(_:_:matched:region:)``, which the scanner opens when a delimiter's
/// line ends in the chunk. What they may read is decided by the framing's ``OneStepReader``, which
/// only looks: it returns what it recognised, and the engine carries that out with the
/// transitions the byte-at-a-time path uses (``endPart(contentEnd:)``,
/// ``startPart(delimiterOffset:line:)``, ``beginHeaders()``, ``setPartName(borrowing:)``,
/// ``endHeaders(lfOffset:carry:)``). The general path takes no shortcut of its own.
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
/// a time and with the shortcuts off (``ValidationOptions/readsInOneStep``; the framing's
/// ``Framing/oneStep`` is then `nil`).
///
/// The state is in a handful of values, each owned by what reads it:
/// - ``configuration``: what the engine was made with;
/// - ``framing``: what the boundary determines, `nil` until one is known;
/// - ``phase``: the current phase and the data only it needs (``Phase``), changed only through the
///   transitions below (``scanRegion(_:carry:)``, ``classifyLine(_:_:)``, ``skipLine(opening:)``,
///   ``readHeaders(_:)``, ``stopFraming()``);
/// - ``cursor``: the stream offset of the next byte and the line it is on;
/// - ``shown``: what the body has shown so far (parts, names, its first and last bytes);
/// - ``reader``: the part being read, if any, and the buffers reused from part to part;
/// - ``collector``: the report being built.
struct ValidationEngine {
    /// What the engine was made with.
    let configuration: Configuration
    /// The report being built.
    var collector: DiagnosticCollector
    /// What the boundary determines, once it is known (given or inferred).
    var framing: Framing?
    /// The current phase and the data only it needs (see ``Phase``); changed only by the transitions
    /// in this file.
    private(set) var phase: Phase = .inferring
    /// Where the next byte is.
    var cursor = Cursor()
    /// What the body has shown so far.
    var shown = BodySoFar()
    /// The part being read and the buffers its readers reuse.
    var reader = PartReader()
    #if MULTIPART_ENGINE_OBSERVER
    /// Counts for the tests and the engine's tools; compiled only where the condition is defined
    /// (the package's debug builds), so that production engines carry nothing for them.
    var observer = EngineObserver()
    #endif

    init(contentType: [UInt8]?, options: ValidationOptions, depth: Int) {
        configuration = Configuration(
            options: options, depth: depth, formData: true, collecting: options.collectParts,
            hadContentType: contentType != nil)
        collector = DiagnosticCollector(limit: options.maxDiagnostics)
        if let contentType {
            let value = HeaderValue(plain: contentType)
            let media = MediaType.parse(contentType)
            if let given = checkBoundaryParameters(media, value: value, outer: true), Self.canFrame(given) {
                setBoundary(given)
            }
        }
    }

    /// An engine for the content of a nested multipart part.
    init(nestedBoundary: [UInt8]?, options: ValidationOptions, depth: Int) {
        configuration = Configuration(options: options, depth: depth, formData: false, collecting: false, hadContentType: false)
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
        framing = Framing(boundary: value, options: options)
        // The start of the body counts as the start of a line.
        scanRegion(.preamble, carry: .virtualLineFeed(at: -1))
    }

    mutating func consume(_ chunk: UnsafeRawBufferPointer) {
        guard chunk.count > 0 else { return }
        remember(chunk)
        var index = 0
        while index < chunk.count {
            index = step(chunk, index)
        }
        // The caller may reuse the chunk once this returns.
        reader.bytes.settle()
    }

    /// Keeps the first and last bytes of the stream for diagnoses made at the end.
    mutating func remember(_ chunk: UnsafeRawBufferPointer) {
        shown.ends.append(chunk)
    }

    /// Processes bytes from `index` in the current phase and returns where processing stopped.
    mutating func step(_ chunk: UnsafeRawBufferPointer, _ index: Int) -> Int {
        let base = position - index
        switch phase {
        case .inferring:
            return collectInferenceLine(chunk, index)
        case .unframed:
            cursor.pass(chunk, index..<chunk.count, offset: base + index)
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
            cursor.pass(chunk, index..<(end + 1), offset: base + index)
            position = base + end + 1
            lineEnded(next)
            return end + 1
        case .headers(let reading):
            return headerBytes(chunk, index, reading: reading)
        }
    }

    // MARK: Transitions between phases

    /// Looks for the next delimiter in `region`, holding `carry` from the last chunk's end.
    @inline(__always)
    mutating func scanRegion(_ region: Region, carry: DelimiterCarry = DelimiterCarry()) {
        phase = .scanning(region, carry: carry)
    }

    /// Reads the line `candidate` began, classified as far as `state` says.
    @inline(__always)
    mutating func classifyLine(_ candidate: PendingDelimiter, _ state: DelimiterLineState) {
        phase = .delimiterLine(candidate, state)
    }

    /// Passes over the rest of a malformed delimiter line; `next` begins once it ends.
    mutating func skipLine(opening next: AfterDelimiterLine) {
        phase = .skipLine(next)
    }

    /// Reads the current part's header section, as far as `reading` says.
    @inline(__always)
    mutating func readHeaders(_ reading: HeaderReading) {
        phase = .headers(reading)
    }

    /// No boundary frames the body: the rest is only counted.
    mutating func stopFraming() {
        phase = .unframed
    }
}

extension ValidationEngine {
    // Short names for what the engine's readers use most, read where it is owned.

    var options: ValidationOptions { configuration.options }
    var depth: Int { configuration.depth }
    /// Whether parts are form-data parts (false inside a nested multipart/mixed body).
    var formData: Bool { configuration.formData }
    /// Whether the report lists the parts.
    var collecting: Bool { configuration.collecting }

    /// The stream offset of the next byte.
    var position: Int {
        get { cursor.position }
        _modify { yield &cursor.position }
    }
    /// The line feeds passed so far, and the offset the current line starts at.
    var lineFeeds: Int { cursor.lineFeeds }
    var lineStart: Int { cursor.lineStart }

    /// The boundary, once known.
    var boundary: [UInt8]? { framing?.boundary }
    /// The framing's search for `LF "--" boundary`; only read once a boundary frames the body.
    var search: DelimiterSearch {
        _read { yield framing!.search }
    }
    /// `"--" boundary`; only read once a boundary frames the body.
    var dashBoundary: [UInt8] {
        _read { yield framing!.dashBoundary }
    }
    /// `CR LF "--" boundary "-"`; only read once a boundary frames the body.
    var delimiterLine: [UInt8] {
        _read { yield framing!.delimiterLine }
    }
    /// What the one-step paths may read; `nil` while no boundary is known or with the shortcuts off.
    var oneStep: OneStepReader? { framing?.oneStep }

    /// The part being read: only read and written while ``hasPart``.
    var part: PartState {
        _read { yield reader.part! }
        _modify { yield &reader.part! }
    }
    /// Whether a part is being read.
    var hasPart: Bool {
        // A pattern match reads only the tag; comparing with `nil` copied the whole part first.
        if case .none = reader.part { return false }
        return true
    }
}
