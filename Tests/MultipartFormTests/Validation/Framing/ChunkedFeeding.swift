import MultipartFormTestSupport

@testable import MultipartForm

/// A validator for `multipart/form-data; boundary=B` that has been fed `body` in chunks of
/// `chunkSize` bytes (by ``ChunkedFeed``), not yet finished, with the engine's shortcuts for
/// browser-shaped parts on or off: the tests of those shortcuts compare a body fed whole, a byte at
/// a time, and without them.
func validatorFed(_ body: [UInt8], options: ValidationOptions, chunkSize: Int, shortcuts: Bool) -> MultipartValidator {
    var options = options
    options.readsInOneStep = shortcuts
    var validator = MultipartValidator(contentType: "multipart/form-data; boundary=B", options: options)
    ChunkedFeed.feed(body, chunkSize: chunkSize, into: &validator)
    return validator
}

/// The parts collected from `body` (boundary `B`) fed in chunks of `chunkSize` bytes.
func collectedParts(of body: String, chunkSize: Int) -> [DecodedPart] {
    var options = ValidationOptions()
    options.collectParts = true
    var validator = validatorFed(Array(body.utf8), options: options, chunkSize: chunkSize, shortcuts: true)
    return validator.finish().parts
}
