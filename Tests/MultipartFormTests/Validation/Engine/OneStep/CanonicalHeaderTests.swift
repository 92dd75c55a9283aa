import MultipartFormTestSupport
import Testing

@testable import MultipartForm

/// The one-step reading of canonical Content-Disposition and Content-Type lines gives exactly the
/// report of the general readers (a body fed whole, with the shortcuts on and off).
@Suite struct CanonicalHeaderTests {
    static let dispositionTemplates = [
        "form-data; name=\"a\"",
        " form-data; name=\"field1\"; filename=\"photo.jpg\"",
        "form-data; name=\"x y z\"; filename=\"a b.txt\" ",
        "\tform-data; name=\"user.name\"; filename=\"x.bin\"",
        // Folded: the value is unfolded first, then matched.
        "form-data; name=\"a\";\r\n filename=\"b\"",
    ]

    static let contentTypeTemplates = [
        "application/octet-stream",
        " image/png ",
        "\tText/Plain",
        "application/vnd.api+json",
        "text/csv",
    ]

    /// Bytes that change how the general readers see a value, inserted and substituted everywhere.
    static let allProbes: [UInt8] = Array(" \t\"\\%/:.=?;*AFn0'+(,mt".utf8) + [0x00, 0x0D, 0x7F, 0x80, 0xC3]

    /// Every probe with `MULTIPART_FULL_TESTS`; by default every third printable one and every
    /// control and 8-bit one, still at every place of every template.
    static let probes: [UInt8] = TestScale.pick(
        full: allProbes,
        fast: allProbes.enumerated().filter { $0.offset.isMultiple(of: 3) || $0.element < 0x20 || $0.element >= 0x7F }.map(\.element))

    /// A body whose one part carries `disposition` and `contentType` (if any) and a value that is not UTF-8,
    /// so the report depends on whether the part counts as a text field.
    func validate(disposition: [UInt8], contentType: [UInt8]?, canonical: Bool) -> ValidationReport {
        var body = Array("--B\r\nContent-Disposition:".utf8) + disposition
        if let contentType { body += Array("\r\nContent-Type:".utf8) + contentType }
        body += Array("\r\n\r\nv".utf8) + [0xFF] + Array("\r\n--B--\r\n".utf8)
        var options = ValidationOptions()
        options.readsInOneStep = canonical
        var validator = MultipartValidator(contentType: "multipart/form-data; boundary=B", options: options)
        validator.consume(body)
        return validator.finish()
    }

    /// Every one-byte substitution, insertion and deletion of a template.
    func variants(of template: [UInt8]) -> [[UInt8]] {
        var values = [template]
        for index in template.indices {
            var deleted = template
            deleted.remove(at: index)
            values.append(deleted)
            for probe in Self.probes {
                var replaced = template
                replaced[index] = probe
                values.append(replaced)
                var inserted = template
                inserted.insert(probe, at: index)
                values.append(inserted)
            }
        }
        return values
    }

    /// The value as the reader sees it: each line break followed by a space or tab removed.
    func unfolded(_ value: [UInt8]) -> ArraySlice<UInt8> {
        var result: [UInt8] = []
        var index = 0
        while index < value.count {
            if index + 2 < value.count, value[index] == 0x0D, value[index + 1] == 0x0A,
                value[index + 2] == 0x20 || value[index + 2] == 0x09
            {
                index += 2
                continue
            }
            result.append(value[index])
            index += 1
        }
        return result[...]
    }

