import MultipartForm

/// Bodies a decoder cannot have seen: valid vectors' parts written afresh, each run, under a random
/// boundary and in another order, graded against the same expected parts.
///
/// A decoder that answers from a table of the corpus (the bodies are shipped with the tool) would pass
/// every vector without parsing anything; no table holds these bodies, whose boundary and part order
/// come from a seed chosen when the run starts and recorded in its report
/// (``CertificationProvenance/probeSeed``), so a failing probe can be run again exactly
/// (`certify --probe-seed N`). Each probe is a `y-` body: the strict validator finds no error in it.
public enum DecoderProbe {
    /// How many probes a whole run makes.
    public static let count = 8

    /// The probes' area, `probe`.
    public static let area = "probe"

    /// The id of the probe at `index` (from 1): `probe/y-reframed-1`, …
    public static func id(_ index: Int) -> String { "\(area)/y-reframed-\(index)" }

    /// Every probe id of a whole run, in order.
    public static var ids: [String] { (1...count).map(id) }

    /// The probes for `seed`: for each, a valid vector of `vectors` chosen by the seed, its expected
    /// parts shuffled and written with a fresh boundary.
    ///
    /// Only `y-` vectors qualify whose expected parts are plain (names and filenames printable ASCII
    /// without `"`, `\` or `%`, so that no escaping convention is in question) and that need no
    /// validator option; the same seed and corpus always give the same bodies.
    /// - Parameters:
    ///   - vectors: The corpus's vectors.
    ///   - seed: The run's seed.
    ///   - count: How many probes to make (fewer when fewer vectors qualify).
    /// - Returns: Vector-shaped probes, graded exactly as vectors are.
    public static func vectors(from vectors: [ConformanceVector], seed: UInt64, count: Int = DecoderProbe.count) -> [ConformanceVector] {
        var generator = SplitMix64(state: seed)
        var sources = vectors.filter(qualifies).sorted { $0.id < $1.id }
        var probes: [ConformanceVector] = []
        while probes.count < count, !sources.isEmpty {
            let source = sources.remove(at: Int.random(in: 0..<sources.count, using: &generator))
            if let probe = reframed(source, index: probes.count + 1, using: &generator) { probes.append(probe) }
        }
        return probes
    }

    /// A fresh seed for a run.
    public static func randomSeed() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next() >> 12  // 52 bits: exact in every JSON reader
    }

    /// Whether a vector's expected parts can be written afresh with no convention in question.
    static func qualifies(_ vector: ConformanceVector) -> Bool {
        guard vector.verdict == .yes, vector.contentType != nil, vector.sidecar.options == nil,
            vector.sidecar.outcomes == nil, let parts = vector.sidecar.parts, parts.count >= 2
        else { return false }
        return parts.allSatisfy { part in
            guard let name = part.name, !name.isEmpty, isPlain(name) else { return false }
            return part.filename.map(isPlain) ?? true && part.contentType.map(isPlain) ?? true
        }
    }

    /// Printable ASCII without `"`, `\` and `%`.
    static func isPlain(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "%") }
    }

    /// `source`'s parts in a shuffled order under a fresh boundary; `nil` if the body is not valid after all.
    static func reframed(
        _ source: ConformanceVector, index: Int, using generator: inout SplitMix64
    ) -> ConformanceVector? {
        guard var parts = source.sidecar.parts else { return nil }
        let original = parts
        for _ in 0..<4 where parts == original { parts.shuffle(using: &generator) }
        let boundary = ReferenceEncoder.randomBoundary(using: &generator)
        let delimiter = Array("\r\n--".utf8) + boundary
        var body: [UInt8] = []
        for part in parts {
            guard !part.body.containsSequence(delimiter), !part.body.containsSequence(Array("--".utf8) + boundary) else { return nil }
            body += Array("--".utf8) + boundary + Array("\r\nContent-Disposition: form-data; name=\"".utf8) + (part.name ?? [])
            if let filename = part.filename { body += Array("\"; filename=\"".utf8) + filename }
            body += Array("\"\r\n".utf8)
            if let contentType = part.contentType { body += Array("Content-Type: ".utf8) + contentType + Array("\r\n".utf8) }
            body += Array("\r\n".utf8) + part.body + Array("\r\n".utf8)
        }
        body += Array("--".utf8) + boundary + Array("--\r\n".utf8)
        let contentType = "multipart/form-data; boundary=" + String(decoding: boundary, as: UTF8.self)
        guard MultipartValidator.validate(body, contentType: contentType).isConforming else { return nil }
        let sidecar = VectorSidecar(
            description: "the parts of \(source.id), in another order under a fresh boundary: a body no table of the corpus holds",
            specs: ["RFC 7578 §4.1", "RFC 2046 §5.1.1"], contentType: contentType, diagnostics: [], parts: parts)
        return ConformanceVector(validID: id(index), body: body, sidecar: sidecar)
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in the bytes.
    fileprivate func containsSequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start] == needle[0] {
            if self[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
