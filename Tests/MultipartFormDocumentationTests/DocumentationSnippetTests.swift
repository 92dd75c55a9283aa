import Foundation
import Testing

/// Every Swift code block in the README, CONFORMANCE.md and the DocC articles is the visible part
/// of a snippet this target compiles, so documented code cannot rot.
///
/// `.tools/snippets/sync.py` rewrites the blocks from the snippets; this suite fails when one differs,
/// when a block has no snippet, or when a snippet is used nowhere.
@Suite struct DocumentationSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let snippets = root.appendingPathComponent("Tests/MultipartFormDocumentationTests/Snippets")

    /// One fenced Swift block: the document, the snippet it names (if any) and its text.
    struct Block: CustomTestStringConvertible {
        var document: String
        var line: Int
        var snippet: String?
        var text: String
        var testDescription: String { "\(document):\(line) \(snippet ?? "(unmarked)")" }
    }

    static func documents() throws -> [String] {
        var paths = ["README.md", "CONFORMANCE.md"]
        for module in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path).sorted() {
            let catalog = "Sources/\(module)/\(module).docc"
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path) else {
                continue
            }
            paths += files.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        }
        return paths
    }

    static func blocks() throws -> [Block] {
        var found: [Block] = []
        for document in try documents() {
            let lines = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
                .components(separatedBy: "\n")
            var index = 0
            while index < lines.count {
                guard lines[index] == "```swift" else {
                    index += 1
                    continue
                }
                let start = index
                var body: [String] = []
                index += 1
                while index < lines.count, lines[index] != "```" {
                    body.append(lines[index])
                    index += 1
                }
                var snippet: String?
                if start > 0, lines[start - 1].hasPrefix("<!-- snippet: "), lines[start - 1].hasSuffix(" -->") {
                    snippet = String(lines[start - 1].dropFirst("<!-- snippet: ".count).dropLast(" -->".count))
                }
                found.append(Block(document: document, line: start + 1, snippet: snippet, text: body.joined(separator: "\n") + "\n"))
                index += 1
            }
        }
        return found
    }

    /// The visible part of a snippet file: hidden regions left out, each visible run dedented.
    static func visible(_ identifier: String) throws -> String {
        let text = try String(contentsOf: snippets.appendingPathComponent(identifier + ".swift"), encoding: .utf8)
        var runs: [[String]] = []
        var current: [String] = []
        var shown = true
        for line in text.components(separatedBy: "\n") {
            switch line.trimmingCharacters(in: .whitespaces) {
            case "// snippet.hide":
                if !current.isEmpty { runs.append(current) }
                current = []
                shown = false
            case "// snippet.show":
                shown = true
            default:
                if shown { current.append(line) }
            }
        }
        if !current.isEmpty { runs.append(current) }
        var out: [String] = []
        for run in runs {
            let indents = run.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }
            let cut = indents.min() ?? 0
            out += run.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : String($0.dropFirst(cut)) }
        }
        while let first = out.first, first.isEmpty { out.removeFirst() }
        while let last = out.last, last.isEmpty { out.removeLast() }
        return out.joined(separator: "\n") + "\n"
    }

    @Test("each Swift block is its snippet's visible code", arguments: try blocks())
    func blockMatchesItsSnippet(block: Block) throws {
        let snippet = try #require(block.snippet, "mark the block with <!-- snippet: ID --> and add Snippets/ID.swift")
        let expected = try Self.visible(snippet)
        #expect(block.text == expected, "run .tools/snippets/sync.py to rewrite the block from Snippets/\(snippet).swift")
    }

    @Test func everySnippetIsShownSomewhere() throws {
        let used = Set(try Self.blocks().compactMap(\.snippet))
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.snippets.path).filter { $0.hasSuffix(".swift") }
        let defined = Set(files.map { String($0.dropLast(".swift".count)) })
        #expect(defined == used)
        #expect(defined.count >= 6, "the documentation's snippets were not found")
    }
}
