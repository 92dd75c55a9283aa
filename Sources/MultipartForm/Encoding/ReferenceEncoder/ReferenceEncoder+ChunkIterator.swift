import MultipartFormSystem

extension ReferenceEncoder {
    /// Yields a body's bytes in order, reading each file in pieces while it goes.
    ///
    /// Memory stays at one chunk whatever the file sizes. Each file is opened when reached and must
    /// still have the size it had when the body was prepared, and must not contain `--` followed by
    /// the boundary; otherwise ``next()`` (or ``read(into:)``) throws and the bytes already yielded
    /// must be discarded. After a throw, or at the end, the iterator yields nothing more.
    public struct ChunkIterator {
        /// Where the current part's value comes from.
        private enum Value {
            /// Nothing left of the current part: the next one (or the close delimiter) is staged next.
            case none
            /// Bytes held by the form, or a text value with its newlines normalised.
            case bytes([UInt8])
            /// A text value as given, its UTF-8 contiguous.
            case text(String)
            /// A file of the size it had when the body was prepared.
            case file(path: String, size: Int, fieldIndex: Int)
        }

        private let body: Body
        private let chunkSize: Int
        /// The next field whose part has not begun.
        private var nextField = 0
        /// How many file values have begun (an index into the body's file sizes).
        private var filesBegun = 0
        /// The bytes before the current value: the previous part's CRLF, the delimiter line and the
        /// part header (or the close delimiter), written into one reused buffer.
        private var staged: [UInt8] = []
        /// `CRLF --boundary CRLF` and `CRLF --boundary-- CRLF`; the first part's line starts 2 bytes in.
        private let partDelimiter: [UInt8]
        private let closeDelimiter: [UInt8]
        private var stagedOffset = 0
        private var value = Value.none
        /// How many bytes of an in-memory value have been yielded.
        private var valueOffset = 0
        /// Whether the close delimiter is staged: nothing follows it.
        private var closing = false
        private var file: POSIXFile?
        private var fileRemaining = 0
        private var search: BoundaryCollisionSearch
        private var produced = 0
        private var finished = false

        init(body: Body, chunkSize: Int) {
            self.body = body
            self.chunkSize = Swift.max(1, chunkSize)
            self.search = BoundaryCollisionSearch(boundary: body.boundaryBytes)
            let delimiter = [ByteClass.cr, ByteClass.lf, ByteClass.dash, ByteClass.dash] + body.boundaryBytes
            self.partDelimiter = delimiter + [ByteClass.cr, ByteClass.lf]
            self.closeDelimiter = delimiter + [ByteClass.dash, ByteClass.dash, ByteClass.cr, ByteClass.lf]
        }

        /// Returns the next chunk (never empty, at most the chunk size), or `nil` when the body is complete.
        /// - Returns: The next chunk, or `nil` at the end.
        /// - Throws: ``ReferenceEncoder/Error`` when a file cannot be read or changed since the body was prepared.
        public mutating func next() throws(Error) -> [UInt8]? {
            guard !finished else { return nil }
            let capacity = Swift.max(1, Swift.min(chunkSize, body.contentLength - produced))
            var failure: Error?
            let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                do throws(Error) {
                    count = try read(into: UnsafeMutableRawBufferPointer(buffer))
                } catch {
                    failure = error
                    count = 0
                }
            }
            if let failure { throw failure }
            return chunk.isEmpty ? nil : chunk
        }

        /// Copies the next bytes of the body into `buffer` and returns how many; 0 only at the end.
        ///
        /// Fills the whole buffer unless the body ends first, so callers can hand it any buffer, such
        /// as the one an `InputStream` reader passes in.
        /// - Parameter buffer: Where to copy the bytes.
        /// - Returns: How many bytes were copied.
        /// - Throws: ``ReferenceEncoder/Error`` when a file cannot be read or changed since the body was prepared.
        public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(Error) -> Int {
            guard !finished, buffer.count > 0 else { return 0 }
            do {
                let count = try fill(buffer)
                produced += count
                if count == 0 { finished = true }
                return count
            } catch {
                finished = true
                file = nil
                throw error
            }
        }

