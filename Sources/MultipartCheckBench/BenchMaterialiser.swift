import MultipartForm

/// Decode's second pass: takes the body's blocks in order and materialises each collected part as
/// its last byte goes by (name, filename and Content-Type as strings, content copied into an array
/// of its own), releasing it before the next part.
///
/// Content that lies in one block is copied in one step, into an array made from its bytes, as a
/// program would that has the whole part at hand, rather than reserving and appending, which
/// costs more on every small part.
///
/// A value with its state in stored properties, so the pass reads and writes them directly, as a
/// program decoding uploads would, rather than through the boxes a closure's captured variables need.
struct BenchMaterialiser {
    /// The parts the validator collected, in body order.
    private let parts: [DecodedPart]
    /// The index of the next part to materialise.
    private var next = 0
    /// The content of the part being materialised, so far.
    private var content: [UInt8] = []
    /// The body offset of the next block's first byte.
    private var blockStart = 0
    /// The parts materialised.
    private(set) var materialised = 0
    /// A value computed from every materialised string and content, so no work can be optimised away.
    private(set) var checksum = 0

    init(parts: [DecodedPart]) {
        self.parts = parts
    }

    /// Takes the next block of the body.
    mutating func take(_ block: UnsafeRawBufferPointer) {
        let blockEnd = blockStart + block.count
        while next < parts.count {
            let range = parts[next].bodyRange
            if range.lowerBound >= blockEnd && !range.isEmpty { break }
            let from = max(range.lowerBound, blockStart)
            let to = min(range.upperBound, blockEnd)
            if from < to {
                let bytes = UnsafeRawBufferPointer(rebasing: block[(from - blockStart)..<(to - blockStart)])
                if content.isEmpty && to == range.upperBound {
                    content = Array(bytes)
                } else {
                    if content.isEmpty { content.reserveCapacity(range.count) }
                    content.append(contentsOf: bytes)
                }
            }
            guard range.upperBound <= blockEnd else { break }
            release()
        }
        blockStart = blockEnd
    }

    /// Materialises the parts no block reached (content past the body's end, which a report never has).
    mutating func finish() {
        while next < parts.count { release() }
    }

    /// Makes the next part's strings, counts it and its content, and releases both.
    private mutating func release() {
        let part = parts[next]
        checksum &+= part.nameString?.utf8.count ?? 0
        checksum &+= part.filenameString?.utf8.count ?? 0
        checksum &+= part.contentTypeString?.utf8.count ?? 0
        checksum &+= Int(content.last ?? 0) &+ content.count
        materialised += 1
        next += 1
        content = []
    }
}
