import MultipartForm
import Testing

@Suite struct MediaTypeTableTests {
    @Test(arguments: [
        ("photo.jpg", "image/jpeg"), ("PHOTO.JPEG", "image/jpeg"), ("/tmp/dir.d/a.png", "image/png"),
        ("notes.txt", "text/plain"), ("data.json", "application/json"), ("archive.tar.gz", "application/gzip"),
        ("doc.pdf", "application/pdf"), ("clip.mov", "video/quicktime"), ("font.woff2", "font/woff2"),
    ])
    func knownExtensionsMapToTheirMediaType(filename: String, mediaType: String) {
        #expect(MediaTypeTable.mediaType(forFilename: filename) == mediaType)
    }

    @Test(arguments: ["README", ".profile", "dir.d/", "x.", "file.unknownext", ""])
    func namesWithoutAKnownExtensionHaveNoMediaType(filename: String) {
        #expect(MediaTypeTable.mediaType(forFilename: filename) == nil)
    }

    @Test func extensionLookupAcceptsALeadingDotAndFoldsOnlyASCII() {
        #expect(MediaTypeTable.mediaType(forPathExtension: ".SVG") == "image/svg+xml")
        #expect(MediaTypeTable.mediaType(forPathExtension: "ﬀ") == nil)
    }

    @Test func everyEntryIsALowerCaseExtensionAndAWellFormedType() {
        for (pathExtension, mediaType) in MediaTypeTable.mediaTypesByExtension {
            #expect(pathExtension == pathExtension.lowercased() && !pathExtension.contains("."))
            let form = FormData([.init(name: "f", value: .bytes([]), filename: "f", contentType: mediaType)])
            #expect(throws: Never.self) { try ReferenceEncoder().prepare(form, boundary: "B") }
        }
    }

    @Test func appendingAFileGuessesItsTypeFromTheFilenameThenThePath() {
        var form = FormData()
        form.append(name: "a", filePath: "/data/upload.bin", filename: "shown.png")
        form.append(name: "b", filePath: "/data/report.pdf", filename: "no-extension")
        form.append(name: "c", filePath: "/data/blob")
        form.append(name: "d", filePath: "/data/x.png", contentType: "image/x-custom")
        form.append(name: "e", bytes: [1], filename: "clip.mp4")
        #expect(form.fields.map(\.contentType) == ["image/png", "application/pdf", nil, "image/x-custom", "video/mp4"])
    }
}