        private mutating func fill(_ buffer: UnsafeMutableRawBufferPointer) throws(Error) -> Int {
            var written = 0
            while true {
                if stagedOffset < staged.count {
                    guard written < buffer.count else { return written }
                    var offset = stagedOffset
                    staged.withUnsafeBytes { Self.copy($0, from: &offset, into: buffer, at: &written) }
                    stagedOffset = offset
                    continue
                }
                switch value {
                case .none:
                    if closing { return written }
                    try writeTextParts(into: buffer, at: &written)
                    try stageNextPart()
                case .bytes(let bytes):
                    if valueOffset < bytes.count {
                        guard written < buffer.count else { return written }
                        var offset = valueOffset
                        bytes.withUnsafeBytes { Self.copy($0, from: &offset, into: buffer, at: &written) }
                        valueOffset = offset
                    }
                    if valueOffset == bytes.count { value = .none }
                case .text(var text):
                    let count = text.utf8.count
                    if valueOffset < count {
                        guard written < buffer.count else { return written }
                        var offset = valueOffset
                        text.withUTF8 { Self.copy(UnsafeRawBufferPointer($0), from: &offset, into: buffer, at: &written) }
                        valueOffset = offset
                    }
                    if valueOffset == count { value = .none }
                case .file(let path, let size, let fieldIndex):
                    if file == nil { try open(path: path, size: size, fieldIndex: fieldIndex) }
                    if fileRemaining > 0 {
                        guard written < buffer.count else { return written }
                        let target = UnsafeMutableRawBufferPointer(
                            rebasing: buffer[written..<(written + Swift.min(buffer.count - written, fileRemaining))])
                        let got = try readFile(into: target, path: path, size: size, fieldIndex: fieldIndex)
                        written += got
                    }
                    if fileRemaining == 0 {
                        try finishFile(path: path, size: size, fieldIndex: fieldIndex)
                    }
                }
            }
        }

