/// The validator's state machine (placeholder until the scanner lands).
struct ValidationEngine {
    init(contentType: [UInt8]?, options: ValidationOptions, depth: Int) {}
    mutating func consume(_ chunk: UnsafeRawBufferPointer) {}
    mutating func finish() -> ValidationReport {
        ValidationReport(diagnostics: [], parts: [], partCount: 0, boundary: nil, byteCount: 0, counts: [:])
    }
}
