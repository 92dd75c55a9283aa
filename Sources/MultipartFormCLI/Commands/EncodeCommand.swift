import MultipartForm
import MultipartFormSystem

/// `multipart-check encode -F ...`: builds a form from curl-style arguments and writes its canonical body.
struct EncodeCommand {
    /// One `-F` or `--form-string`, read, with how it was typed for messages.
    struct FieldArgument {
        /// The field it describes.
        var argument: FormArgument
        /// `-F`, `--form` or `--form-string`.
        var spelling: String
        /// The value as typed.
        var text: String

        /// `-F 'photo=@x.png'`, for messages, with bytes that are not UTF-8 as `\xHH`.
        var shown: String { "\(spelling) '\(VisibleBytes.escape(text))'" }
    }

    /// The fields, in command-line order.
    var fields: [FieldArgument] = []
    /// The caller's boundary (already checked), or `nil` for a generated one.
    var boundary: String?
    /// The file to write the body to, or `nil` for standard output.
    var outputPath: String?
    /// The file to write the Content-Type value to, or `nil` to print the headers on standard error.
    var contentTypePath: String?
    /// Whether lone CR and LF in names and text values become CRLF.
    var normalizesNewlines = false

    /// A failure that ends the command: what to print on standard error and the exit status.
    struct Error: Swift.Error {
        var message: String
        var status: Int32
    }

    /// Encodes the form and returns the exit status.
    func run(
        standardInput: StandardInput, output: BinaryOutput, stdout: inout some TextOutputStream,
        stderr: inout some TextOutputStream
    ) -> Int32 {
        do throws(Error) {
            let form = try makeForm(standardInput: standardInput)
            let body = try prepare(form)
            try write(body, to: output)
            if let contentTypePath {
                try writeContentType(body.contentType, toFileAtPath: contentTypePath)
            } else {
                stderr.write("Content-Type: \(body.contentType)\nContent-Length: \(body.contentLength)\n")
            }
            return ExitCode.success
        } catch {
            stderr.write(error.message)
            return error.status
        }
    }

    // MARK: Building the form

    /// Turns the arguments into a form, reading `<file` fields, standard input and non-regular files now.
    func makeForm(standardInput: StandardInput) throws(Error) -> FormData {
        var form = FormData()
        var standardInputUser: FieldArgument?
        func readStandardInput(for field: FieldArgument) throws(Error) -> [UInt8] {
            if let user = standardInputUser {
                throw usageFailure(
                    "The value '\(field.text)' is invalid for '\(field.spelling) <name=content>': standard input is already read by \(user.spelling) '\(user.text)'")
            }
            standardInputUser = field
            return try Self.readAll(BodyInput(standardInput: standardInput, keepBytes: false), path: "-")
        }
        for field in fields {
            let argument = field.argument
            switch argument.content {
            case .text(let text):
                if let filename = argument.filename {
                    form.append(name: argument.name, bytes: Array(text.utf8), filename: filename, contentType: argument.contentType)
                } else {
                    form.append(FormData.Field(name: argument.name, value: .text(text), contentType: argument.contentType))
                }
            case .textFromFile(let path):
                let fromStandardInput = path == "-" || BodyInput.namesStandardInputStream(path)
                let bytes = fromStandardInput ? try readStandardInput(for: field) : try Self.readAll(path: path)
                // Valid UTF-8 is text, so --normalize-newlines applies to it as to a typed value.
                let text = String(decoding: bytes, as: UTF8.self)
                let value: FormData.Value = text.utf8.elementsEqual(bytes) ? .text(text) : .bytes(bytes)
                form.append(FormData.Field(name: argument.name, value: value, contentType: argument.contentType))
            case .file(let path) where path == "-":
                let bytes = try readStandardInput(for: field)
                form.append(name: argument.name, bytes: bytes, filename: argument.filename ?? "-", contentType: argument.contentType)
            case .file(let path):
                if try Self.isRegularFile(path) {
                    try checkNotOutput(path, field: field)
                    if RawArgument.carriesBytes(path) {
                        // The encoder opens paths as UTF-8 strings: hand it this file by its descriptor.
                        form.append(
                            name: argument.name, filePath: try Self.descriptorPath(openingRaw: path),
                            filename: argument.filename ?? Self.lastComponent(of: path), contentType: argument.contentType)
                    } else {
                        form.append(
                            name: argument.name, filePath: path, filename: argument.filename, contentType: argument.contentType)
                    }
                } else {
                    // A pipe or device has no size to announce; read it now, as curl reads standard input.
                    let bytes = BodyInput.namesStandardInputStream(path) ? try readStandardInput(for: field) : try Self.readAll(path: path)
                    let filename = argument.filename ?? Self.lastComponent(of: path)
                    form.append(name: argument.name, bytes: bytes, filename: filename, contentType: argument.contentType)
                }
            }
        }
        return form
    }

