import MultipartForm

/// What a `validate` input holds: `--input body|http|har|auto`.
enum InputFormat: String, CaseIterable {
    /// Detect from the first bytes.
    case auto
    /// A raw multipart body.
    case body
    /// A raw HTTP/1.x request: request line, header fields, body.
    case http
    /// A HAR file (HTTP Archive) from browser developer tools.
    case har

    /// How many leading bytes detection looks at.
    static let sniffLength = 64 * 1024

    /// The format of an input starting with `prefix` (all of it, if shorter than ``sniffLength``).
    ///
    /// A HAR file is JSON starting (after whitespace) with `{` and containing `"log"`; an HTTP
    /// request starts with `METHOD SP request-target SP HTTP/1.x` and a CRLF or LF; anything else is a body.
    static func detect(_ prefix: [UInt8]) -> InputFormat {
        var index = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[index]) { index += 1 }
        if index < prefix.count, prefix[index] == UInt8(ascii: "{"), contains(prefix, Array("\"log\"".utf8)) {
            return .har
        }
        if let newline = prefix.firstIndex(of: 0x0A) {
            var line = prefix[..<newline]
            if line.last == 0x0D { line = line.dropLast() }
            if HTTPRequestHead.isRequestLine(line) { return .http }
        }
        return .body
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }
}

/// One body validated from an input: a raw body, the body of an HTTP capture, or one HAR entry.
struct ValidatedBody {
    /// The name before each finding's position, for example `capture.http` or `log.har#entry-2`.
    var displayPath: String
    /// The name in the summary line, for example `log.har#entry-2 (POST https://example.com/)`.
    var label: String
    /// What the input was.
    var format: InputFormat
    /// A line printed before the findings (text format), if any.
    var header: String?
    var report: ValidationReport
    /// Where snippets read their bytes (positions are relative to it).
    var source: BodyInput
    var sourceLength: Int
    /// The Content-Type value the body was validated against.
    var contentType: String?
    /// Notes and warnings about the input itself.
    var messages: [CLIMessage]
    /// The request's method and URL (HTTP and HAR).
    var request: (method: String, url: String)?
    /// Why the body could not be validated at all (a HAR entry that does not hold it), or `nil`.
    var unavailable: String? = nil
    /// For an HTTP capture, each finding's line and column counted in the body (as `serve` counts
    /// them), parallel to the report's findings; empty when positions already count in the body.
    var bodyPositions: [(line: Int, column: Int)?] = []
}

/// Why an input produced no report.
enum InputPipelineError: Error {
    /// The file could not be read.
    case unreadable(InputError)
    /// The input is not what it was taken for: bad HTTP capture, bad HAR JSON.
    case malformed(format: InputFormat, message: String)
    /// A HAR file holding no multipart/form-data request.
    case noMultipartRequest(entries: Int)
}

/// Reads one input in a single pass, detecting its format from the first bytes when asked to.
final class InputPipeline {
    private var format: InputFormat
    private var prefix: [UInt8] = []
    private var validator: MultipartValidator?
    private var http: HTTPCaptureReader?
    private var document: [UInt8] = []
    private var failure: InputPipelineError?
    private let contentType: String?
    private let options: ValidationOptions

    init(format: InputFormat, contentType: String?, options: ValidationOptions) {
        self.format = format
        self.contentType = contentType
        self.options = options
    }

