import Foundation
import MultipartFormTesting
import Testing

// snippet.hide
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// snippet.show
@Test func photoUploadConformsForPHP() throws {
    let request = try makeUploadRequest(
        url: URL(string: "https://example.com/upload")!, photo: Data([0xFF, 0xD8, 0xFF]), filename: "beach.jpg")
    try expectConforming(request, receivers: [.php])    // or .rack, .django, Receiver.named("rails")!
}
