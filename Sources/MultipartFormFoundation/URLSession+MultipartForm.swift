import Foundation
import MultipartForm

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// Creates an upload task that sends a form body from a temporary file, removed when the task ends.
    ///
    /// The request's method becomes `POST` if it is `GET` (the default, which cannot carry a body);
    /// `Content-Type` and `Content-Length` are set from the body. Resume the task to start it.
    /// - Parameters:
    ///   - request: The request; its URL and headers are kept.
    ///   - body: The prepared body.
    ///   - completionHandler: Called with the response, as for any upload task.
    /// - Returns: The task, not yet resumed.
    /// - Throws: `ReferenceEncoder.Error` when the temporary file cannot be written.
    public func multipartUploadTask(
        with request: URLRequest, body: ReferenceEncoder.Body,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) throws(ReferenceEncoder.Error) -> URLSessionUploadTask {
        let request = Self.multipartRequest(request, body: body)
        let file = try body.writeTemporaryFile()
        return uploadTask(with: request, fromFile: file) { data, response, error in
            try? FileManager.default.removeItem(at: file)
            completionHandler(data, response, error)
        }
    }

    /// Uploads a form body from a temporary file, removed afterwards, and returns the response.
    ///
    /// The request's method becomes `POST` if it is `GET`; `Content-Type` and `Content-Length` are
    /// set from the body. Throws the `ReferenceEncoder.Error` if the body cannot be written, else
    /// what `upload(for:fromFile:)` throws.
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    /// - Parameters:
    ///   - request: The request; its URL and headers are kept.
    ///   - body: The prepared body.
    /// - Returns: The response's body and metadata.
    /// - Throws: `ReferenceEncoder.Error` when the temporary file cannot be written, else the session's error.
    public func upload(for request: URLRequest, multipartBody body: ReferenceEncoder.Body) async throws -> (Data, URLResponse) {
        let request = Self.multipartRequest(request, body: body)
        let file = try body.writeTemporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        return try await upload(for: request, fromFile: file)
    }

    private static func multipartRequest(_ request: URLRequest, body: ReferenceEncoder.Body) -> URLRequest {
        var request = request
        let method = request.httpMethod.map { $0 == "GET" ? "POST" : $0 } ?? "POST"
        request.setMultipartHeaders(for: body, method: method)
        return request
    }
}
