import Foundation
import MultipartForm
@testable import MultipartFormConformanceCore
@testable import MultipartFormReceivers
import Testing

/// The receiver profiles' generated table (`ReceiverEvidence+Table.swift`) against what it is generated
/// from: the committed evidence, the corpus sidecars, conventions.tsv and receiver-aliases.tsv. Fails
/// after an interop run or a corpus change until `.tools/receivers/generate.py` is run.
@Suite struct ReceiverEvidenceTests {
    /// The kinds of reading a profile holds: everything but the expected one.
    static let otherwise: Set<String> = ["data-loss", "other-parts", "rejected", "crashed", "timed-out"]

    @Test func theTableNamesTheCorpusItWasGeneratedFrom() throws {
        let manifest = try [UInt8](Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Vectors/MANIFEST.sha256")))
        let evidence = try InteropEvidenceTests.evidence()
        #expect(ReceiverEvidence.shared.corpusDigest == String(CorpusManifest.digest(manifest).prefix(16)))
        #expect(ReceiverEvidence.shared.vectorCount == evidence.vectorCount)
    }

    /// Every application row of the evidence is a receiver, in run order, with its recorded version.
    @Test func everyApplicationRowIsAReceiver() throws {
        let evidence = try InteropEvidenceTests.evidence()
        let rows = evidence.parsers.filter { $0.id != evidence.firewall }
        #expect(Receiver.all.map(\.id) == rows.map(\.id))
        for row in rows {
            let profile = try #require(Receiver(id: row.id).profile)
            #expect(profile.version == row.version && profile.name == row.name)
        }
    }

    /// Per receiver and rule, the count of vectors showing only that rule which it read otherwise is
    /// the evidence's count, and each reading quoted is one the evidence holds.
    @Test func everyReadingOtherwiseOnAOneRuleVectorIsInTheProfile() throws {
        let evidence = try InteropEvidenceTests.evidence()
        let corpus = try Corpus(directory: Fixtures.packageRoot.appendingPathComponent("Vectors").path)
        let oneRule = Dictionary(uniqueKeysWithValues: corpus.vectors.compactMap { vector in
            vector.expectedRules.count == 1 ? (vector.id, vector.expectedRules[0]) : nil
        })
        var expected: [String: [Rule.ID: Set<String>]] = [:]
        for (vector, readings) in evidence.splitVectors {
            guard let rule = oneRule[vector] else { continue }
            for reading in readings where Self.otherwise.contains(reading.kind) {
                for parser in reading.parsers where parser != evidence.firewall {
                    expected[parser, default: [:]][rule, default: []].insert(vector)
                }
            }
        }
        for receiver in Receiver.all {
            let profile = try #require(receiver.profile)
            let found = profile.otherwise.mapValues(\.count)
            #expect(found == (expected[receiver.id] ?? [:]).mapValues(\.count), "\(receiver.id)")
            for (rule, item) in profile.otherwise {
                for reading in item.readings {
                    #expect(expected[receiver.id]?[rule]?.contains(reading.vector) == true, "\(receiver.id) \(rule)")
                }
            }
        }
        #expect(ReceiverEvidence.shared.covered == oneRule.values.reduce(into: [:]) { $0[$1, default: 0] += 1 })
    }

    /// The conventions are conventions.tsv's, and every alias names a receiver.
    @Test func conventionsAndAliasesAreTheDeclaredOnes() throws {
        let declared = try Self.tsv("Interop/conventions.tsv")
        for receiver in Receiver.all {
            let listed = declared.filter { $0[0] == receiver.id }
            #expect(receiver.profile?.conventions == Dictionary(uniqueKeysWithValues: listed.map { ($0[1], $0[2]) }))
        }
        let aliases = try Self.tsv("Interop/receiver-aliases.tsv")
        #expect(aliases.count >= 20)
        for alias in aliases {
            #expect(Receiver.named(alias[0]) == Receiver(id: alias[1]))
            #expect(Receiver.named(alias[0].uppercased()) == Receiver(id: alias[1]))
        }
        #expect(Receiver.named("no-such-server") == nil)
    }

    static func tsv(_ path: String) throws -> [[String]] {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(path), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
    }
}
