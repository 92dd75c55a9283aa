import MultipartForm
import MultipartFormCLI
import MultipartFormSystem

/// What `bench` times on each body: three floors, then the validator and the encoder.
enum BenchOperation: String, CaseIterable, Sendable {
    /// Floor: read the body and `memchr` for every CR in it.
    case memchr
    /// Floor: read the body and `memmem` for every `\r\n--boundary`.
    case delimiter
    /// Floor: read the body and write it to `/dev/null`.
    case copy
    /// Stream the body through the validator, parts not collected.
    case validate
    /// Validate with part collection, then materialise every part.
    case decode
    /// Stream the same form through the reference encoder to `/dev/null`.
    case encode

    /// Whether the operation is a floor that the others are compared with.
    var isFloor: Bool { self == .memchr || self == .delimiter || self == .copy }

    /// The floor this operation is compared with on `name`: copy for encode, the whole-delimiter
    /// search for crlf-heavy (where a stop at every CR crawls), memchr otherwise.
    func floor(on name: BenchCase.Name) -> BenchOperation? {
        switch self {
        case .memchr, .delimiter, .copy: return nil
        case .encode: return .copy
        case .validate, .decode: return name == .crlfHeavy ? .delimiter : .memchr
        }
    }

    /// The validator options every bench run uses: defaults, with the part limit raised past every
    /// case's part count so that all parts are collected and checked alike.
    static var validationOptions: ValidationOptions {
        var options = ValidationOptions()
        options.maxParts = 1_000_000
        return options
    }

    /// Runs the operation on `plan` three times, the third time timed, and returns what that run saw.
    ///
    /// The untimed runs leave the files the operation reads in the page cache (a kernel that
    /// reclaims pages not touched for a while, as DAMON's reclaim does on some virtual machines,
    /// would otherwise turn part of a run into disk reads) and pay the costs of a first call in a
    /// fresh process (lazy symbol binding, runtime metadata, the allocator's first pages), which
    /// are not what the bench measures.
    ///
    /// Two, because one does not pay all of the allocator's first pages: glibc maps a large block
    /// (from 128 KiB) on its own, and once it is freed, serves blocks of that size from its heap,
    /// which then grows into new pages: decode's second run on many fields still pays page faults
    /// for the report's parts, its third hardly any.
    ///
    /// An operation's input is made before the clock starts: the body file for the validator, which
    /// ``BenchCase/write()`` made, and the form for the encoder.
    func measure(_ plan: BenchCase) throws(BenchError) -> BenchSample {
        let form = self == .encode ? BenchEncode.form(of: plan) : FormData()
        _ = try run(plan, form: form)
        _ = try run(plan, form: form)
        let start = BenchClock.now()
        var sample = try run(plan, form: form)
        sample.nanoseconds = BenchClock.now() - start
        return sample
    }

    private func run(_ plan: BenchCase, form: FormData) throws(BenchError) -> BenchSample {
        switch self {
        case .memchr: return try Self.memchrFloor(plan)
        case .delimiter: return try Self.delimiterFloor(plan)
        case .copy: return try Self.copyFloor(plan)
        case .validate: return try Self.validate(plan, collect: false).sample
        case .decode: return try Self.decode(plan)
        case .encode: return try BenchEncode.run(plan, form: form)
        }
    }

    // MARK: Floors

    static let carriageReturn = UInt8(ascii: "\r")

    static func memchrFloor(_ plan: BenchCase) throws(BenchError) -> BenchSample {
        var found = 0
        let bytes = try BenchReader.forEachBlock(of: plan.bodyPath) { block in
            guard var cursor = block.baseAddress else { return }
            let end = cursor + block.count
            while cursor < end, let hit = RawMemory.memchrFunction(cursor, Int32(Self.carriageReturn), end - cursor) {
                found += 1
                cursor = UnsafeRawPointer(hit) + 1
            }
        }
        return BenchSample(bytes: bytes, found: found)
    }

    static func delimiterFloor(_ plan: BenchCase) throws(BenchError) -> BenchSample {
        let needle = Array("\r\n--\(BenchCase.boundary)".utf8)
        let keep = needle.count - 1
        guard let search = RawMemory.memmemFunction else { throw BenchError("memmem is not available on this system") }
        var found = 0
        // Each block is searched after the last `keep` bytes of the one before, so no match is missed.
        let window = UnsafeMutableRawBufferPointer.allocate(byteCount: keep + BodyInput.chunkSize, alignment: 16)
        defer { window.deallocate() }
        var held = 0
        let bytes = try BenchReader.forEachBlock(of: plan.bodyPath) { block in
            let base = window.baseAddress!
            (base + held).copyMemory(from: block.baseAddress!, byteCount: block.count)
            let filled = held + block.count
            needle.withUnsafeBytes { pattern in
                var cursor = UnsafeRawPointer(base)
                let end = UnsafeRawPointer(base) + filled
                while let hit = search(cursor, end - cursor, pattern.baseAddress, pattern.count) {
                    found += 1
                    cursor = UnsafeRawPointer(hit) + 1
                }
            }
            held = min(keep, filled)
            base.copyMemory(from: base + (filled - held), byteCount: held)
        }
        return BenchSample(bytes: bytes, found: found)
    }

