import MultipartForm

/// The warnings that belong to a form rather than to the encoder that wrote it.
///
/// An encoder is excused a warning only when every faithful encoding of the form draws it: a
/// filename holding a path, an empty or non-ASCII name, the WHATWG escaping of a `"` the name really
/// holds, a 999-byte header line because the filename is that long, a boundary that must be quoted
/// because the caller chose it. They are computed from the form and the boundary the encoder was
/// given, never from a vector's body or sidecar: the warnings the strict validator reports on the
/// canonical encoding of the same form (`ReferenceEncoder`, as given and with newlines normalised),
/// matched by rule and part. Everything an encoder can avoid (a file sent without a Content-Type, a
/// preamble or epilogue, `\"` escaping, Content-Transfer-Encoding, unquoted or oddly cased
/// parameters, a needlessly quoted boundary) stays a warning of the encoder.
///
/// When the reference encoder refuses the form, the one warning a faithful encoding of it still
/// draws is kept: `header-non-ascii` on a part whose media type holds bytes outside printable ASCII
/// (the rest of the form is encoded with that type replaced, so its other warnings are found too).
public struct InherentWarnings: Sendable, Hashable {
    /// A warning rule, with the part it was found in (`nil` for the outer Content-Type and the body as a whole).
    public struct Key: Sendable, Hashable {
        /// The rule id.
        public var rule: Rule.ID
        /// The zero-based part index, or `nil`.
        public var partIndex: Int?
    }

    /// The warnings every faithful encoding of the form draws.
    public private(set) var keys: Set<Key>

    /// The inherent warnings of `form` encoded with `boundary`, or with a boundary of the encoder's choosing when it is `nil`.
    /// - Parameters:
    ///   - form: The form an encoder was given.
    ///   - boundary: The boundary it was given, or `nil`.
    public init(of form: FormData, boundary: String?) {
        keys = []
        var form = form
        for (index, field) in form.fields.enumerated() {
            guard let type = field.contentType, type.utf8.contains(where: { $0 < 0x20 || $0 > 0x7E }) else { continue }
            keys.insert(Key(rule: "header-non-ascii", partIndex: index))
            form.fields[index].contentType = "application/octet-stream"
        }
        // Normalising newlines changes the bytes only when a name or a text value holds a CR or LF.
        let normalizingDiffers = form.fields.contains { field in
            (field.name + (field.value.text ?? "")).utf8.contains { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
        }
        for normalizes in normalizingDiffers ? [false, true] : [false] {
            guard let output = Self.canonicalEncoding(of: form, boundary: boundary, normalizesNewlines: normalizes) else {
                continue
            }
            let report = MultipartValidator.validate(output.body, contentType: output.contentType)
            for diagnostic in report.diagnostics where diagnostic.severity == .warning {
                keys.insert(Key(rule: diagnostic.rule, partIndex: diagnostic.partIndex))
            }
        }
    }

    /// Whether the finding is one of the form's own warnings.
    /// - Parameter diagnostic: A warning on an encoder's output.
    /// - Returns: `true` when every faithful encoding of the form draws it (same rule, same part).
    public func excuses(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.severity == .warning && keys.contains(Key(rule: diagnostic.rule, partIndex: diagnostic.partIndex))
    }

    /// The reference encoder's body for the form, with a fixed generated boundary when none is given; `nil` when it refuses.
    static func canonicalEncoding(of form: FormData, boundary: String?, normalizesNewlines: Bool) -> EncodedForm? {
        let encoder = ReferenceEncoder(options: ReferenceEncoder.Options(normalizesNewlines: normalizesNewlines))
        do {
            let body: ReferenceEncoder.Body
            if let boundary {
                body = try encoder.prepare(form, boundary: boundary)
            } else {
                var generator = SplitMix64(state: 0x6D75_6C74_6970_6172)
                body = try encoder.prepare(form, using: &generator)
            }
            return EncodedForm(contentType: body.contentType, body: try body.bytes())
        } catch {
            return nil
        }
    }
}
