import MultipartForm

/// Seeded mutations of a body aimed at its framing: inserted line breaks, dashes, delimiters,
/// quotes and escapes; deleted, flipped and duplicated bytes.
///
/// The mutated-vector tests validate each mutation at several chunkings, and the engine snapshot
/// tool (`.tools/engine-snapshot/`) records the reports of more of them, so both read the same bodies
/// for the same seed.
package enum VectorMutation {
    /// Byte strings the mutations insert, for a body whose boundary is `boundary`.
    package static func tokens(boundary: [UInt8]) -> [[UInt8]] {
        let plain = ["\r\n", "--", "\r", "\n", "\"", "\\", ";", "=", ":", " ", "\t", "\0", "%22", "\r\n\r\n",
            "Content-Type: multipart/mixed; boundary=Y\r\n", "filename*=UTF-8''x", "; name=\"_charset_\""]
        return plain.map { Array($0.utf8) } + [
            Array("\r\n--".utf8) + boundary, Array("\r\n--".utf8) + boundary + Array("--".utf8),
            Array("--".utf8) + boundary.dropLast(), [0xFF], [0xC3], [0xE2, 0x82],
        ]
    }

    /// `body` with one to four mutations drawn from `random`.
    package static func mutate(_ body: [UInt8], boundary: [UInt8], random: inout SplitMix64) -> [UInt8] {
        var body = body
        let tokens = Self.tokens(boundary: boundary)
        for _ in 0..<(1 + below(4, &random)) {
            let at = below(body.count + 1, &random)
            switch below(4, &random) {
            case 0: body.insert(contentsOf: tokens[below(tokens.count, &random)], at: at)
            case 1: if at < body.count { body.remove(at: at) }
            case 2: if at < body.count { body[at] = UInt8(truncatingIfNeeded: random.next()) }
            default:
                let from = below(body.count + 1, &random)
                let slice = Array(body[from..<min(body.count, from + below(40, &random))])
                body.insert(contentsOf: slice, at: at)
            }
        }
        return body
    }

    /// A number in `0..<bound` (every bound here is positive), by remainder: the mutations need no better.
    private static func below(_ bound: Int, _ random: inout SplitMix64) -> Int {
        Int(random.next() % UInt64(max(bound, 1)))
    }
}
