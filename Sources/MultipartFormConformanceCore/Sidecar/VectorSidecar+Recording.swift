import MultipartForm

extension VectorSidecar {
    /// A sidecar recording what the strict validator reports for `body`: every finding, the parts and, for a `y-` vector, the encoder input.
    ///
    /// This is how `multipart-check vectors new` writes a contributor's vector: the expectations are
    /// the validator's findings, for the contributor to review against the specifications.
    /// - Parameters:
    ///   - report: The strict validator's report on `body`, with parts collected.
    ///   - body: The vector's body.
    ///   - contentType: The `Content-Type` it is sent with, or `nil`.
    ///   - verdict: The verdict the contributor chose.
    ///   - description: What the vector shows.
    ///   - specs: The specification sections it exercises.
    ///   - producer: The software that wrote the body, if known.
    ///   - options: Validator limits the vector sets.
    public init(
        recording report: ValidationReport, body: [UInt8], contentType: String?, verdict: ConformanceVector.Verdict,
        description: String, specs: [String], producer: String? = nil, options: Options? = nil
    ) {
        let parts = report.parts.map { part in
            ExpectedPart(
                name: part.name, filename: part.filename, contentType: part.contentType,
                body: Array(body[part.bodyRange]))
        }
        self.init(
            description: description, specs: specs, contentType: contentType,
            diagnostics: report.diagnostics.map(ExpectedDiagnostic.init),
            parts: verdict == .no && parts.isEmpty ? nil : parts,
            producer: producer, options: options)
        if verdict == .yes, let boundary = report.boundary {
            encoderInput = EncoderInput(
                derivedFrom: parts, boundary: String(decoding: boundary, as: UTF8.self), body: body)
        }
    }
}

extension VectorSidecar.EncoderInput {
    /// The form whose entries decode to `parts`, names and filenames taken literally; `nil` when no form can say it.
    ///
    /// A part without a name, or with a name, filename or type that is not UTF-8, cannot come from a
    /// form. The input is canonical when the reference encoder writes exactly `body` for it, and records
    /// the reference encoder's error code when it refuses the form.
    /// - Parameters:
    ///   - parts: The parts a receiver decodes.
    ///   - boundary: The body's boundary.
    ///   - body: The body, to decide whether the reference encoder reproduces it.
    public init?(derivedFrom parts: [VectorSidecar.ExpectedPart], boundary: String, body: [UInt8]) {
        var fields: [FormData.Field] = []
        for part in parts {
            guard let nameBytes = part.name, let name = String(validating: nameBytes, as: UTF8.self) else { return nil }
            var filename: String?
            if let bytes = part.filename {
                guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
                filename = text
            }
            var contentType: String?
            if let bytes = part.contentType {
                guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
                contentType = text
            }
            let value: FormData.Value = String(validating: part.body, as: UTF8.self).map(FormData.Value.text) ?? .bytes(part.body)
            fields.append(FormData.Field(name: name, value: value, filename: filename, contentType: contentType))
        }
        self.init(boundary: boundary, isCanonical: false, fields: fields)
        do {
            isCanonical = try ReferenceEncoder().encode(form, boundary: boundary).body == body
        } catch {
            refusal = error.code.rawValue
        }
    }
}
