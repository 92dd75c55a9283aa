import MultipartFormCLI
import MultipartForm

/// The encode measurement: the case's form streamed through ``ReferenceEncoder`` to `/dev/null`.
///
/// Uses only the encoder's public API, on the path `multipart-check encode -o` takes: the form is
/// built from the plan (text fields, and files read from disk), prepared with the bench boundary,
/// and written to the descriptor with ``ReferenceEncoder/Body/write(toFileDescriptor:chunkSize:)``,
/// which reuses one buffer for every chunk.
enum BenchEncode {
    static func run(_ plan: BenchCase) throws(BenchError) -> BenchSample {
        let sink = try BenchSink()
        let body = try prepare(plan)
        do {
            try body.write(toFileDescriptor: sink.descriptor, chunkSize: plan.encodeChunkSize)
        } catch {
            throw BenchError("the encoder failed: \(error)")
        }
        return BenchSample(bytes: body.contentLength, found: body.contentLength)
    }

    /// The case's form, prepared for encoding with the bench boundary.
    static func prepare(_ plan: BenchCase) throws(BenchError) -> ReferenceEncoder.Body {
        var form = FormData()
        for index in 0..<plan.partCount {
            let part = plan.part(index)
            switch part.content {
            case .text(let value):
                form.append(name: part.name, text: value)
            case .file(let path, let filename, _, _):
                form.append(name: part.name, filePath: path, filename: filename, contentType: BenchCase.fileContentType)
            }
        }
        do {
            return try ReferenceEncoder().prepare(form, boundary: BenchCase.boundary)
        } catch {
            throw BenchError("the encoder failed: \(error)")
        }
    }
}