    /// Validates the input and returns one result per body (HAR files may hold several).
    func run(_ input: BodyInput, displayPath: String) throws(InputPipelineError) -> [ValidatedBody] {
        do throws(InputError) {
            try input.forEachChunk(stoppingEarly: { chunk in
                self.feed(chunk)
                return self.failure == nil
            })
        } catch {
            throw .unreadable(error)
        }
        if let failure { throw failure }
        if format == .auto { decide() }
        if let failure { throw failure }
        switch format {
        case .auto, .body:
            var validator = self.validator ?? MultipartValidator(contentType: contentType, options: options)
            let report = validator.finish()
            return [
                ValidatedBody(
                    displayPath: displayPath, label: displayPath, format: .body, report: report, source: input,
                    sourceLength: report.byteCount, contentType: contentType, messages: [])
            ]
        case .http:
            var reader = http ?? HTTPCaptureReader(contentType: contentType, options: options)
            let report: ValidationReport
            do throws(HTTPCaptureError) {
                report = try reader.finish(input: input)
            } catch {
                throw .malformed(format: .http, message: error.message)
            }
            let request = reader.head.map { ($0.method, $0.target) }
            return [
                ValidatedBody(
                    displayPath: displayPath, label: displayPath, format: .http, report: report, source: input,
                    sourceLength: reader.captureBytes, contentType: reader.contentType, messages: reader.messages,
                    request: request, bodyPositions: reader.bodyPositions)
            ]
        case .har:
            return try harBodies(displayPath: displayPath)
        }
    }

    private func feed(_ chunk: UnsafeRawBufferPointer) {
        if format == .auto {
            prefix.append(contentsOf: chunk)
            guard prefix.count >= InputFormat.sniffLength else { return }
            decide()
            return
        }
        dispatch(chunk)
    }

    /// Chooses the format from the bytes seen so far and passes them on.
    private func decide() {
        format = InputFormat.detect(prefix)
        let seen = prefix
        prefix = []
        seen.withUnsafeBytes { dispatch($0) }
    }

    private func dispatch(_ chunk: UnsafeRawBufferPointer) {
        guard failure == nil, !chunk.isEmpty else { return }
        switch format {
        case .auto, .body:
            if validator == nil { validator = MultipartValidator(contentType: contentType, options: options) }
            validator?.consume(chunk)
        case .http:
            if http == nil { http = HTTPCaptureReader(contentType: contentType, options: options) }
            do throws(HTTPCaptureError) {
                try http?.consume(chunk)
            } catch {
                failure = .malformed(format: .http, message: error.message)
            }
        case .har:
            guard document.count + chunk.count <= HARRequests.maxDocumentSize else {
                failure = .malformed(
                    format: .har, message: "the HAR file is larger than \(HARRequests.maxDocumentSize) bytes")
                return
            }
            document.append(contentsOf: chunk)
        }
    }

    private func harBodies(displayPath: String) throws(InputPipelineError) -> [ValidatedBody] {
        let har: HARRequests
        do throws(HARError) {
            har = try HARRequests(document: document)
        } catch {
            throw .malformed(format: .har, message: error.message)
        }
        document = []
        guard !har.entries.isEmpty else { throw .noMultipartRequest(entries: har.entryCount) }
        return har.entries.map { entry in
            let type = contentType ?? entry.contentType
            var validator = MultipartValidator(contentType: type, options: options)
            validator.consume(entry.body)
            let report = validator.finish()
            let name = "\(displayPath)#entry-\(entry.number)"
            let label = "\(name) (\(VisibleBytes.escape(entry.method)) \(VisibleBytes.escape(entry.url)))"
            if !entry.holdsBody {
                return ValidatedBody(
                    displayPath: name, label: label, format: .har, report: report,
                    source: BodyInput(standardInput: .bytes([])), sourceLength: 0, contentType: type, messages: [],
                    request: (entry.method, entry.url), unavailable: entry.fidelityNote ?? "the HAR file does not hold the body")
            }
            return ValidatedBody(
                displayPath: name, label: label, format: .har,
                header:
                    "\(label): \(TextReportRenderer.count(entry.body.count, "byte")) decoded from postData.text; offsets, lines and columns are relative to the decoded body",
                report: report, source: BodyInput(standardInput: .bytes(entry.body)), sourceLength: entry.body.count,
                contentType: type, messages: entry.fidelityNote.map { [CLIMessage(.note, $0)] } ?? [],
                request: (entry.method, entry.url))
        }
    }
}
