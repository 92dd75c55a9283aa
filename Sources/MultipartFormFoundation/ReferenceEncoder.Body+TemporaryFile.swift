import Foundation
import MultipartForm

extension ReferenceEncoder.Body {
    /// Writes the body to a new file and returns its URL, for `URLSession.uploadTask(with:fromFile:)`.
    ///
    /// The file is created in `directory` (the user's temporary directory by default) under a unique
    /// name; the caller removes it when the upload is over. Memory stays constant whatever the files'
    /// sizes. On failure no file is left behind.
    /// - Parameter directory: Where to write; the system's temporary directory by default.
    /// - Returns: The file's URL; the caller removes it.
    /// - Throws: `ReferenceEncoder.Error` when the file cannot be written or a form file cannot be read.
    public func writeTemporaryFile(in directory: URL? = nil) throws(ReferenceEncoder.Error) -> URL {
        let folder = directory ?? FileManager.default.temporaryDirectory
        let url = folder.appendingPathComponent("multipart-form-\(UUID().uuidString).body")
        try write(toFileAtPath: url.path)
        return url
    }
}
