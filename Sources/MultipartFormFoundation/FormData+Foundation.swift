import Foundation
import MultipartForm

extension FormData {
    /// Appends `Data` as a file part with the given filename; the type defaults to the extension's.
    /// - Parameters:
    ///   - name: The field name.
    ///   - data: The file's content.
    ///   - filename: The filename sent with it.
    ///   - contentType: The media type; `nil` looks it up from the filename.
    public mutating func append(name: String, data: Data, filename: String, contentType: String? = nil) {
        append(name: name, bytes: [UInt8](data), filename: filename, contentType: contentType)
    }

    /// Appends a file URL, read lazily while the body streams; the filename defaults to its last component.
    ///
    /// Without a `contentType` the type comes from the filename's extension through `MediaTypeTable`
    /// (the same on Linux and Darwin; `UTType` does not exist on Linux), else `application/octet-stream`.
    /// A URL that is not a `file:` URL fails with `file-unreadable`.
    /// - Parameters:
    ///   - name: The field name.
    ///   - fileURL: A `file:` URL, read while the body streams.
    ///   - filename: The filename sent; `nil` uses the URL's last component.
    ///   - contentType: The media type; `nil` looks it up from the filename.
    /// - Throws: `ReferenceEncoder.Error` with `file-unreadable` for a URL that is not a `file:` URL.
    public mutating func append(
        name: String, fileURL: URL, filename: String? = nil, contentType: String? = nil
    ) throws(ReferenceEncoder.Error) {
        guard fileURL.isFileURL else {
            throw ReferenceEncoder.Error(
                .fileUnreadable, fieldIndex: fields.count, "'\(fileURL.absoluteString)' is not a file URL")
        }
        append(name: name, filePath: fileURL.path, filename: filename, contentType: contentType)
    }
}
