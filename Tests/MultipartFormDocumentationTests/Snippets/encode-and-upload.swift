import MultipartForm
import MultipartFormFoundation   // URLRequest, URLSession, InputStream
// snippet.hide
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Compiled, never run: it would upload to a server.
func encodeAndUpload(pngData: Data, uploadURL: URL) async throws {
    // snippet.show

    var form = FormData()
    form.append(name: "title", text: "Holiday")
    form.append(name: "count", integer: 3)
    form.append(name: "photos[]", filePath: "/tmp/beach.jpg")    // image/jpeg, from the extension
    form.append(name: "photos[]", data: pngData, filename: "icon.png")
    let body = try ReferenceEncoder().prepare(form)

    let request = URLRequest(url: uploadURL)
    let (data, response) = try await URLSession.shared.upload(for: request, multipartBody: body)
    // or: try request.setMultipartBody(body)       (in memory)
    //     request.setMultipartBodyStream(body)     (streamed InputStream)
    //     try body.write(toFileAtPath: path)       (Foundation-free, from the core)
    // snippet.hide
    _ = (data, response)
}
