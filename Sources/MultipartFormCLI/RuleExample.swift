import MultipartForm

/// A minimal input that shows a rule: the Content-Type value sent (if any), the body, and any
/// limits that differ from the defaults.
struct RuleExample {
    /// The Content-Type header value, or `nil` when none is sent (the boundary is then inferred).
    var contentType: String?
    /// The body's bytes.
    var body: [UInt8]
    /// The validator's options; only the limits ever differ from the defaults.
    var options = ValidationOptions()
    /// The limits that differ from the defaults, said in words (`at most 1 part`), or `nil`.
    var limits: String?

    /// The Content-Type every example sends unless it is about the Content-Type itself.
    static let formContentType = "multipart/form-data; boundary=X"

    /// A body of one or more parts, each given as its header lines (joined with CRLF) and value.
    init(contentType: String? = formContentType, parts: [([String], String)], limits: String? = nil,
        options: ValidationOptions = ValidationOptions())
    {
        var text = ""
        for (headers, value) in parts {
            text += "--X\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n" + value + "\r\n"
        }
        text += "--X--\r\n"
        self.init(contentType: contentType, body: Array(text.utf8), options: options, limits: limits)
    }

    /// A body given whole.
    init(contentType: String? = formContentType, body: [UInt8], options: ValidationOptions = ValidationOptions(),
        limits: String? = nil)
    {
        self.contentType = contentType
        self.body = body
        self.options = options
        self.limits = limits
    }

    /// A body given whole as text.
    init(contentType: String? = formContentType, text: String, options: ValidationOptions = ValidationOptions(),
        limits: String? = nil)
    {
        self.init(contentType: contentType, body: Array(text.utf8), options: options, limits: limits)
    }

    /// One text field `a` with the value `1` whose Content-Disposition line is `disposition`.
    static func field(_ disposition: String = "form-data; name=\"a\"", extra: [String] = [], value: String = "1")
        -> RuleExample
    {
        RuleExample(parts: [(["Content-Disposition: " + disposition] + extra, value)])
    }

    /// One file part with a Content-Type, whose Content-Disposition line is `disposition`.
    static func file(
        _ disposition: String = "form-data; name=\"f\"; filename=\"f.txt\"", type: String? = "text/plain",
        extra: [String] = []
    ) -> RuleExample {
        let typeLine = type.map { ["Content-Type: " + $0] } ?? []
        return RuleExample(parts: [(["Content-Disposition: " + disposition] + typeLine + extra, "hi")])
    }

    /// The simplest conforming body, sent with `contentType` (whose boundary must be `X`).
    static func conforming(contentType: String? = formContentType) -> RuleExample {
        var example = field()
        example.contentType = contentType
        return example
    }

    /// Validates the example in one piece.
    func validate() -> ValidationReport {
        var validator = MultipartValidator(contentType: contentType, options: options)
        validator.consume(body)
        return validator.finish()
    }
}
