import MultipartForm

/// The receiver profiles, parsed once from the generated table (`ReceiverEvidence+Table.swift`).
struct ReceiverEvidence: Sendable {
    /// A name developers know, with the row it stands for and the page that says so.
    struct Alias: Sendable {
        var row: String
        var documentation: String
    }

    /// The parsed table, built on first use.
    static let shared = ReceiverEvidence(table: table)

    /// How many vectors the run read.
    var vectorCount = 0
    /// The first 16 hex digits of the corpus manifest's SHA-256 for the run.
    var corpusDigest = ""
    /// Row ids in the run's order.
    var order: [String] = []
    /// Profiles by row id.
    var profiles: [String: ReceiverProfile] = [:]
    /// Aliases by folded name.
    var aliases: [String: Alias] = [:]
    /// How many vectors of the corpus show each rule alone: a rule with none has no verdict for anyone.
    var covered: [Rule.ID: Int] = [:]

    /// Parses the tab-separated lines the generator writes; an unknown line kind is skipped.
    init(table: String) {
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { Self.unescaped($0) }
            switch (fields.first, fields.count) {
            case ("source", 3):
                vectorCount = Int(fields[1]) ?? 0
                corpusDigest = fields[2]
            case ("receiver", 5):
                order.append(fields[1])
                profiles[fields[1]] = ReceiverProfile(
                    id: fields[1], name: fields[2], language: fields[3], version: fields[4], conventions: [:],
                    otherwise: [:])
            case ("convention", 4):
                profiles[fields[1]]?.conventions[fields[2]] = fields[3]
            case ("alias", 4):
                aliases[fields[1]] = Alias(row: fields[2], documentation: fields[3])
            case ("covered", 3):
                covered[Rule.ID(rawValue: fields[1])] = Int(fields[2]) ?? 0
            case ("otherwise", 4):
                profiles[fields[1]]?.otherwise[Rule.ID(rawValue: fields[2])] = ReceiverProfile.RuleEvidence(
                    count: Int(fields[3]) ?? 0, readings: [])
            case ("reading", 6):
                profiles[fields[1]]?.otherwise[Rule.ID(rawValue: fields[2])]?.readings.append(
                    ReceiverProfile.Reading(vector: fields[3], kind: fields[4], summary: fields[5]))
            default:
                continue
            }
        }
    }

    /// Undoes the generator's escaping of backslash, tab, line feed and carriage return.
    private static func unescaped(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var text = ""
        var escaping = false
        for character in field {
            if escaping {
                switch character {
                case "t": text.append("\t")
                case "n": text.append("\n")
                case "r": text.append("\r")
                default: text.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                text.append(character)
            }
        }
        return text
    }
}
