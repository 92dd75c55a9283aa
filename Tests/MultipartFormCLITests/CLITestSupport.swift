import MultipartCheckBench
import Foundation
import MultipartFormCLI

/// What one in-process run of the command printed and returned.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The bytes `encode` wrote to standard output.
    var body: [UInt8] = []
}

/// Runs `multipart-check` in-process with the given arguments and standard input.
func runCLI(_ arguments: [String], stdin: [UInt8] = []) -> CLIResult {
    var stdout = ""
    var stderr = ""
    let output = BinaryOutput.memory()
    let status = MultipartCheck.run(
        arguments: arguments, extensions: [BenchExtension.command], standardInput: .bytes(stdin), output: output, stdout: &stdout, stderr: &stderr)
    return CLIResult(status: status, stdout: stdout, stderr: stderr, body: output.bytes)
}

/// Test bodies, written with explicit escapes.
enum Bodies {
    static let browserContentType = "multipart/form-data; boundary=AaB03x"

    /// One text field, framed the way browsers frame it.
    static let browser = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--AaB03x--\r\n".utf8)

    static let blogContentType = "multipart/form-data; boundary=Boundary-1234"

    /// The classic hand-rolled URLSession upload: no blank line after the part's headers, and the
    /// body ends with an open delimiter instead of the close delimiter.
    static let blog = Array(
        ("--Boundary-1234\r\n"
            + "Content-Disposition: form-data; name=\"file\"; filename=\"photo.jpg\"\r\n"
            + "Content-Type: image/jpeg\r\n"
            + "JFIFDATA\r\n"
            + "--Boundary-1234\r\n").utf8)
}

/// The package's root directory, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // MultipartFormCLITests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()
