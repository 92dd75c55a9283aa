import MultipartForm

/// Describes how two reports of the same body differ, for chunking failures.
enum ReportDifference {
    static func describe(expected: ValidationReport, actual: ValidationReport) -> String {
        var lines: [String] = []
        func line(_ diagnostic: Diagnostic) -> String {
            "\(diagnostic.rule) \(diagnostic.origin.rawValue)@\(diagnostic.offset) "
                + "line \(diagnostic.line) col \(diagnostic.column) part \(diagnostic.partIndex.map(String.init) ?? "-") "
                + "\(diagnostic.severity.rawValue): \(diagnostic.message)"
        }
        if expected.diagnostics != actual.diagnostics {
            let whole = expected.diagnostics.map(line)
            let split = actual.diagnostics.map(line)
            lines += whole.filter { !split.contains($0) }.map { "  only whole: " + $0 }
            lines += split.filter { !whole.contains($0) }.map { "  only split: " + $0 }
            if whole.sorted() == split.sorted() {
                lines.append("  same findings in a different order")
            }
        }
        if expected.parts != actual.parts {
            lines.append("  parts: whole \(expected.parts), split \(actual.parts)")
        }
        if expected.partCount != actual.partCount {
            lines.append("  part count: whole \(expected.partCount), split \(actual.partCount)")
        }
        if expected.boundary != actual.boundary {
            lines.append(
                "  boundary: whole \(String(describing: expected.boundary)), split \(String(describing: actual.boundary))"
            )
        }
        if expected.byteCount != actual.byteCount {
            lines.append("  byte count: whole \(expected.byteCount), split \(actual.byteCount)")
        }
        if expected.counts != actual.counts {
            lines.append("  counts: whole \(expected.counts), split \(actual.counts)")
        }
        return lines.joined(separator: "\n")
    }
}
