import Foundation
import MultipartForm
import MultipartFormFoundation
// snippet.hide
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// snippet.show

func makeUploadRequest(url: URL, photo: Data, filename: String) throws -> URLRequest {
    var form = FormData()
    form.append(name: "photo", data: photo, filename: filename, contentType: "image/jpeg")
    var request = URLRequest(url: url)
    try request.setMultipartBody(ReferenceEncoder().prepare(form))
    return request
}