    @Test(arguments: dispositionTemplates)
    func dispositionShortcutAndGeneralReaderGiveTheSameReport(template: String) {
        var values = variants(of: Array(template.utf8))
        for name in ["", "%41", "=?utf-8?q?a?=", "=?", "caf\u{e9}"] {
            values.append(Array("form-data; name=\"\(name)\"".utf8))
        }
        for filename in ["", ".", "..", "...", "C:x", "a/b", "a\\\\b", "%2e", "=?x?="] {
            values.append(Array("form-data; name=\"f\"; filename=\"\(filename)\"".utf8))
        }
        var taken = 0
        var takenAsField = 0
        for value in values {
            let match = CanonicalDisposition.match(unfolded(value))
            if match != nil { taken += 1 }
            // The one-search match for a text field's value agrees wherever it matches.
            if let field = unfolded(value).withUnsafeBufferPointer(CanonicalDisposition.matchField) {
                takenAsField += 1
                #expect(field == match, "\(String(decoding: value, as: UTF8.self).debugDescription)")
            }
            let type = Array(" text/plain".utf8)
            let fast = validate(disposition: value, contentType: type, canonical: true)
            let general = validate(disposition: value, contentType: type, canonical: false)
            #expect(fast == general, "\(String(decoding: value, as: UTF8.self).debugDescription)")
        }
        #expect(CanonicalDisposition.match(unfolded(Array(template.utf8))) != nil, "the template itself takes the shortcut")
        #expect(taken > 1 && taken < values.count, "\(taken) of \(values.count) variants took the shortcut")
        #expect(takenAsField <= taken)
    }

    @Test func fieldMatchTakesOnlyAFieldsValueWrittenAsBrowsersWriteIt() {
        func field(_ text: String) -> CanonicalDisposition.Match? {
            Array(text.utf8).withUnsafeBufferPointer(CanonicalDisposition.matchField)
        }
        #expect(field(" form-data; name=\"field1\"") == CanonicalDisposition.Match(name: 18..<24, filename: nil, filenameAttribute: 27))
        #expect(field(" form-data; name=\"a\"") != nil)
        for other in ["form-data; name=\"a\"", "  form-data; name=\"a\"", " form-data; name=\"a\" ", " form-data; name=\"\"",
            " form-data; name=\"a\"; filename=\"b\"", " form-data; name=\"a%41\"", " form-data; name=\"a[]\"", " form-data; name=a"]
        {
            #expect(field(other) == nil, "\(other)")
        }
    }

    /// Each Content-Type variant on a file part and on a text field, whose checks differ by type.
    @Test(arguments: contentTypeTemplates)
    func contentTypeShortcutAndGeneralReaderGiveTheSameReport(template: String) {
        var values = variants(of: Array(template.utf8))
        for type in ["multipart/mixed; boundary=x", "MULTIPART/mixed", "text/", "/plain", "", " ", "text/plain;",
            "a/b/c", "text/plain (x)", "text/plain; charset=latin1", "text\r\n /plain"]
        {
            values.append(Array(type.utf8))
        }
        let dispositions = [" form-data; name=\"f\"; filename=\"a.bin\"", " form-data; name=\"t\""].map { Array($0.utf8) }
        var taken = 0
        for value in values {
            if CanonicalMediaType.match(value[...]) != nil { taken += 1 }
            for disposition in dispositions {
                let fast = validate(disposition: disposition, contentType: value, canonical: true)
                let general = validate(disposition: disposition, contentType: value, canonical: false)
                #expect(fast == general, "\(String(decoding: value, as: UTF8.self).debugDescription)")
            }
        }
        #expect(CanonicalMediaType.match(Array(template.utf8)[...]) != nil, "the template itself takes the shortcut")
        #expect(taken > 1 && taken < values.count, "\(taken) of \(values.count) variants took the shortcut")
    }

    /// The vector search for the byte that ends a quoted value finds what a byte-by-byte reading
    /// finds, for values of every length up to three blocks and every start, including the last
    /// block that reaches back before the start.
    @Test(arguments: [true, false])
    func firstStopFindsWhatReadingByteByByteFinds(isName: Bool) {
        var random = SplitMix64(state: 2046)
        let bytes: [UInt8] = Array("abz09 -_.~\"\\%;=[/".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xFF]
        for length in 0...48 {
            for start in 0...length {
                for _ in 0..<4 {
                    // Mostly plain bytes, so that the first stop lands anywhere.
                    let value = (0..<length).map { _ in random.next() % 6 == 0 ? bytes[Int(random.next() % UInt64(bytes.count))] : UInt8(ascii: "k") }
                    let expected = value[start...].firstIndex { CanonicalDisposition.stops($0, isName: isName) }
                    let found = value.withUnsafeBytes { CanonicalDisposition.firstStop(in: $0, from: start, isName: isName) }
                    #expect(found == expected, "\(value), from \(start)")
                }
            }
        }
    }

