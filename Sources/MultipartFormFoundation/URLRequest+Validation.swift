import Foundation
import MultipartForm

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// Validates the multipart/form-data body of this request exactly as the app built it.
    ///
    /// The boundary comes from the request's `Content-Type` header, as a server reads it; the body
    /// from `bodyFile` when given (the file of `uploadTask(with:fromFile:)`), else `httpBody`, else
    /// `httpBodyStream`, read in chunks. A body stream can be read only once, so validate a request
    /// built for the check, not the one about to be sent.
    ///
    /// ```swift
    /// let report = try request.validateMultipartBody()
    /// #expect(report.isConforming)
    /// ```
    /// - Parameters:
    ///   - bodyFile: The file an upload task sends as the body, if the body is not in the request.
    ///   - options: The validator's limits and what the report keeps.
    /// - Returns: Every finding, with positions counted from the start of the body.
    /// - Throws: ``RequestBodyError``: no `Content-Type` header, no body, or a body that cannot be read.
    public func validateMultipartBody(
        bodyFile: URL? = nil, options: ValidationOptions = ValidationOptions()
    ) throws(RequestBodyError) -> ValidationReport {
        let contentType = try multipartContentType()
        var validator = MultipartValidator(contentType: contentType, options: options)
        try forEachMultipartBodyChunk(bodyFile: bodyFile) { validator.consume($0) }
        return validator.finish()
    }

    /// The `Content-Type` header's value; throws when there is none.
    package func multipartContentType() throws(RequestBodyError) -> String {
        guard let contentType = value(forHTTPHeaderField: "Content-Type") else {
            throw RequestBodyError(
                .noContentType,
                "the request has no Content-Type header; set 'multipart/form-data; boundary=...' with the boundary the body uses")
        }
        return contentType
    }

    /// Hands `body` the request's body in chunks: from `bodyFile` when given, else `httpBody`, else `httpBodyStream`.
    package func forEachMultipartBodyChunk(
        bodyFile: URL?, _ body: (UnsafeRawBufferPointer) -> Void
    ) throws(RequestBodyError) {
        if let bodyFile {
            try Self.read(fileAt: bodyFile, body)
        } else if let httpBody {
            httpBody.withUnsafeBytes { body($0) }
        } else if let stream = httpBodyStream {
            try Self.read(stream, body)
        } else {
            throw RequestBodyError(.noBody, "the request has no httpBody or httpBodyStream, and no body file was given")
        }
    }

    /// The chunk size a stream or file is read in.
    private static let chunkSize = 64 * 1024

    private static func read(_ stream: InputStream, _ body: (UnsafeRawBufferPointer) -> Void) throws(RequestBodyError) {
        if stream.streamStatus == .notOpen { stream.open() }
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: chunkSize) }
            if count < 0 {
                throw RequestBodyError(
                    .unreadableStream, "the body stream failed: \(stream.streamError.map { "\($0)" } ?? "no error given")")
            }
            if count == 0 { return }
            buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }

    private static func read(fileAt url: URL, _ body: (UnsafeRawBufferPointer) -> Void) throws(RequestBodyError) {
        guard let stream = InputStream(url: url) else {
            throw RequestBodyError(.unreadableFile, "cannot open the body file '\(url.path)'")
        }
        do {
            try read(stream, body)
        } catch {
            throw RequestBodyError(.unreadableFile, "cannot read the body file '\(url.path)': \(error.message)")
        }
    }
}
