import Foundation
import MultipartForm
import MultipartFormConformance
import Testing

@Suite("Vector sidecar")
struct VectorSidecarTests {
    private func decode(_ json: String) throws -> VectorSidecar {
        try VectorSidecar.decode(Array(json.utf8))
    }

    @Test func decodesEveryDocumentedField() throws {
        let sidecar = try decode(
            #"""
            {
              "description": "all fields",
              "specs": ["RFC 2046 §5.1.1"],
              "content_type": "multipart/form-data; boundary=\"a:b\"",
              "diagnostics": [{"rule": "boundary-quoted", "offset": 30, "in": "content-type"},
                              {"rule": "value-not-utf8", "offset": 7}],
              "parts": [{"name": "a", "filename_base64": "/w==", "content_type": null, "body_base64": "gA=="}],
              "outcomes": [{"outcome": "accept", "because": "RFC 7578 §4.2", "parts": []},
                           {"outcome": "reject", "because": "RFC 2046 §5.1.1"}],
              "producer": "curl 8.5",
              "options": {"max_parts": 1, "max_header_bytes": 2, "max_header_lines": 3,
                          "max_header_line_length": 4, "max_nesting_depth": 5, "max_diagnostics": 6}
            }
            """#)
        #expect(sidecar.contentType == #"multipart/form-data; boundary="a:b""#)
        #expect(
            sidecar.diagnostics == [
                .init(rule: .boundaryQuoted, offset: 30, origin: .contentType),
                .init(rule: .valueNotUTF8, offset: 7, origin: .body),
            ])
        #expect(
            sidecar.parts == [.init(name: Array("a".utf8), filename: [0xFF], contentType: nil, body: [0x80])])
        #expect(sidecar.outcomes?.map(\.outcome) == [.accept, .reject])
        #expect(sidecar.outcomes?.first?.parts == [])
        #expect(sidecar.producer == "curl 8.5")
        let options = try #require(sidecar.options).applied(to: ValidationOptions())
        #expect(options.maxParts == 1)
        #expect(options.maxHeaderBytes == 2)
        #expect(options.maxHeaderLines == 3)
        #expect(options.maxHeaderLineLength == 4)
        #expect(options.maxNestingDepth == 5)
        #expect(options.maxDiagnostics == 6)
    }

    @Test func absentOptionsKeepTheDocumentedDefaults() throws {
        let vector = try ConformanceVector(
            id: "framing/y-x", body: [],
            sidecar: decode(
                #"{"description": "", "specs": [], "content_type": null, "diagnostics": [], "options": {"max_parts": 2}}"#
            ))
        let options = vector.validationOptions
        #expect(options.maxParts == 2)
        #expect(options.maxHeaderBytes == 16384)
        #expect(options.maxHeaderLines == 64)
        #expect(options.maxHeaderLineLength == 8192)
        #expect(options.maxNestingDepth == 4)
        #expect(options.maxDiagnostics == 1000)
    }

    @Test(arguments: [
        // content_type is required even when null
        #"{"description": "", "specs": [], "diagnostics": []}"#,
        // a value in both spellings
        #"{"description": "", "specs": [], "content_type": null, "diagnostics": [], "parts": [{"name": "a", "name_base64": "YQ==", "filename": null, "content_type": null, "body": ""}]}"#,
        // a part value in neither spelling
        #"{"description": "", "specs": [], "content_type": null, "diagnostics": [], "parts": [{"filename": null, "content_type": null, "body": ""}]}"#,
        // a null body
        #"{"description": "", "specs": [], "content_type": null, "diagnostics": [], "parts": [{"name": null, "filename": null, "content_type": null, "body": null}]}"#,
        // invalid base64
        #"{"description": "", "specs": [], "content_type": null, "diagnostics": [], "parts": [{"name": null, "filename": null, "content_type": null, "body_base64": "%%"}]}"#,
        // an unknown origin
        #"{"description": "", "specs": [], "content_type": null, "diagnostics": [{"rule": "a", "offset": 0, "in": "header"}]}"#,
        // a negative offset
        #"{"description": "", "specs": [], "content_type": null, "diagnostics": [{"rule": "a", "offset": -1}]}"#,
        // an unknown option
        #"{"description": "", "specs": [], "content_type": null, "diagnostics": [], "options": {"max_part": 1}}"#,
        // an unknown outcome
        #"{"description": "", "specs": [], "content_type": null, "diagnostics": [], "outcomes": [{"outcome": "maybe", "because": ""}]}"#,
    ])
    func malformedSidecarsDoNotDecode(json: String) {
        #expect(throws: (any Error).self) { try decode(json) }
    }

    @Test func encodingRoundTripsAndUsesBase64OnlyForInvalidUTF8() throws {
        let sidecar = VectorSidecar(
            description: "d", specs: ["RFC 7578 §4.2"], contentType: nil,
            diagnostics: [.init(rule: .boundaryInferred, offset: 0)],
            parts: [.init(name: Array("é".utf8), filename: [0xC3], contentType: nil, body: Array("x\r\n".utf8))],
            options: .init(maxParts: 3))
        let data = Data(sidecar.jsonText.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["content_type"] is NSNull)
        let part = try #require((object["parts"] as? [[String: Any]])?.first)
        #expect(part["name"] as? String == "é")
        #expect(part["filename_base64"] as? String == "ww==")
        #expect(part["filename"] == nil)
        #expect(part["body"] as? String == "x\r\n")
        let diagnostic = try #require((object["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["in"] == nil)
        #expect(try VectorSidecar.decode(Array(data)) == sidecar)
    }

    @Test func encoderInputDecodesTextBytesAndFileFieldsAndRoundTrips() throws {
        let sidecar = try decode(
            #"""
            {"description": "d", "specs": [], "content_type": "multipart/form-data; boundary=AaB03x",
             "diagnostics": [], "parts": [],
             "encoder_input": {"boundary": "AaB03x", "canonical": true, "fields": [
               {"name": "a\"b", "value": "x\r\ny"},
               {"name": "raw", "value_base64": "/w=="},
               {"name": "f", "value": "", "filename": "a.txt", "content_type": "text/plain"}]}}
            """#)
        let input = try #require(sidecar.encoderInput)
        #expect(input.boundary == "AaB03x")
        #expect(input.isCanonical)
        #expect(input.fields == [
            .init(name: "a\"b", value: .text("x\r\ny")),
            .init(name: "raw", value: .bytes([0xFF])),
            .init(name: "f", value: .text(""), filename: "a.txt", contentType: "text/plain"),
        ])
        #expect(input.form.fields.map(\.isFile) == [false, false, true])
        #expect(try VectorSidecar.decode(Array(sidecar.jsonText.utf8)) == sidecar)
    }

    @Test(arguments: [
        #"{"boundary": "b", "canonical": true, "fields": [{"name": "a", "value": "1", "value_base64": "MQ=="}]}"#,
        #"{"boundary": "b", "canonical": true, "fields": [{"name": "a"}]}"#,
        #"{"boundary": "b", "canonical": "yes", "fields": []}"#,
        #"{"boundary": "b", "fields": []}"#,
        #"{"boundary": "b", "canonical": false, "fields": [{"name": "a", "value_base64": "M"}]}"#,
        #"{"boundary": "b", "canonical": false, "fields": [], "form": []}"#,
    ])
    func malformedEncoderInputsDoNotDecode(input: String) {
        let json = #"{"description": "", "specs": [], "content_type": null, "diagnostics": [], "encoder_input": "#
            + input + "}"
        #expect(throws: SidecarError.self) { try decode(json) }
    }

    @Test(arguments: [
        ("framing/y-a", true), ("content-type/n-boundary-too-long", true), ("names/i-x_y.z", true),
        ("framing/a-x", false), ("framing/y-", false), ("framing/yx", false), ("Framing/y-x", false),
        ("y-x", false), ("a/b/y-x", false), ("framing/y-.hidden", false), ("framing/y-é", false),
    ])
    func vectorIDsFollowTheNamingRule(id: String, valid: Bool) {
        #expect((ConformanceVector.parse(id: id) != nil) == valid)
    }
}

/// Sidecars written by the generator and by `multipart-check vectors new` must be byte-identical for the same content.
@Suite("Sidecar text")
struct SidecarTextTests {
    @Test("every sidecar file is exactly what the Swift writer renders", arguments: try Fixtures.vectors())
    func sidecarFileIsInWriterForm(vector: ConformanceVector) throws {
        let path = Fixtures.packageRoot.appendingPathComponent("Vectors/\(vector.id).json").path
        let onDisk = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        let rendered = vector.sidecar.jsonText
        guard onDisk != rendered else { return }
        let diskLines = onDisk.split(separator: "\n", omittingEmptySubsequences: false)
        let renderedLines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(diskLines, renderedLines).prefix { $0 == $1 }.count
        Issue.record(
            """
            \(vector.id).json differs from the writer's rendering at line \(line + 1):
              file:   \(line < diskLines.count ? String(diskLines[line]) : "<end>")
              writer: \(line < renderedLines.count ? String(renderedLines[line]) : "<end>")
            """)
    }
}
