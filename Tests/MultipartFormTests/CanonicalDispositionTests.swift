import Testing

@testable import MultipartForm

/// The canonical Content-Disposition shortcut gives exactly the report of the general reader.
@Suite struct CanonicalDispositionTests {
    static let templates = [
        "form-data; name=\"a\"",
        " form-data; name=\"field1\"; filename=\"photo.jpg\"",
        "form-data; name=\"x;y=z\"; filename=\"a b.txt\" ",
        "\tform-data; name=\"user[name]\"; filename=\"=x.bin\"",
        // Folded: the value is unfolded first, then matched.
        "form-data; name=\"a\";\r\n filename=\"b\"",
    ]

    /// Bytes that change how the general reader sees a value, inserted and substituted everywhere.
    static let probes: [UInt8] = Array(" \t\"\\%/:.=?;*AFn0'".utf8) + [0x00, 0x0D, 0x7F, 0x80, 0xC3]

    func validate(_ value: [UInt8], canonical: Bool) -> ValidationReport {
        let body =
            Array("--B\r\nContent-Disposition:".utf8) + value + Array("\r\nContent-Type: text/plain\r\n\r\nv\r\n--B--\r\n".utf8)
        var validator = MultipartValidator(contentType: "multipart/form-data; boundary=B")
        validator.engine.usesCanonicalDisposition = canonical
        validator.consume(body)
        return validator.finish()
    }

    /// Every one-byte substitution, insertion and deletion of a template, plus values the shortcut must refuse.
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
        for name in ["", "%41", "=?utf-8?q?a?=", "=?", "caf\u{e9}"] {
            values.append(Array("form-data; name=\"\(name)\"".utf8))
        }
        for filename in ["", ".", "..", "...", "C:x", "a/b", "a\\\\b", "%2e", "=?x?="] {
            values.append(Array("form-data; name=\"f\"; filename=\"\(filename)\"".utf8))
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

    @Test(arguments: templates)
    func shortcutAndGeneralReaderGiveTheSameReport(template: String) {
        let values = variants(of: Array(template.utf8))
        var taken = 0
        for value in values {
            if CanonicalDisposition.match(unfolded(value)) != nil { taken += 1 }
            let fast = validate(value, canonical: true)
            let general = validate(value, canonical: false)
            #expect(fast == general, "\(String(decoding: value, as: UTF8.self).debugDescription)")
        }
        #expect(CanonicalDisposition.match(unfolded(Array(template.utf8))) != nil, "the template itself takes the shortcut")
        #expect(taken > 1 && taken < values.count, "\(taken) of \(values.count) variants took the shortcut")
    }

    @Test func shortcutRecordsNameFilenameAndTheFilenamePosition() throws {
        let value = Array(" form-data; name=\"field1\"; filename=\"photo.jpg\"".utf8)
        let match = try #require(CanonicalDisposition.match(value[...]))
        #expect(Array(value[match.name]) == Array("field1".utf8))
        #expect(match.filename.map { Array(value[$0]) } == Array("photo.jpg".utf8))
        #expect(Array(value[match.filenameAttribute...].prefix(9)) == Array("filename=".utf8))
    }
}
