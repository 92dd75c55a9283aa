import Foundation

/// The sentences and table rows of CONFORMANCE.md's "Canonical encoding" section, and the table that maps each to vectors.
struct CanonicalPromises {
    /// One line of the "Which vectors enforce it" table.
    struct Enforcement {
        /// The beginning of a sentence, or `row: ` and a table row's first cell.
        var key: String
        /// The vector ids named in backticks.
        var vectorIDs: [String]
        /// Whether the line says `every canonical vector`.
        var everyCanonicalVector: Bool
        /// The reason given when no form vector can hold the promise (`none: ...`), or `nil`.
        var noVectorReason: String?
    }

    /// Every sentence of the section's prose, and every table row as `row: ` and its first cell.
    var items: [String] = []
    /// The lines of the mapping table.
    var enforcements: [Enforcement] = []

    static let sectionHeading = "## Canonical encoding"
    static let mappingHeading = "### Which vectors enforce it"

    init(document: String) throws {
        guard let start = document.range(of: "\n" + Self.sectionHeading),
            let mapping = document.range(of: "\n" + Self.mappingHeading, range: start.upperBound..<document.endIndex)
        else { throw CocoaError(.fileReadCorruptFile) }
        let sectionEnd = document.range(of: "\n## ", range: mapping.upperBound..<document.endIndex)?.lowerBound ?? document.endIndex
        items = Self.items(in: String(document[start.upperBound..<mapping.lowerBound]))
        enforcements = Self.enforcements(in: String(document[mapping.upperBound..<sectionEnd]))
    }

    /// Splits prose into sentences (code blocks left out, list markers dropped) and tables into rows.
    static func items(in section: String) -> [String] {
        var items: [String] = []
        var paragraph: [String] = []
        var inCode = false
        var tableRow = 0
        func flush() {
            let text = paragraph.joined(separator: " ").trimmingCharacters(in: .whitespaces)
            paragraph = []
            guard !text.isEmpty else { return }
            items += sentences(of: text)
        }
        for rawLine in section.split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") {
                flush()
                inCode.toggle()
                continue
            }
            if inCode { continue }
            if line.hasPrefix("|") {
                flush()
                tableRow += 1
                let firstCell = line.dropFirst().split(separator: "|", omittingEmptySubsequences: false).first ?? ""
                let cell = firstCell.trimmingCharacters(in: .whitespaces)
                if !cell.allSatisfy({ "-: ".contains($0) }) { items.append("row: " + cell) }
                continue
            }
            tableRow = 0
            if line.isEmpty {
                flush()
                continue
            }
            if let marker = line.firstRange(of: #/^(\d+\.|-) /#) {
                flush()
                paragraph = [String(line[marker.upperBound...])]
                continue
            }
            paragraph.append(line)
        }
        flush()
        return items
    }

    /// Sentences end at `.`, `!` or `?` followed by a space and a capital letter, a backtick, `*` or `(`.
    static func sentences(of text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            current.append(character)
            guard ".!?".contains(character), index + 2 < characters.count, characters[index + 1] == " " else { continue }
            let next = characters[index + 2]
            if next.isUppercase || "`*(".contains(next) {
                sentences.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            }
        }
        let rest = current.trimmingCharacters(in: .whitespaces)
        if !rest.isEmpty { sentences.append(rest) }
        return sentences
    }

    /// The mapping table's lines, after its header and separator.
    static func enforcements(in text: String) -> [Enforcement] {
        var result: [Enforcement] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[0] != "sentence or row begins" else { continue }
            // A key may itself hold '|' only inside backticks, which no key does; the value is the last cell.
            let value = cells[cells.count - 1]
            let key = cells[0..<(cells.count - 1)].joined(separator: "|")
            let ids = value.matches(of: #/`([a-z0-9]+/[yni]-[a-z0-9-]+)`/#).map { String($0.output.1) }
            let reason = value.hasPrefix("none: ") ? String(value.dropFirst(6)) : nil
            result.append(
                Enforcement(
                    key: key, vectorIDs: ids, everyCanonicalVector: value.hasPrefix("every canonical vector"),
                    noVectorReason: reason))
        }
        return result
    }

    /// The enforcement lines whose key begins the item.
    func enforcements(of item: String) -> [Enforcement] {
        enforcements.filter { item.hasPrefix($0.key) }
    }
}
