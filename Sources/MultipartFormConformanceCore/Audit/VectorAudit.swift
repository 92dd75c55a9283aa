import MultipartForm

/// Every check a vector must pass before it joins the corpus, as used by `multipart-check vectors check` and the tests.
///
/// The checks are grouped so a test can run each group as its own case: ``consistency(of:)`` (the
/// sidecar agrees with itself, the catalog and the file name), ``replay(of:chunkSizes:)`` (the
/// strict validator reports exactly what the sidecar expects) and ``encoderInput(of:)`` (the
/// canonical mark is true). An empty result means the vector passes.
public enum VectorAudit {
    /// One reason a vector fails its audit.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// The group of checks the finding comes from.
        public enum Check: String, Sendable, Hashable, CaseIterable {
            /// The sidecar contradicts itself, the catalog or the vector's name.
            case consistency
            /// The strict validator's report differs from the sidecar.
            case replay
            /// The encoder input's canonical mark is wrong.
            case encoderInput = "encoder-input"
        }

        /// The group of checks.
        public var check: Check
        /// What is wrong, in one line.
        public var message: String

        /// Creates a finding.
        package init(_ check: Check, _ message: String) {
            self.check = check
            self.message = message
        }

        /// `check: message`.
        public var description: String { "\(check.rawValue): \(message)" }
    }

    /// The chunk sizes ``replay(of:chunkSizes:)`` uses by default: byte by byte, small odd sizes, and the whole body.
    public static let defaultChunkSizes = [1, 2, 3, 7, 64, Int.max]

    /// Runs every check.
    /// - Parameters:
    ///   - vector: The vector to audit.
    ///   - chunkSizes: The chunk sizes the body is replayed at.
    /// - Returns: Every problem; empty when the vector holds.
    public static func findings(of vector: ConformanceVector, chunkSizes: [Int] = defaultChunkSizes) -> [Finding] {
        consistency(of: vector) + replay(of: vector, chunkSizes: chunkSizes) + encoderInput(of: vector)
    }

    /// Checks the sidecar against itself, the rule catalog and the verdict in the file name.
    /// - Parameter vector: The vector to audit.
    /// - Returns: Every contradiction between its verdict, findings and parts.
    public static func consistency(of vector: ConformanceVector) -> [Finding] {
        var findings: [Finding] = []
        func fail(_ message: String) { findings.append(Finding(.consistency, message)) }
        let sidecar = vector.sidecar

        let unknown = vector.expectedRules.filter { Rule.named($0) == nil }
        if !unknown.isEmpty {
            fail("expects rules missing from the catalog: \(unknown.map(\.rawValue).joined(separator: ", "))")
        }
        let severities = Set(sidecar.diagnostics.compactMap { Rule.named($0.rule)?.severity })
        switch vector.verdict {
        case .yes:
            let errors = sidecar.diagnostics.filter { Rule.named($0.rule)?.severity == .error }
            if !errors.isEmpty {
                fail("a y- vector expects errors: \(errors.map(\.description).joined(separator: ", "))")
            }
        case .no:
            if !severities.contains(.error) { fail("an n- vector expects no error") }
        case .implementation:
            if !severities.contains(.error) && !severities.contains(.warning) {
                fail("an i- vector expects neither an error nor a warning")
            }
            let outcomes = sidecar.outcomes ?? []
            if outcomes.isEmpty { fail("an i- vector lists no outcomes") }
            for (index, outcome) in outcomes.enumerated() where outcome.because.allSatisfy(\.isWhitespace) {
                fail("outcomes[\(index)] does not say which sentence of which specification allows it (\"because\" is empty)")
            }
        }
        if vector.verdict != .implementation && sidecar.outcomes != nil {
            fail("only i- vectors list outcomes")
        }
        if vector.verdict != .no && sidecar.parts == nil {
            fail("y- and i- vectors must list their decoded parts")
        }
        if let input = sidecar.encoderInput, input.refusal == nil {
            if vector.verdict == .no {
                fail("an n- vector carries an encoder input only for a form the canonical encoder refuses (refused_with)")
            } else if vector.verdict == .implementation && severities.contains(.error) {
                fail("an i- vector with an encoder input must expect no error: the body is a correct encoding of its form")
            }
        }
        if sidecar.description.allSatisfy(\.isWhitespace) {
            fail("the description is empty")
        }
        for expected in sidecar.diagnostics {
            switch expected.origin {
            case .body where expected.offset > vector.body.count:
                fail("\(expected) is past the body's end (\(vector.body.count) bytes)")
            case .contentType:
                guard let contentType = sidecar.contentType else {
                    fail("\(expected) but the vector supplies no Content-Type")
                    continue
                }
                if expected.offset > contentType.utf8.count {
                    fail("\(expected) is past the Content-Type's end (\(contentType.utf8.count) bytes)")
                }
            default:
                break
            }
        }
        return findings
    }

    /// Validates the body at each chunk size and compares the report with the sidecar.
    ///
    /// Only the first chunking that differs is described in full; identical differences at other
    /// chunkings would repeat it.
    /// - Parameters:
    ///   - vector: The vector to audit.
    ///   - chunkSizes: The chunk sizes the body is replayed at.
    /// - Returns: Every difference between the sidecar and the validator's reports.
    public static func replay(of vector: ConformanceVector, chunkSizes: [Int] = defaultChunkSizes) -> [Finding] {
        let expectation = VectorExpectation(vector)
        for chunkSize in chunkSizes {
            let report = validate(vector, chunkSize: chunkSize)
            let mismatches = expectation.mismatches(in: report)
            guard !mismatches.isEmpty else { continue }
            let chunking = chunkSize >= vector.body.count ? "whole body" : "\(chunkSize)-byte chunks"
            return mismatches.map { Finding(.replay, "\($0) (\(chunking))") }
        }
        return []
    }

    /// Encodes the encoder input with the reference encoder and checks the canonical mark and the recorded refusal against it.
    /// - Parameter vector: The vector to audit.
    /// - Returns: Every problem with its encoder input and canonical flag.
    public static func encoderInput(of vector: ConformanceVector) -> [Finding] {
        guard let input = vector.sidecar.encoderInput else { return [] }
        let encoded: [UInt8]
        do {
            encoded = try ReferenceEncoder().encode(input.form, boundary: input.boundary).body
        } catch {
            var findings: [Finding] = []
            if input.isCanonical {
                findings.append(Finding(.encoderInput, "marked canonical, but the reference encoder refuses the form: \(error)"))
            }
            if input.refusal != error.code.rawValue {
                findings.append(
                    Finding(
                        .encoderInput,
                        "the reference encoder refuses the form with '\(error.code)', but refused_with says \(input.refusal.map { "'\($0)'" } ?? "nothing"): \(error)"))
            }
            return findings
        }
        if let refusal = input.refusal {
            return [Finding(.encoderInput, "refused_with says '\(refusal)', but the reference encoder encodes the form")]
        }
        if input.isCanonical && encoded != vector.body {
            let common = zip(encoded, vector.body).prefix { $0 == $1 }.count
            return [
                Finding(
                    .encoderInput,
                    "marked canonical, but the reference encoder's \(encoded.count) bytes differ from the body's \(vector.body.count) at byte \(common)"
                )
            ]
        }
        if !input.isCanonical && encoded == vector.body {
            return [Finding(.encoderInput, "marked not canonical, but the reference encoder writes exactly this body")]
        }
        return []
    }

    /// Validates the vector's body fed in chunks of `chunkSize` bytes (the last may be shorter).
    /// - Parameters:
    ///   - vector: The vector.
    ///   - chunkSize: How many bytes each call to the validator gets.
    /// - Returns: The strict validator's report on the body.
    public static func validate(_ vector: ConformanceVector, chunkSize: Int) -> ValidationReport {
        MultipartValidator.validate(
            vector.body, contentType: vector.contentType, options: vector.validationOptions, chunkSize: chunkSize)
    }
}
