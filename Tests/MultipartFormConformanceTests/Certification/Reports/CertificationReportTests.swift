import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MultipartForm
@testable import MultipartFormConformanceCore
import MultipartFormConformance
import Testing

/// The four renderings of a report: text table, JSON, JUnit XML and the HTML matrix.
@Suite("Certification reports")
struct CertificationReportTests {
    /// A small report with every encoder grade: a pass, a failure, an unsupported vector and a known issue.
    static func sampleReport() throws -> CertificationReport {
        let corpus = try Fixtures.corpus.get()
        let ids = ["structure/y-single-field", "structure/y-duplicate-names", "structure/y-fields-in-order", "quoting/y-name-empty"]
        let vectors = try ids.map { try #require(corpus[$0]) }
        // Renames field "c" to "z": only structure/y-fields-in-order has one.
        var adapter = ClosureEncoderAdapter.rewriting("breaks <b> & \"quotes\"") { body in
            replacing("name=\"c\"", with: "name=\"z\"", in: body)
        }
        adapter.unsupportedFeatures = [.duplicateNames]
        adapter.knownIssues = ["quoting/y-name-empty": "stale on purpose"]
        return EncoderCertification(adapter).report(over: vectors)
    }

    @Test func textTableHasOneRowPerVectorAndTheDetails() throws {
        let report = try Self.sampleReport()
        let text = report.text()
        for verdict in report.verdicts {
            #expect(text.contains("\n" + verdict.vectorID + " "), "no row for \(verdict.vectorID)")
        }
        #expect(text.contains(report.headline))
        #expect(text.contains("Details of"))
    }

    @Test func jsonIsValidAndCarriesEveryVerdict() throws {
        let report = try Self.sampleReport()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(object["format_version"] as? Int == 2)
        #expect(object["kind"] as? String == "encoder")
        #expect(object["level"] as? String == report.level.rawValue)
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        #expect(verdicts.map { $0["id"] as? String } == report.verdicts.map(\.vectorID))
        #expect(verdicts.map { $0["grade"] as? String } == report.verdicts.map(\.grade.rawValue))
        let counts = try #require(object["counts"] as? [String: Int])
        #expect(Set(counts.keys) == Set(CertificationGrade.allCases.map(\.rawValue)))
        #expect(counts.values.reduce(0, +) == report.verdicts.count)
    }

    @Test func junitHasOneTestcasePerVectorWithFailuresAndSkips() throws {
        let report = try Self.sampleReport()
        let xml = report.junitXML()
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == report.verdicts.count)
        let failures = report.count(.fail) + report.count(.staleKnownIssue)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == failures)
        #expect(xml.components(separatedBy: "<skipped ").count - 1 == report.count(.unsupported) + report.count(.knownIssue))
        #expect(xml.contains("failures=\"\(failures)\""))
        #expect(xml.contains("breaks &lt;b&gt; &amp; &quot;quotes&quot;"))
        #expect(XMLParser(data: Data(xml.utf8)).parse(), "the JUnit report is not well-formed XML")
    }

    @Test func htmlMatrixHasACellPerAdapterAndVector() throws {
        let encoder = try Self.sampleReport()
        let decoder = DecoderCertification(StrictDecoderAdapter()).report(over: try Fixtures.vectors().prefix(20).map { $0 })
        let html = CertificationMatrix([encoder, decoder]).html(title: "sample")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<link"))
        let ids = Set(encoder.verdicts.map(\.vectorID) + decoder.verdicts.map(\.vectorID))
        #expect(html.components(separatedBy: "<td class=\"vector\">").count - 1 == ids.count)
        #expect(html.components(separatedBy: "<td class=\"cell ").count - 1 == ids.count * 2)
        #expect(html.contains("class=\"cell fail\" title=\"fail: "))
        #expect(html.contains("class=\"cell stale-known-issue\""))
    }

    @Test func sampleReportHasTheGradesItWasBuiltFor() throws {
        let report = try Self.sampleReport()
        // The four vectors, then the probe, which an encoder choosing a random boundary passes.
        #expect(report.verdicts.map(\.grade) == [.pass, .unsupported, .fail, .staleKnownIssue, .pass])
        #expect(report.verdicts.last?.vectorID == EncoderProbe.ownBoundaryInContent.id)
        #expect(report.level == .changesFields)
    }
}

/// A report read back from its JSON is the same report.
@Suite struct CertificationReportDecodingTests {
    @Test func theReferenceEncodersReportSurvivesARoundTrip() throws {
        let report = try EncoderCertification(ReferenceEncoderAdapter()).report()
        let decoded = try CertificationReport.decode(Array(report.json().utf8))
        #expect(decoded.count == 1)
        #expect(decoded.first?.json() == report.json())
        let several = try CertificationReport.decode(Array(CertificationReport.json([report, report]).utf8))
        #expect(several.map { $0.json() } == [report.json(), report.json()])
    }

    /// What `report merge` keeps of a report for a matrix: each verdict's summary, first details and
    /// notes, cut to a length, however long the report's texts are.
    @Test func aMatrixKeepsOnlyWhatItShowsOfAVerdictsTexts() throws {
        var report = DecoderCertification(StrictDecoderAdapter()).report(over: try Fixtures.vectors().filter { $0.area == "structure" })
        let long = String(repeating: "x", count: 100_000)
        report.verdicts[0].summary = long
        report.verdicts[0].details = (0..<20).map { "detail \($0) " + long }
        report.keepOnlyWhatAMatrixShows()
        let verdict = report.verdicts[0]
        #expect(verdict.summary.count == 1025 && verdict.summary.hasSuffix("…"))
        #expect(verdict.details.count == 8 && verdict.details.allSatisfy { $0.count == 1025 })
        #expect(verdict.details.last?.hasPrefix("detail 7 ") == true)
        #expect(report.verdicts.dropFirst().allSatisfy { $0.summary.count <= 1025 })
    }
}