        /// Copies as much of `source` from `offset` as fits in `buffer` from `written`, advancing both.
        private static func copy(
            _ source: UnsafeRawBufferPointer, from offset: inout Int, into buffer: UnsafeMutableRawBufferPointer,
            at written: inout Int
        ) {
            let take = Swift.min(buffer.count - written, source.count - offset)
            UnsafeMutableRawBufferPointer(rebasing: buffer[written..<(written + take)])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + take)]))
            written += take
            offset += take
        }

        /// Writes whole text parts straight into `buffer` from `written` while the next field is a
        /// text field whose part fits: the previous part's CRLF, the delimiter line, the header and
        /// the value, with nothing staged. Stops, having written nothing of it, at the first part
        /// that is not such a part or does not fit, which ``stageNextPart()`` then stages.
        private mutating func writeTextParts(into buffer: UnsafeMutableRawBufferPointer, at written: inout Int) throws(Error) {
            let options = body.options
            let delimiter = partDelimiter
            var end = written
            var next = nextField
            try body.form.forEachField(from: nextField) { field, index throws(Error) in
                guard !field.pointee.isFile, case .text(var text) = field.pointee.value.storage,
                    !(options.normalizesNewlines && ParameterEscaping.needsNormalizing(&text))
                else { return false }
                var output = BufferOutput(buffer, from: end)
                delimiter.withUnsafeBufferPointer { output.put(UnsafeBufferPointer(rebasing: $0[(index > 0 ? 0 : 2)...])) }
                guard output.written + text.utf8.count < buffer.count else { return false }
                try PartHeader.write(field, index: index, options: options, into: &output)
                text.withUTF8 { output.put($0) }
                guard output.fits else { return false }
                end = output.written
                next = index + 1
                return true
            }
            written = end
            nextField = next
        }

        /// Stages the next part's delimiter line and header and sets its value, or stages the close
        /// delimiter after the last part.
        private mutating func stageNextPart() throws(Error) {
            let form = body.form
            staged.removeAll(keepingCapacity: true)
            stagedOffset = 0
            valueOffset = 0
            // The line break ending the previous part's value (none before the first part), then the
            // delimiter line, or the close delimiter after the last part.
            let last = nextField == form.fields.count
            staged += (last ? closeDelimiter : partDelimiter)[(nextField > 0 ? 0 : 2)...]
            if last {
                closing = true
                return
            }
            let index = nextField
            let options = body.options
            try form.withField(at: index) { field throws(Error) in
                try PartHeader.write(field, index: index, options: options, into: &staged)
                switch field.pointee.value.storage {
                case .text(var text):
                    if options.normalizesNewlines && ParameterEscaping.needsNormalizing(&text) {
                        value = .bytes(ParameterEscaping.normalizingNewlines(text.utf8))
                    } else {
                        text.makeContiguousUTF8()
                        value = .text(text)
                    }
                case .bytes(let bytes):
                    value = .bytes(bytes)
                case .file(let path):
                    value = .file(path: path, size: body.fileSizes[filesBegun], fieldIndex: index)
                    filesBegun += 1
                }
            }
            nextField += 1
        }

        /// Opens the file of the current part and checks that its size has not changed.
        private mutating func open(path: String, size: Int, fieldIndex: Int) throws(Error) {
            let opened: POSIXFile
            let current: Int
            do {
                opened = try POSIXFile(path: path)
                current = try opened.size(path: path)
            } catch {
                throw Error(.fileUnreadable, fieldIndex: fieldIndex, error.message)
            }
            guard current == size else {
                throw Error(
                    .fileChanged, fieldIndex: fieldIndex,
                    "'\(path)' was \(size) bytes when the body was prepared and is \(current) bytes now")
            }
            file = opened
            fileRemaining = size
            search.reset()
        }

        /// Reads file bytes into `target` (which is not larger than what remains) and searches them for the boundary.
        private mutating func readFile(
            into target: UnsafeMutableRawBufferPointer, path: String, size: Int, fieldIndex: Int
        ) throws(Error) -> Int {
            guard let file else { return 0 }
            let got: Int
            do {
                got = try file.read(into: target, path: path)
            } catch {
                throw Error(.fileUnreadable, fieldIndex: fieldIndex, error.message)
            }
            guard got > 0 else {
                throw Error(
                    .fileChanged, fieldIndex: fieldIndex,
                    "'\(path)' ended after \(size - fileRemaining) of the \(size) bytes it had when the body was prepared")
            }
            fileRemaining -= got
            if search.feed(UnsafeRawBufferPointer(rebasing: target[0..<got])) {
                throw Error(
                    .boundaryCollision, fieldIndex: fieldIndex,
                    "'\(path)' contains '--\(escapedForMessage(body.boundaryBytes))'; choose another boundary")
            }
            return got
        }

        /// Checks that the file has ended where its size said, closes it and moves on to the next part.
        private mutating func finishFile(path: String, size: Int, fieldIndex: Int) throws(Error) {
            guard let file else { return }
            var extra: UInt8 = 0
            let more: Int
            do {
                more = try withUnsafeMutableBytes(of: &extra) { buffer throws(POSIXFile.Error) in
                    try file.read(into: buffer, path: path)
                }
            } catch {
                throw Error(.fileUnreadable, fieldIndex: fieldIndex, error.message)
            }
            guard more == 0 else {
                throw Error(
                    .fileChanged, fieldIndex: fieldIndex,
                    "'\(path)' grew past the \(size) bytes it had when the body was prepared")
            }
            self.file = nil
            value = .none
        }
    }
}
