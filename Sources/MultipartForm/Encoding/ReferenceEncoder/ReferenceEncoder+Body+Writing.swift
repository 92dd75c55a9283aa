import MultipartFormSystem

extension ReferenceEncoder.Body {
    /// Writes the body to a file descriptor the caller owns (a file, a pipe, a socket), in constant memory.
    ///
    /// The descriptor is neither closed nor rewound. A failure can come after part of the body was
    /// written; the bytes written then are not a valid body and must be discarded.
    /// - Parameters:
    ///   - descriptor: An open descriptor the caller owns and closes.
    ///   - chunkSize: How many bytes each `write` is given at most.
    /// - Throws: ``ReferenceEncoder/Error`` with ``ReferenceEncoder/Error/Code/writeFailed``, or a file code when a file cannot be read.
    public func write(
        toFileDescriptor descriptor: Int32, chunkSize: Int = defaultChunkSize
    ) throws(ReferenceEncoder.Error) {
        try write(to: POSIXFile(borrowing: descriptor), path: "file descriptor \(descriptor)", chunkSize: chunkSize)
    }

    /// Writes the body to a file, creating or truncating it, in constant memory.
    ///
    /// On failure a regular file is removed again, so no partial body is left behind.
    /// - Parameters:
    ///   - path: The file to create or truncate.
    ///   - chunkSize: How many bytes each `write` is given at most.
    /// - Throws: ``ReferenceEncoder/Error`` with ``ReferenceEncoder/Error/Code/writeFailed``, or a file code when a file cannot be read.
    public func write(toFileAtPath path: String, chunkSize: Int = defaultChunkSize) throws(ReferenceEncoder.Error) {
        let file: POSIXFile
        do {
            file = try POSIXFile(creatingAtPath: path)
        } catch {
            throw ReferenceEncoder.Error(.writeFailed, error.message)
        }
        let removable = file.isRegularFile
        do throws(ReferenceEncoder.Error) {
            try write(to: file, path: path, chunkSize: chunkSize)
            do {
                try file.close(path: path)
            } catch {
                throw ReferenceEncoder.Error(.writeFailed, error.message)
            }
        } catch {
            if removable { POSIXFile.remove(path: path) }
            throw error
        }
    }

    private func write(to file: POSIXFile, path: String, chunkSize: Int) throws(ReferenceEncoder.Error) {
        let size = Swift.max(1, Swift.min(chunkSize, contentLength))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
        defer { buffer.deallocate() }
        var iterator = makeChunkIterator(chunkSize: size)
        while true {
            let count = try iterator.read(into: buffer)
            if count == 0 { return }
            do {
                try file.write(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), path: path)
            } catch {
                throw ReferenceEncoder.Error(.writeFailed, error.message)
            }
        }
    }
}
