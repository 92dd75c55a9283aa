import MultipartForm

/// The encode measurement: the case's form streamed through ``ReferenceEncoder`` to `/dev/null`.
///
/// Uses only the encoder's public API: the form is built from the plan (text fields, and files read
/// from disk), prepared with the bench boundary, and its chunks are written out as they come. The
/// bytes written equal the case's body, which the caller checks.
enum BenchEncode {
    static func run(_ plan: BenchCase) throws(BenchFailure) -> BenchSample {
        var form = Form()
        for index in 0..<plan.partCount {
            let part = plan.part(index)
            switch part.content {
            case .text(let value):
                form.append(name: part.name, text: value)
            case .file(let path, let filename, _, _):
                form.append(name: part.name, filePath: path, filename: filename, contentType: BenchCase.fileContentType)
            }
        }
        let sink = try BenchSink()
        var written = 0
        do {
            let body = try ReferenceEncoder().prepare(form, boundary: BenchCase.boundary)
            var chunks = body.makeChunkIterator(chunkSize: plan.encodeChunkSize)
            while let chunk = try chunks.next() {
                chunk.withUnsafeBytes { sink.write($0) }
                written += chunk.count
            }
        } catch {
            throw BenchFailure("the encoder failed: \(error)")
        }
        return BenchSample(bytes: written, found: sink.failed ? 0 : written)
    }
}
