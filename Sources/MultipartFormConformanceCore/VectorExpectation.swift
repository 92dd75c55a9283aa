import MultipartForm

/// What a vector expects of the strict validator, and the comparison of a `ValidationReport` against it.
///
/// Findings are compared as multisets of (origin, rule, offset): every expected finding must be
/// reported as often as it is listed, and nothing else may be. When the sidecar lists parts, the
/// decoded parts are compared by count and then field by field, as bytes.
///
/// ```swift
/// let report = MultipartValidator.validate(vector.body, contentType: vector.contentType,
///                                          options: vector.validationOptions)
/// let mismatches = VectorExpectation(vector).mismatches(in: report)
/// ```
public struct VectorExpectation: Sendable, Hashable {
    /// A field of a decoded part.
    public enum PartField: String, Sendable, Hashable, CaseIterable {
        /// The `name` parameter.
        case name
        /// The `filename` parameter.
        case filename
        /// The part's Content-Type value.
        case contentType = "content type"
        /// The part's content.
        case body
    }

    /// One way a report differs from a vector's expectations.
    public enum Mismatch: Sendable, Hashable, CustomStringConvertible {
        /// An expected finding was not reported (once per missing occurrence).
        case missingDiagnostic(VectorSidecar.ExpectedDiagnostic)
        /// A finding was reported that the vector does not expect, with the validator's message.
        case unexpectedDiagnostic(VectorSidecar.ExpectedDiagnostic, message: String)
        /// The number of decoded parts differs.
        case partCount(expected: Int, actual: Int)
        /// A field of the part at `index` differs; `nil` means the field is absent.
        case partField(index: Int, field: PartField, expected: [UInt8]?, actual: [UInt8]?)
        /// The part at `index` reports content outside the body.
        case partBodyRangeOutOfBounds(index: Int, range: Range<Int>, bodyCount: Int)

        /// The mismatch as one line, bytes quoted and escaped.
        public var description: String {
            switch self {
            case .missingDiagnostic(let expected):
                return "missing diagnostic: \(expected)"
            case .unexpectedDiagnostic(let actual, let message):
                return "unexpected diagnostic: \(actual) (\(message))"
            case .partCount(let expected, let actual):
                return "part count: expected \(expected), found \(actual)"
            case .partField(let index, let field, let expected, let actual):
                var text =
                    "part \(index) \(field.rawValue): expected \(Self.render(expected)), found \(Self.render(actual))"
                if let expected, let actual {
                    let common = zip(expected, actual).prefix { $0 == $1 }.count
                    text += "; first difference at byte \(common)"
                }
                return text
            case .partBodyRangeOutOfBounds(let index, let range, let bodyCount):
                return "part \(index) body: range \(range.lowerBound)..<\(range.upperBound) is outside the "
                    + "\(bodyCount)-byte body"
            }
        }

        private static let shownBytes = 96

        /// Renders bytes as an escaped, quoted string with its length; long values are cut in the middle.
        static func render(_ bytes: [UInt8]?) -> String {
            guard let bytes else { return "none" }
            let shown: String
            if bytes.count > shownBytes {
                let half = shownBytes / 2
                shown = escape(bytes.prefix(half)) + "..." + escape(bytes.suffix(half))
            } else {
                shown = escape(bytes[...])
            }
            return "\"\(shown)\" (\(bytes.count) byte\(bytes.count == 1 ? "" : "s"))"
        }

