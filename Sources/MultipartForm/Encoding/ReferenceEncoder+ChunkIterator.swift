extension ReferenceEncoder {
    /// Yields a body's bytes in chunks of bounded size, reading each file in pieces while it goes.
    ///
    /// Memory stays at one chunk whatever the file sizes. Each file is opened when reached and must
    /// still have the size it had when the body was prepared, and must not contain `--` followed by
    /// the boundary; otherwise ``next()`` throws and the bytes already yielded must be discarded.
    /// After a throw, or at the end, ``next()`` returns `nil`.
    public struct ChunkIterator {
        private let body: Body
        private let chunkSize: Int
        private var segmentIndex = 0
        private var offset = 0
        private var file: POSIXFile?
        private var fileRemaining = 0
        private var probe: DelimiterProbe?
        private var finished = false

        init(body: Body, chunkSize: Int) {
            self.body = body
            self.chunkSize = max(1, chunkSize)
        }

        /// Returns the next chunk (never empty), or `nil` when the body is complete.
        public mutating func next() throws(Error) -> [UInt8]? {
            guard !finished else { return nil }
            var chunk: [UInt8] = []
            chunk.reserveCapacity(min(chunkSize, body.contentLength))
            do {
                while chunk.count < chunkSize && segmentIndex < body.segments.count {
                    switch body.segments[segmentIndex] {
                    case .bytes(let bytes):
                        let take = min(chunkSize - chunk.count, bytes.count - offset)
                        chunk += bytes[offset..<(offset + take)]
                        offset += take
                        if offset == bytes.count {
                            segmentIndex += 1
                            offset = 0
                        }
                    case .file(let path, let size, let fieldIndex):
                        try fill(&chunk, path: path, size: size, fieldIndex: fieldIndex)
                    }
                }
            } catch {
                finished = true
                file = nil
                throw error
            }
            if chunk.isEmpty {
                finished = true
                return nil
            }
            return chunk
        }

        /// Appends file bytes to `chunk`, opening the file first and closing it once its size is read and EOF seen.
        private mutating func fill(_ chunk: inout [UInt8], path: String, size: Int, fieldIndex: Int) throws(Error) {
            if file == nil {
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
                probe = DelimiterProbe(boundary: body.boundaryBytes)
            }
            guard let file else { return }
            if fileRemaining > 0 {
                let want = min(chunkSize - chunk.count, fileRemaining)
                let start = chunk.count
                chunk.append(contentsOf: repeatElement(0, count: want))
                let result = chunk.withUnsafeMutableBytes { buffer in
                    Result { () throws(POSIXFile.Failure) -> Int in
                        try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[start..<(start + want)]), path: path)
                    }
                }
                let got: Int
                switch result {
                case .success(let count): got = count
                case .failure(let failure): throw Error(.fileUnreadable, fieldIndex: fieldIndex, failure.message)
                }
                chunk.removeLast(want - got)
                guard got > 0 else {
                    throw Error(
                        .fileChanged, fieldIndex: fieldIndex,
                        "'\(path)' ended after \(size - fileRemaining) of the \(size) bytes it had when the body was prepared")
                }
                fileRemaining -= got
                if probe?.feed(chunk[start..<(start + got)]) == true {
                    throw Error(
                        .boundaryCollision, fieldIndex: fieldIndex,
                        "'\(path)' contains '--\(escapedForMessage(body.boundaryBytes))'; choose another boundary")
                }
            }
            if fileRemaining == 0 {
                var extra: UInt8 = 0
                let more: Int
                do {
                    more = try withUnsafeMutableBytes(of: &extra) { buffer throws(POSIXFile.Failure) in
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
                probe = nil
                segmentIndex += 1
                offset = 0
            }
        }
    }
}
