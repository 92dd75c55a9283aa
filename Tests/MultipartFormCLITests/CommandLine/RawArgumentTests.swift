import Foundation
import MultipartFormTestSupport
import Testing

/// Arguments that are not UTF-8, as a file name on Linux may be: files are opened and created by
/// the bytes the shell passed, arguments that must be parsed still parse, and messages show the
/// bytes as `\xHH`. Runs the built binary with raw argument bytes.
@Suite struct RawArgumentTests {
    static let body = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--AaB03x--\r\n".utf8)

    /// Runs `multipart-check` with these argument bytes from `directory`, standard output and error together.
    static func run(_ arguments: [[UInt8]], in directory: URL) throws -> (status: Int32, output: String) {
        let executable: URL = try #require(EndToEndTests.executable)
        let result = try TestProcess.run(
            rawArguments: [Array(executable.path.utf8)] + arguments, directory: directory.path, mergingStandardError: true)
        return (result.status, result.stdout)
    }

    /// Writes `bytes` to the file named by the raw `name` in `directory`.
    static func writeFile(_ bytes: [UInt8], toRawName name: [UInt8], in directory: URL) throws {
        let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name
        let fd = (path + [0]).withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        try #require(fd >= 0)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// Reads the file named by the raw `name` in `directory`, or `nil` when there is none.
    static func readFile(rawName name: [UInt8], in directory: URL) -> [UInt8]? {
        let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name
        let fd = (path + [0]).withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY) }
        }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    /// `name` inside `directory`, as bytes.
    static func path(_ name: [UInt8], in directory: URL) -> [UInt8] {
        Array(directory.path.utf8) + [UInt8(ascii: "/")] + name
    }

    /// "caf\xE9.body": Latin-1, not UTF-8, as an older system or a zip archive may name a file.
    static let latin1Name = Array("caf".utf8) + [0xE9] + Array(".body".utf8)

    @Test func aFileWhoseNameIsNotUTF8IsValidatedByThatName() throws {
        let directory = try TemporaryDirectory()
        try Self.writeFile(Self.body, toRawName: Self.latin1Name, in: directory.url)
        let run = try Self.run([Array("validate".utf8), Self.path(Self.latin1Name, in: directory.url)], in: directory.url)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("caf\\xE9.body: 1 part, 0 errors, 0 warnings, 1 note; conforming"), "\(run.output)")
    }

    @Test func encodeReadsAndWritesFilesWhoseNamesAreNotUTF8() throws {
        let directory = try TemporaryDirectory()
        try Self.writeFile(Self.body, toRawName: Self.latin1Name, in: directory.url)
        let outputName = Array("out".utf8) + [0xFF] + Array(".body".utf8)
        let run = try Self.run(
            [Array("encode".utf8), Array("-F".utf8), Array("f=@".utf8) + Self.path(Self.latin1Name, in: directory.url), Array("--boundary".utf8),
             Array("XyZ".utf8), Array("-o".utf8), Self.path(outputName, in: directory.url)],
            in: directory.url)
        #expect(run.status == 0, "\(run.output)")
        let written = try #require(Self.readFile(rawName: outputName, in: directory.url), "no file by the raw output name")
        // The default filename is the path's last component; its byte that is not UTF-8 becomes U+FFFD.
        let expected = Array("--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"caf\u{FFFD}.body\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
            + Self.body + Array("\r\n--XyZ--\r\n".utf8)
        #expect(written == expected)
    }

    @Test func anArgumentThatMustBeParsedStillParsesAndIsShownAsEscapes() throws {
        let directory = try TemporaryDirectory()
        let missing = try Self.run([Array("encode".utf8), Array("-F".utf8), Array("f=@".utf8) + Self.path(Array("nope".utf8) + [0xE9], in: directory.url)], in: directory.url)
        #expect(missing.status == 66, "\(missing.output)")
        #expect(missing.output.contains("/nope\\xE9'"), "\(missing.output)")
        let malformed = try Self.run([Array("encode".utf8), Array("-F".utf8), [0xE9] + Array("bad".utf8)], in: directory.url)
        #expect(malformed.status == 64, "\(malformed.output)")
        #expect(malformed.output.contains("The value '\\xE9bad' is invalid for '-F <name=content>'"), "\(malformed.output)")
    }

    @Test func encodeNamesAFileWhoseNameIsNotUTF8AsTypedInItsErrors() throws {
        let directory = try TemporaryDirectory()
        try Self.writeFile(Array("x\r\n--XyZ\r\n".utf8), toRawName: Self.latin1Name, in: directory.url)
        let run = try Self.run(
            [Array("encode".utf8), Array("--boundary".utf8), Array("XyZ".utf8), Array("-F".utf8),
             Array("f=@".utf8) + Self.path(Self.latin1Name, in: directory.url), Array("-o".utf8), Array("/dev/null".utf8)],
            in: directory.url)
        #expect(run.status == 1, "\(run.output)")
        // Not the descriptor the encoder read it through, nor the argument's bytes as private-use characters.
        let shown = directory.url.path + "/caf\\xE9.body"
        #expect(run.output.contains("error: -F 'f=@\(shown)': '\(shown)' contains '--XyZ'"), "\(run.output)")
        #expect(!run.output.contains("/dev/fd/") && !run.output.unicodeScalars.contains { (0x10FF00...0x10FFFF).contains($0.value) })
    }

    @Test func aContentTypeThatIsNotUTF8IsRefusedNotAltered() throws {
        let directory = try TemporaryDirectory()
        try Self.writeFile(Self.body, toRawName: Array("ok.body".utf8), in: directory.url)
        let run = try Self.run(
            [Array("validate".utf8), Array("--content-type".utf8), Array("multipart/form-data; boundary=A".utf8) + [0xE9],
             Self.path(Array("ok.body".utf8), in: directory.url)],
            in: directory.url)
        #expect(run.status == 64, "\(run.output)")
        #expect(
            run.output.contains("The value 'multipart/form-data; boundary=A\\xE9' is invalid for '--content-type <content-type>': it is not UTF-8"),
            "\(run.output)")
    }
}
