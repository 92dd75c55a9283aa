// Properties every validation report must have, whatever the input; used by the fuzz targets.
import MultipartForm

enum FuzzInvariants {
    /// Stops the process (libFuzzer records the input as a crash) when `condition` is false.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("property failed: \(message())") }
    }

    /// Checks positions, part ranges and counts against the input.
    static func check(_ report: ValidationReport, body: [UInt8], contentType: String?, options: ValidationOptions) {
        require(report.byteCount == body.count, "byteCount \(report.byteCount) for a \(body.count)-byte body")
        let contentTypeLength = contentType?.utf8.count ?? 0
        var severities: [Severity: Int] = [:]
        // Offsets of the body's line feeds, to find the line of an offset by binary search.
        var lineFeeds: [Int] = []
        if !report.diagnostics.isEmpty {
            for (offset, byte) in body.enumerated() where byte == 0x0A { lineFeeds.append(offset) }
        }
        /// The number of line feeds before `offset`.
        func lineFeedsBefore(_ offset: Int) -> Int {
            var low = 0
            var high = lineFeeds.count
            while low < high {
                let middle = (low + high) / 2
                if lineFeeds[middle] < offset { low = middle + 1 } else { high = middle }
            }
            return low
        }
        for finding in report.diagnostics {
            severities[finding.severity, default: 0] += 1
            require(Rule.named(finding.rule) != nil, "unknown rule \(finding.rule)")
            require(finding.line >= 1 && finding.column >= 1, "line \(finding.line) column \(finding.column)")
            switch finding.origin {
            case .body:
                require(finding.offset >= 0 && finding.offset <= body.count, "body offset \(finding.offset) of \(body.count)")
                let lines = 1 + lineFeedsBefore(finding.offset)
                require(finding.line == lines, "line \(finding.line) at offset \(finding.offset), expected \(lines)")
                let lineStart = lines == 1 ? 0 : lineFeeds[lines - 2] + 1
                let column = finding.offset - lineStart + 1
                require(finding.column == column, "column \(finding.column) at offset \(finding.offset), expected \(column)")
            case .contentType:
                require(
                    finding.offset >= 0 && finding.offset <= contentTypeLength,
                    "content-type offset \(finding.offset) of \(contentTypeLength)")
            }
            if let part = finding.partIndex { require(part >= 0 && part < max(report.partCount, 1), "part \(part)") }
            require(!finding.message.isEmpty, "empty message for \(finding.rule)")
        }
        require(
            report.diagnostics.count <= options.maxDiagnostics + 1,
            "\(report.diagnostics.count) findings listed with max_diagnostics \(options.maxDiagnostics)")
        for severity in [Severity.error, .warning, .note] {
            require(
                report.counts[severity, default: 0] >= severities[severity, default: 0],
                "\(severity) count \(report.counts[severity, default: 0]) below the \(severities[severity, default: 0]) listed")
        }
        require(report.parts.count <= report.partCount, "\(report.parts.count) parts collected of \(report.partCount)")
        require(report.parts.count <= options.maxParts, "\(report.parts.count) parts collected past max_parts")
        var previousEnd = 0
        for (index, part) in report.parts.enumerated() {
            require(part.index == index, "part \(index) has index \(part.index)")
            require(part.headerRange.lowerBound >= previousEnd, "part \(index) starts before the previous one ends")
            require(part.headerRange.upperBound <= part.bodyRange.lowerBound, "part \(index) headers overlap its body")
            require(part.bodyRange.upperBound <= body.count, "part \(index) body ends past the input")
            previousEnd = part.bodyRange.upperBound
        }
    }
}