        /// Escapes bytes the way compiler-style messages quote them: `\r`, `\n`, `\t`, `\"`, `\\`, `\xHH`.
        static func escape(_ bytes: ArraySlice<UInt8>) -> String {
            var text = ""
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\r"): text += "\\r"
                case UInt8(ascii: "\n"): text += "\\n"
                case UInt8(ascii: "\t"): text += "\\t"
                case UInt8(ascii: "\""): text += "\\\""
                case UInt8(ascii: "\\"): text += "\\\\"
                case 0x20..<0x7f: text.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    let digits = Array("0123456789ABCDEF".unicodeScalars)
                    text += "\\x"
                    text.unicodeScalars.append(digits[Int(byte >> 4)])
                    text.unicodeScalars.append(digits[Int(byte & 0x0f)])
                }
            }
            return text
        }
    }

    /// The vector whose expectations are checked.
    public let vector: ConformanceVector

    /// Creates the expectations of `vector`.
    /// - Parameter vector: The vector whose sidecar is compared with reports.
    public init(_ vector: ConformanceVector) {
        self.vector = vector
    }

    /// Compares a report of the vector's body with the vector's expectations; an empty result means it conforms.
    ///
    /// Findings come first (missing, then unexpected, each ordered by origin, offset and rule), then
    /// the part count, then field differences in part order.
    /// - Parameter report: The strict validator's report on the vector's body.
    /// - Returns: Every difference; empty when the report matches.
    public func mismatches(in report: ValidationReport) -> [Mismatch] {
        diagnosticMismatches(in: report) + partMismatches(in: report)
    }

    /// Compares the reported findings with the expected ones as multisets of (origin, rule, offset).
    /// - Parameter report: The strict validator's report on the vector's body.
    /// - Returns: Every difference; empty when the report matches.
    public func diagnosticMismatches(in report: ValidationReport) -> [Mismatch] {
        var remaining: [VectorSidecar.ExpectedDiagnostic: Int] = [:]
        for expected in vector.sidecar.diagnostics {
            remaining[expected, default: 0] += 1
        }
        var unexpected: [(VectorSidecar.ExpectedDiagnostic, String)] = []
        for diagnostic in report.diagnostics {
            let key = VectorSidecar.ExpectedDiagnostic(diagnostic)
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
            } else {
                unexpected.append((key, diagnostic.message))
            }
        }
        var missing: [VectorSidecar.ExpectedDiagnostic] = []
        for (key, count) in remaining where count > 0 {
            missing += Array(repeating: key, count: count)
        }
        return missing.sorted(by: Self.precedes).map { .missingDiagnostic($0) }
            + unexpected.sorted { Self.precedes($0.0, $1.0) }.map { .unexpectedDiagnostic($0.0, message: $0.1) }
    }

    /// Compares the decoded parts with the sidecar's parts; returns nothing when the sidecar lists none.
    /// - Parameter report: The strict validator's report on the vector's body.
    /// - Returns: Every difference; empty when the report matches.
    public func partMismatches(in report: ValidationReport) -> [Mismatch] {
        guard let expectedParts = vector.sidecar.parts else { return [] }
        var mismatches: [Mismatch] = []
        if expectedParts.count != report.parts.count {
            mismatches.append(.partCount(expected: expectedParts.count, actual: report.parts.count))
        }
        for (index, (expected, actual)) in zip(expectedParts, report.parts).enumerated() {
            if expected.name != actual.name {
                mismatches.append(.partField(index: index, field: .name, expected: expected.name, actual: actual.name))
            }
            if expected.filename != actual.filename {
                mismatches.append(
                    .partField(index: index, field: .filename, expected: expected.filename, actual: actual.filename))
            }
            if expected.contentType != actual.contentType {
                mismatches.append(
                    .partField(
                        index: index, field: .contentType, expected: expected.contentType, actual: actual.contentType))
            }
            let range = actual.bodyRange
            guard range.lowerBound >= 0, range.upperBound <= vector.body.count else {
                mismatches.append(
                    .partBodyRangeOutOfBounds(index: index, range: range, bodyCount: vector.body.count))
                continue
            }
            let body = Array(vector.body[range])
            if expected.body != body {
                mismatches.append(.partField(index: index, field: .body, expected: expected.body, actual: body))
            }
        }
        return mismatches
    }

    /// The report order of `CONFORMANCE.md`: Content-Type findings first, then by offset, then by rule id.
    private static func precedes(
        _ lhs: VectorSidecar.ExpectedDiagnostic, _ rhs: VectorSidecar.ExpectedDiagnostic
    ) -> Bool {
        let lhsBody = lhs.origin == .body
        let rhsBody = rhs.origin == .body
        if lhsBody != rhsBody { return !lhsBody }
        if lhs.offset != rhs.offset { return lhs.offset < rhs.offset }
        return lhs.rule < rhs.rule
    }
}