    /// Whether `path` is a regular file; fails with status 66 when it cannot be read or is a directory.
    static func isRegularFile(_ path: String) throws(Error) -> Bool {
        guard let status = RawArgument.withPath(path, { FileStatus(path: $0) }) else {
            throw unreadable(path, InputError.describe(SystemCalls.errorNumber))
        }
        if status.kind == .directory { throw unreadable(path, InputError.describe(SystemCalls.isDirectoryErrorNumber)) }
        guard RawArgument.withPath(path, { SystemCalls.isReadable($0) }) else { throw unreadable(path, InputError.describe(SystemCalls.errorNumber)) }
        return status.kind == .regularFile
    }

    /// Opens a file whose name is not UTF-8 by its bytes and returns `/dev/fd/N` for it, a path the
    /// encoder can open as a string (Linux and macOS); the descriptor stays open until the process ends.
    static func descriptorPath(openingRaw path: String) throws(Error) -> String {
        let descriptor = RawArgument.withPath(path) { SystemCalls.openForReading($0) }
        guard descriptor >= 0 else { throw unreadable(path, InputError.describe(SystemCalls.errorNumber)) }
        return "/dev/fd/\(descriptor)"
    }

    /// The last `/`-separated component of a path, as the filename a file part gets by default; bytes
    /// that are not UTF-8 become U+FFFD, since a filename is written as UTF-8.
    static func lastComponent(of path: String) -> String {
        let bytes = RawArgument.bytes(of: path)
        return String(decoding: bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last ?? [], as: UTF8.self)
    }

    /// Refuses an input file that is also the output, which `--output` would truncate before it is read.
    func checkNotOutput(_ path: String, field: FieldArgument) throws(Error) {
        guard let outputPath else { return }
        guard let input = RawArgument.withPath(path, { FileStatus(path: $0) }),
            let output = RawArgument.withPath(outputPath, { FileStatus(path: $0) })
        else { return }
        if input.isSameFile(as: output) {
            throw usageFailure(
                "The value '\(field.text)' is invalid for '\(field.spelling) <name=content>': '\(path)' is also the output file '\(outputPath)'")
        }
    }

    /// Every byte of a file.
    static func readAll(path: String) throws(Error) -> [UInt8] {
        let input: BodyInput
        do {
            input = try BodyInput(path: path, keepBytes: false)
        } catch {
            throw unreadable(path, error.reason)
        }
        return try readAll(input, path: path)
    }

    /// The most `encode` holds in memory for one input (standard input, a pipe, a device, `<file` text).
    ///
    /// Regular files are streamed and have no limit; what has no size to announce must be read
    /// first, and a device such as `/dev/zero` never ends.
    static let inMemoryLimit = 64 * 1024 * 1024

    /// Every byte of an opened input, up to ``inMemoryLimit``.
    static func readAll(_ input: BodyInput, path: String, limit: Int = inMemoryLimit) throws(Error) -> [UInt8] {
        var bytes: [UInt8] = []
        var overflow = false
        do {
            try input.forEachChunk(stoppingEarly: { chunk in
                guard bytes.count + chunk.count <= limit else {
                    overflow = true
                    return false
                }
                bytes.append(contentsOf: chunk)
                return true
            })
        } catch {
            throw unreadable(path, error.reason)
        }
        if overflow {
            let shown = path == "-" ? "standard input" : "'\(VisibleBytes.escape(path))'"
            throw Error(
                message: "error: \(shown) holds more than \(limit / (1024 * 1024)) MiB, the most encode reads into memory; save it to a regular file and pass it as '@file', which is streamed\n",
                status: ExitCode.noInput)
        }
        return bytes
    }

    /// `message` with every `/dev/fd/N` replaced by `path`.
    static func replacingDescriptorPaths(in message: String, with path: String) -> String {
        var result = ""
        var rest = Substring(message)
        while let found = rest.firstRange(of: "/dev/fd/") {
            let digits = rest[found.upperBound...].prefix { $0.isASCII && $0.isNumber }
            result += rest[..<found.lowerBound]
            result += digits.isEmpty ? "/dev/fd/" : path
            rest = rest[digits.endIndex...]
        }
        return result + rest
    }

    static func unreadable(_ path: String, _ reason: String) -> Error {
        Error(message: "error: cannot read '\(VisibleBytes.escape(path))': \(reason)\n", status: ExitCode.noInput)
    }

