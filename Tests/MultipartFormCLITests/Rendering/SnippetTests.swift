import Testing

@testable import MultipartFormCLI

@Suite struct SnippetTests {
    @Test func controlsLineBreaksBackslashesAndInvalidUTF8AreEscaped() {
        let bytes: [UInt8] = Array("a\r\n\t\\".utf8) + [0x00, 0x7F, 0xFF, 0xC3] + Array("é".utf8)
        #expect(VisibleBytes.escape(bytes) == #"a\r\n\t\\\x00\x7F\xFF\xC3é"#)
    }

    @Test func invisibleAndReorderingCharactersAreEscaped() {
        let bytes = Array("\u{FEFF}x\u{202E}y\u{00A0}".utf8)
        #expect(VisibleBytes.escape(bytes) == #"\u{FEFF}x\u{202E}y\u{00A0}"#)
    }

    @Test func overlongAndSurrogateSequencesAreInvalid() {
        #expect(VisibleBytes.escape([0xC0, 0xAF]) == #"\xC0\xAF"#)
        #expect(VisibleBytes.escape([0xED, 0xA0, 0x80]) == #"\xED\xA0\x80"#)
        #expect(VisibleBytes.escape([0xF4, 0x90, 0x80, 0x80]) == #"\xF4\x90\x80\x80"#)
    }

    @Test func caretColumnCountsEscapedWidths() {
        let region = Array("a\r\tb\n".utf8)
        let snippet = Snippet(region: region, regionStart: 0, offset: 3, totalLength: region.count)
        #expect(snippet.text == #"a\r\tb\n"#)
        #expect(snippet.caretColumn == 5)
        #expect(!snippet.isAtEnd)
    }

    @Test func caretColumnCountsEastAsianWideCharactersAsTwoColumns() {
        // Terminals draw each of 日本語 two columns wide: the caret must land under the '%'.
        let region = Array(#"filename="日本語%22.txt""#.utf8)
        let percent = region.firstIndex(of: UInt8(ascii: "%"))!
        let snippet = Snippet(region: region, regionStart: 0, offset: percent, totalLength: region.count)
        #expect(snippet.caretColumn == #"filename=""#.count + 3 * 2)
        #expect(VisibleBytes.cells(Array("a日😀é".utf8)).map(\.width) == [1, 2, 2, 1])
    }

    @Test func snippetIsTheLineHoldingTheOffsetIncludingItsLineBreak() {
        let region = Array("one\r\ntwo\r\nthree".utf8)
        let onBreak = Snippet(region: region, regionStart: 0, offset: 9, totalLength: region.count)
        #expect(onBreak.text == #"two\r\n"#)
        #expect(onBreak.caretColumn == 5)
        let atEnd = Snippet(region: region, regionStart: 0, offset: region.count, totalLength: region.count)
        #expect(atEnd.text == "three")
        #expect(atEnd.caretColumn == 5)
        #expect(atEnd.isAtEnd)
    }

    @Test func longLinesAreWindowedAroundTheOffset() {
        let line =
            Array(repeating: UInt8(ascii: "x"), count: 500) + [0x00] + Array(repeating: UInt8(ascii: "y"), count: 500)
        let snippet = Snippet(region: line, regionStart: 0, offset: 500, totalLength: line.count)
        #expect(snippet.text.count <= Snippet.maxColumns)
        #expect(snippet.text.hasPrefix("…x"))
        #expect(snippet.text.hasSuffix("y…"))
        let caret = snippet.text.index(snippet.text.startIndex, offsetBy: snippet.caretColumn)
        #expect(snippet.text[caret...].hasPrefix(#"\x00"#))
    }

    @Test func aRegionCutInsideALineIsMarkedOnBothSides() {
        let region = Array(repeating: UInt8(ascii: "z"), count: 20)
        let snippet = Snippet(region: region, regionStart: 100, offset: 110, totalLength: 1000)
        #expect(snippet.text == "…" + String(repeating: "z", count: 20) + "…")
        #expect(snippet.caretColumn == 11)
    }

    @Test func shortLineStartsAreShownWhole() {
        let line = Array(
            ("Content-Disposition: form-data; name=\"a\"; filename=\"" + String(repeating: "x", count: 300) + "\"\r\n")
                .utf8)
        let snippet = Snippet(region: line, regionStart: 0, offset: 42, totalLength: line.count)
        #expect(snippet.text.hasPrefix("Content-Disposition"))
        #expect(snippet.caretColumn == 42)
    }
}