    static func copyFloor(_ plan: BenchCase) throws(BenchError) -> BenchSample {
        let sink = try BenchSink()
        let bytes = try BenchReader.forEachBlock(of: plan.bodyPath) { block in sink.write(block) }
        return BenchSample(bytes: bytes, found: sink.failed ? 0 : bytes)
    }

    // MARK: The validator

    /// Streams the body through a validator, handing it ``BenchCase/feedSize`` bytes at a time.
    static func validate(_ plan: BenchCase, collect: Bool) throws(BenchError) -> (sample: BenchSample, report: ValidationReport) {
        var options = validationOptions
        options.collectParts = collect
        var validator = MultipartValidator(contentType: BenchCase.contentType, options: options)
        let feed = plan.feedSize
        let bytes = try BenchReader.forEachBlock(of: plan.bodyPath) { block in
            if feed >= block.count {
                validator.consume(block)
                return
            }
            var start = 0
            while start < block.count {
                let end = min(start + feed, block.count)
                validator.consume(UnsafeRawBufferPointer(rebasing: block[start..<end]))
                start = end
            }
        }
        let report = validator.finish()
        let sample = BenchSample(
            bytes: bytes, parts: report.partCount, errors: report.errorCount, warnings: report.warningCount)
        return (sample, report)
    }

    /// Validates with collection, then reads the body once more and materialises each part in turn:
    /// name, filename and Content-Type as strings, content copied into its own array.
    static func decode(_ plan: BenchCase) throws(BenchError) -> BenchSample {
        var (sample, report) = try validate(plan, collect: true)
        var materialiser = BenchMaterialiser(parts: report.parts)
        _ = try BenchReader.forEachBlock(of: plan.bodyPath) { block in materialiser.take(block) }
        materialiser.finish()
        sample.found = materialiser.materialised
        sample.checksum = materialiser.checksum
        return sample
    }
}

/// What one run of an operation saw, and how long it took.
struct BenchSample: Sendable, Equatable {
    /// Wall-clock nanoseconds of the run.
    var nanoseconds = 0
    /// Bytes read (or, for encode, written).
    var bytes = 0
    /// Parts the validator framed.
    var parts: Int?
    /// Errors the validator found.
    var errors: Int?
    /// Warnings the validator found.
    var warnings: Int?
    /// What a floor found (CRs, delimiters, bytes copied) or parts materialised by decode.
    var found: Int?
    /// A value computed from the materialised bytes, so the work cannot be optimised away.
    var checksum: Int?
    /// The process's peak resident set size in bytes, when the run had a process of its own.
    var peakResidentBytes: Int?

    /// `key=value` pairs on one line, as a worker prints them.
    var line: String {
        var fields = ["ns=\(nanoseconds)", "bytes=\(bytes)"]
        if let parts { fields.append("parts=\(parts)") }
        if let errors { fields.append("errors=\(errors)") }
        if let warnings { fields.append("warnings=\(warnings)") }
        if let found { fields.append("found=\(found)") }
        if let checksum { fields.append("checksum=\(checksum)") }
        if let peakResidentBytes { fields.append("rss=\(peakResidentBytes)") }
        return fields.joined(separator: " ")
    }

    /// Reads a worker's line back; `nil` if it is not one.
    init?(line: String) {
        var values: [String: Int] = [:]
        for field in line.split(separator: " ") {
            let pair = field.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, let value = Int(pair[1]) else { return nil }
            values[String(pair[0])] = value
        }
        guard let nanoseconds = values["ns"], let bytes = values["bytes"] else { return nil }
        self.nanoseconds = nanoseconds
        self.bytes = bytes
        parts = values["parts"]
        errors = values["errors"]
        warnings = values["warnings"]
        found = values["found"]
        checksum = values["checksum"]
        peakResidentBytes = values["rss"]
    }

    init(
        bytes: Int, parts: Int? = nil, errors: Int? = nil, warnings: Int? = nil, found: Int? = nil
    ) {
        self.bytes = bytes
        self.parts = parts
        self.errors = errors
        self.warnings = warnings
        self.found = found
    }
}

/// A monotonic clock in nanoseconds.
enum BenchClock {
    static func now() -> Int {
        SystemCalls.monotonicNanoseconds()
    }
}
