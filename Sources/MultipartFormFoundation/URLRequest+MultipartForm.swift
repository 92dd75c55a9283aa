import Foundation
import MultipartForm

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// Sets the method, `Content-Type` and `Content-Length` for a body sent some other way.
    ///
    /// Use it with `URLSession.uploadTask(with:fromFile:)` after
    /// ``MultipartForm/ReferenceEncoder/Body/writeTemporaryFile(in:)``.
    /// - Parameters:
    ///   - body: The prepared body.
    ///   - method: The HTTP method.
    public mutating func setMultipartHeaders(for body: ReferenceEncoder.Body, method: String = "POST") {
        httpMethod = method
        setValue(body.contentType, forHTTPHeaderField: "Content-Type")
        setValue(String(body.contentLength), forHTTPHeaderField: "Content-Length")
    }

    /// Sets the method and headers and puts the whole body in `httpBody`, reading every file into memory.
    ///
    /// Simple for small forms; for files of any size prefer ``setMultipartBodyStream(_:method:)`` or
    /// an upload from a temporary file.
    /// - Parameters:
    ///   - body: The prepared body.
    ///   - method: The HTTP method.
    /// - Throws: `ReferenceEncoder.Error` when a file cannot be read or changed since the body was prepared.
    public mutating func setMultipartBody(_ body: ReferenceEncoder.Body, method: String = "POST") throws(ReferenceEncoder.Error) {
        let bytes = try body.bytes()
        setMultipartHeaders(for: body, method: method)
        httpBody = Data(bytes)
    }

    /// Sets the method and headers and streams the body through `httpBodyStream`, in constant memory.
    ///
    /// The stream is read once; a request retried by the system after a redirect or an
    /// authentication challenge needs a new stream (`URLSessionTaskDelegate`'s `needNewBodyStream`:
    /// answer with `FormBodyInputStream(body:)`).
    ///
    /// On Linux, FoundationNetworking sends every body stream with `Transfer-Encoding: chunked`
    /// whatever the headers say, and a request must not carry both that and `Content-Length`
    /// (RFC 9112 §6.1), so there `Content-Length` is left out; upload from a temporary file to
    /// announce the length on every platform.
    /// - Parameters:
    ///   - body: The prepared body.
    ///   - method: The HTTP method.
    public mutating func setMultipartBodyStream(_ body: ReferenceEncoder.Body, method: String = "POST") {
        setMultipartHeaders(for: body, method: method)
        #if canImport(FoundationNetworking)
        setValue(nil, forHTTPHeaderField: "Content-Length")
        #endif
        httpBodyStream = FormBodyInputStream(body: body)
    }
}