    @Test(arguments: [true, false])
    func quotedValueStopsAtTheBytesTheGeneralReaderLooksAt(isName: Bool) {
        let stopping = Array("\"\\%;=".utf8) + [isName ? UInt8(ascii: "[") : UInt8(ascii: "/")]
        for byte in UInt8.min...UInt8.max {
            let expected = byte < 0x20 || byte >= 0x7F || stopping.contains(byte)
            #expect(CanonicalDisposition.stops(byte, isName: isName) == expected, "byte \(byte)")
        }
    }

    /// The bytes that matter to a quoted value at every place of names and filenames of 1 to 19
    /// bytes (first, last, alone, and anywhere between): the shortcut and the general reader give
    /// the same report.
    @Test func dispositionShortcutAgreesWithTheGeneralReaderForEveryByteAtEveryPlace() {
        let interesting: [UInt8] = [0x00, 0x1F, 0x20, 0x22, 0x25, 0x2F, 0x3B, 0x3D, 0x5B, 0x5C, 0x7E, 0x7F, 0x80, 0xFF, 0x61]
        var taken = 0
        var total = 0
        // Every length up to 19 in the full form; the fast form keeps the short ones and those around 16.
        for length in TestScale.pick(full: Array(1...19), fast: Array(1...6) + [15, 16, 17, 19]) {
            for place in 0..<length {
                for byte in interesting {
                    var value = Array(repeating: UInt8(ascii: "n"), count: length)
                    value[place] = byte
                    for asFilename in [false, true] {
                        let disposition = Array((asFilename ? " form-data; name=\"f\"; filename=" : " form-data; name=").utf8)
                            + [0x22] + value + [0x22]
                        if CanonicalDisposition.match(disposition[...]) != nil { taken += 1 }
                        total += 1
                        let fast = validate(disposition: disposition, contentType: nil, canonical: true)
                        let general = validate(disposition: disposition, contentType: nil, canonical: false)
                        #expect(fast == general, "\(disposition)")
                    }
                }
            }
        }
        #expect(taken > 0 && taken < total, "\(taken) of \(total) took the shortcut")
    }

    @Test func dispositionShortcutRecordsNameFilenameAndTheFilenamePosition() throws {
        let value = Array(" form-data; name=\"field1\"; filename=\"photo.jpg\"".utf8)
        let match = try #require(CanonicalDisposition.match(value[...]))
        #expect(Array(value[match.name]) == Array("field1".utf8))
        #expect(match.filename.map { Array(value[$0]) } == Array("photo.jpg".utf8))
        #expect(Array(value[match.filenameAttribute...].prefix(9)) == Array("filename=".utf8))
    }

    @Test func contentTypeShortcutTrimsTheValueAndLeavesMultipartAndParametersToTheGeneralReader() throws {
        let value = Array(" \tTEXT/html \t".utf8)
        let match = try #require(CanonicalMediaType.match(value[...]))
        #expect(Array(value[match.range]) == Array("TEXT/html".utf8))
        #expect(Array(value[match.type]) == Array("TEXT".utf8))
        #expect(CanonicalMediaType.match(Array("Multipart/mixed".utf8)[...]) == nil)
        #expect(CanonicalMediaType.match(Array("text/plain; charset=utf-8".utf8)[...]) == nil)
    }

    @Test(arguments: [("text", PartMedia.Kind.text), ("TeXt", .text), ("MULTIPART", .multipart), ("multipart", .multipart),
        ("image", .other), ("texts", .other), ("", .other)])
    func partMediaKindComparesTheTypeWithoutRegardToCase(type: String, kind: PartMedia.Kind) {
        #expect(PartMedia.Kind(type: Array(type.utf8)[...]) == kind)
    }
}
