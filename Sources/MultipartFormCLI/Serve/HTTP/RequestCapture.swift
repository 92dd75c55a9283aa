import MultipartForm
import MultipartFormConformanceCore
import MultipartFormSystem

/// A request saved by `--save DIR` as the raw bytes it arrived as (head, then the body in its
/// transfer coding), which `validate` and `vectors new` read as an HTTP capture.
///
/// Created through ``SafeFile``: never replacing a file, never through a symbolic link. Names start
/// with the run's start time, to the second; another server saving into the same directory in the
/// same second finds the name taken and the next free one (`-2`, `-3`...) is used instead, so no
/// capture is lost to a name. A capture whose write fails (a full disk) is removed, not left cut short.
struct RequestCapture {
    /// A file that could not be created.
    struct Error: Swift.Error {
        var message: String
    }

    /// The most names tried for one request before giving up.
    static let maxAttempts = 100

    /// The file's path.
    var path: String { file.path }
    private var file: SafeFile
    private var closed = false
    /// Why saving stopped, once it has.
    private(set) var failure: String?

    /// Creates `<label>-request-<number>.http` in `directory`, or the first free `-2`, `-3`... variant.
    init(directory: String, label: String, number: Int) throws(Error) {
        var attempt = 1
        while true {
            let name = "\(label)-request-\(number)\(attempt == 1 ? "" : "-\(attempt)").http"
            do throws(SafeFile.Error) {
                file = try SafeFile(under: directory, path: name, exclusive: true)
                return
            } catch where error.exists && attempt < Self.maxAttempts {
                attempt += 1
            } catch {
                throw Error(message: "cannot save '\(VisibleBytes.escape(error.path))': \(error.reason)")
            }
        }
    }

    /// Appends bytes; after a failed write (the file is then removed) nothing more is written and ``failure`` says why.
    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !closed, bytes.count > 0 else { return }
        do throws(SafeFile.Error) {
            try file.write(bytes)
        } catch {
            failure = "cannot save '\(VisibleBytes.escape(error.path))': \(error.reason)"
        }
    }

    /// Closes the file; a failure to close is a failure to save (the file is then removed).
    mutating func close() {
        guard !closed else { return }
        closed = true
        guard failure == nil else { return }
        do throws(SafeFile.Error) {
            try file.finish()
        } catch {
            failure = "cannot save '\(VisibleBytes.escape(error.path))': \(error.reason)"
        }
    }
}