    func usageFailure(_ message: String) -> Error {
        Error(message: UsageError(message, command: .encode).rendered(), status: ExitCode.usage)
    }

    // MARK: Encoding and writing

    /// Prepares the body, turning the encoder's errors into messages that name the argument.
    func prepare(_ form: FormData) throws(Error) -> ReferenceEncoder.Body {
        let encoder = ReferenceEncoder(options: ReferenceEncoder.Options(normalizesNewlines: normalizesNewlines))
        do {
            if let boundary { return try encoder.prepare(form, boundary: boundary) }
            return try encoder.prepare(form)
        } catch {
            throw failure(error, whileWriting: false)
        }
    }

    /// Streams the body to the output file or to `output`.
    func write(_ body: ReferenceEncoder.Body, to output: BinaryOutput) throws(Error) {
        do {
            if let outputPath {
                try Self.write(body, toFileAt: outputPath)
            } else {
                try output.write(body)
            }
        } catch {
            throw failure(error, whileWriting: true)
        }
    }

    /// Writes the body to the file `path` names, created or truncated and opened by the argument's
    /// bytes (so a name that is not UTF-8 works too); a partly written regular file is removed again.
    static func write(_ body: ReferenceEncoder.Body, toFileAt path: String) throws(ReferenceEncoder.Error) {
        let shown = "'\(VisibleBytes.escape(path))'"
        let descriptor = RawArgument.withPath(path) { SystemCalls.create($0) }
        guard descriptor >= 0 else {
            throw ReferenceEncoder.Error(.writeFailed, "cannot create \(shown): \(SystemCalls.lastError())")
        }
        do {
            try BinaryOutput.write(body, to: descriptor, named: shown)
        } catch {
            let regular = FileStatus(descriptor: descriptor)?.kind == .regularFile
            SystemCalls.close(descriptor)
            if regular { _ = RawArgument.withPath(path) { SystemCalls.remove($0) } }  // no partial body left behind
            throw error
        }
        guard SystemCalls.close(descriptor) == 0 else {
            throw ReferenceEncoder.Error(.writeFailed, "cannot write \(shown): \(SystemCalls.lastError())")
        }
    }

    /// Writes the Content-Type value and a line break to a file.
    func writeContentType(_ contentType: String, toFileAtPath path: String) throws(Error) {
        let descriptor = RawArgument.withPath(path) { SystemCalls.create($0) }
        guard descriptor >= 0 else {
            throw Error(
                message: "error: cannot write '\(VisibleBytes.escape(path))': \(InputError.describe(SystemCalls.errorNumber))\n",
                status: ExitCode.cannotCreate)
        }
        var stream = FileDescriptorOutputStream(fileDescriptor: descriptor)
        stream.write(contentType + "\n")
        guard SystemCalls.close(descriptor) == 0 else {
            throw Error(
                message: "error: cannot write '\(VisibleBytes.escape(path))': \(InputError.describe(SystemCalls.errorNumber))\n",
                status: ExitCode.cannotCreate)
        }
    }

    /// The message and exit status for an encoder error, naming the argument of the field involved.
    ///
    /// `whileWriting` says part of the body may already be on standard output.
    func failure(_ error: ReferenceEncoder.Error, whileWriting: Bool) -> Error {
        let field = error.fieldIndex.flatMap { $0 < fields.count ? fields[$0] : nil }
        var error = error
        if let field, case .file(let path) = field.argument.content, RawArgument.carriesBytes(path) {
            // The encoder read this file through /dev/fd/N (its name is not UTF-8): name it as typed.
            error.message = Self.replacingDescriptorPaths(in: error.message, with: VisibleBytes.escape(path))
        }
        switch error.code {
        case .unrepresentableName, .unrepresentableFilename, .invalidContentType, .headerTooLong:
            let what = field.map { field in
                let shown = field.text.count > 80 ? String(field.text.prefix(77)) + "..." : field.text
                return "The value '\(shown)' is invalid for '\(field.spelling) <name=content>'"
            } ?? "Invalid field"
            return usageFailure("\(what): \(error.message)")
        case .fileUnreadable, .fileChanged:
            return Error(message: "error: \(error.message)\n", status: ExitCode.noInput)
        case .writeFailed:
            return Error(message: "error: \(error.message)\n", status: ExitCode.cannotCreate)
        default:
            let context = field.map { "\($0.shown): " } ?? ""
            let partial = whileWriting && outputPath == nil ? " (the body written so far is incomplete)" : ""
            return Error(message: "error: \(context)\(error.message)\(partial) [\(error.code)]\n", status: ExitCode.failure)
        }
    }
}
