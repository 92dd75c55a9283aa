import MultipartForm
import MultipartFormConformance
import Testing

/// One defect shown on many vectors is counted once: verdicts grouped by the cause they share.
@Suite("Certification defects")
struct CertificationDefectTests {
    @Test func oneHeaderOnEveryBodyIsOneCause() throws {
        let adapter = ClosureEncoderAdapter.rewriting("adds Content-Length") {
            replacing("\r\nContent-Disposition: ", with: "\r\nContent-Length: 1\r\nContent-Disposition: ", in: $0)
        }
        let vectors = try EncoderCertification.vectors().filter { $0.area == "structure" || $0.area == "binary" }
        let verdicts = vectors.map(EncoderCertification(adapter).verdict(for:))
        let report = EncoderCertification(adapter).report(verdicts: verdicts)
        let ignored = report.defects.filter { $0.problem == .writesIgnoredHeaders }
        let shown = verdicts.count { $0.problem == .writesIgnoredHeaders }
        try #require(shown > 10, "\(report.headline)")
        #expect(ignored.count == 1, "\(report.defects.map(\.line))")
        #expect(ignored.first?.cause == "[header-not-allowed]")
        #expect(ignored.first?.vectorIDs.count == shown)
        #expect(report.headline.contains("\(shown) bodies with header fields receivers must ignore (1 cause)"), "\(report.headline)")
        #expect(report.text().contains("[header-not-allowed], on \(shown) vectors"))
    }

    /// The cause names the attribute the comparison found, never one its message text happens to mention:
    /// a decoder that renames every part to `x) filename: y` misreads names, not filenames.
    @Test func theCauseComesFromTheComparisonNotFromTheMessageText() throws {
        let strict = StrictDecoderAdapter()
        let adapter = ClosureDecoderAdapter(name: "renames") { body, contentType in
            try strict.decode(body: body, contentType: contentType).map {
                DecodedFormPart(name: "x) filename: y", filename: $0.filename.map { String(decoding: $0, as: UTF8.self) },
                    contentType: $0.contentType.map { String(decoding: $0, as: UTF8.self) }, body: $0.body)
            }
        }
        let vector = try #require(try Fixtures.vectors().first { $0.id == "structure/y-single-field" })
        let verdict = DecoderCertification(adapter).verdict(for: vector)
        #expect(verdict.problem == .misreadsValid)
        #expect(verdict.details.first?.contains(#"decoded "x) filename: y""#) == true, "\(verdict.details)")
        #expect(verdict.cause == "name differs, on structure bodies", "\(verdict.cause ?? "")")
    }

    @Test func aDecoderThatDropsFilenamesShowsFewerCausesThanVerdicts() throws {
        let strict = StrictDecoderAdapter()
        let adapter = ClosureDecoderAdapter(name: "no filenames") { body, contentType in
            try strict.decode(body: body, contentType: contentType).map {
                DecodedFormPart(name: $0.name, filename: nil, contentType: $0.contentType, body: $0.body)
            }
        }
        let report = DecoderCertification(adapter).report(over: try Fixtures.vectors().filter { $0.area == "filenames" })
        let misread = report.defects.filter { $0.problem == .misreadsValid }
        let verdicts = report.verdicts.count { $0.problem == .misreadsValid }
        try #require(verdicts > 3, "\(report.headline)")
        #expect(misread.count < verdicts, "\(misread.map(\.line))")
        #expect(misread.allSatisfy { $0.cause.hasPrefix("filename differs, on filenames bodies") }, "\(misread.map(\.line))")
        #expect(misread.reduce(0) { $0 + $1.vectorIDs.count } == verdicts)
    }

    @Test func aReportReadBackKeepsItsCauses() throws {
        let adapter = ClosureEncoderAdapter.rewriting("LF only") { replacing("\r\n", with: "\n", in: $0) }
        let vectors = try EncoderCertification.vectors().filter { $0.area == "structure" }
        let report = EncoderCertification(adapter).report(verdicts: vectors.map(EncoderCertification(adapter).verdict(for:)))
        let read = try CertificationReport.decode(Array(report.json().utf8))
        #expect(read.first?.defects == report.defects)
        #expect(!report.defects.isEmpty)
    }
}
