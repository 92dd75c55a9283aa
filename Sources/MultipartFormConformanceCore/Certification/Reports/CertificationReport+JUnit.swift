extension CertificationReport {
    /// The report as JUnit XML: one `testcase` per vector, `failure` with the full verdict, `skipped` for unsupported vectors and known issues.
    ///
    /// Passing with warnings is a pass whose warnings are in `system-out`; a stale known issue is a failure.
    /// - Returns: A JUnit XML document with one test case per vector.
    public func junitXML() -> String {
        Self.junitXML([self])
    }

    /// Several reports as one JUnit document, one `testsuite` per adapter.
    /// - Parameter reports: One report per adapter.
    /// - Returns: A JUnit XML document with one test suite per adapter.
    public static func junitXML(_ reports: [CertificationReport]) -> String {
        let tests = reports.reduce(0) { $0 + $1.verdicts.count }
        let failures = reports.reduce(0) { $0 + $1.junitFailures }
        let skipped = reports.reduce(0) { $0 + $1.junitSkipped }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"multipart/form-data certification\" tests=\"\(tests)\" failures=\"\(failures)\" skipped=\"\(skipped)\">\n"
        for report in reports {
            out += report.junitSuite
        }
        out += "</testsuites>\n"
        return out
    }

    private var junitFailures: Int {
        verdicts.count { $0.grade == .fail || $0.grade == .refused || $0.grade == .silentDataLoss || $0.grade == .staleKnownIssue }
    }

    private var junitSkipped: Int {
        verdicts.count { $0.grade == .unsupported || $0.grade == .knownIssue }
    }

    private var junitSuite: String {
        let e = MarkupEscaping.escaped
        var out = "  <testsuite name=\"\(e("\(kind.rawValue): \(adapterName)"))\" tests=\"\(verdicts.count)\" failures=\"\(junitFailures)\" skipped=\"\(junitSkipped)\">\n"
        out += "    <properties>\n"
        out += "      <property name=\"level\" value=\"\(level.rawValue)\"/>\n"
        out += "      <property name=\"headline\" value=\"\(e(headline))\"/>\n"
        out += "      <property name=\"level_on_run\" value=\"\(levelOnRun.rawValue)\"/>\n"
        if let source = provenanceLine {
            out += "      <property name=\"provenance\" value=\"\(e(source))\"/>\n"
        }
        out += "    </properties>\n"
        for verdict in verdicts {
            let testcase = "    <testcase classname=\"\(e("\(kind.rawValue).\(verdict.area)"))\" name=\"\(e(verdict.vectorID))\""
            let full = e(verdict.fullText)
            switch verdict.grade {
            case .pass, .passWithWarnings, .lenient:
                if verdict.notes.isEmpty && verdict.details.isEmpty {
                    out += testcase + "/>\n"
                } else {
                    out += testcase + ">\n      <system-out>\(full)</system-out>\n    </testcase>\n"
                }
            case .unsupported:
                out += testcase + ">\n      <skipped message=\"\(e("unsupported: " + verdict.summary))\"/>\n    </testcase>\n"
            case .knownIssue:
                out += testcase + ">\n      <skipped message=\"\(e("known issue: " + (verdict.knownIssue ?? "")))\">\(full)</skipped>\n    </testcase>\n"
            case .fail, .refused, .silentDataLoss, .staleKnownIssue:
                out += testcase + ">\n      <failure type=\"\(verdict.grade.rawValue)\" message=\"\(e(verdict.summary))\">\(full)</failure>\n    </testcase>\n"
            }
        }
        out += "  </testsuite>\n"
        return out
    }
}
