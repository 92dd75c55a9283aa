import MultipartFormCLI
import MultipartForm

/// The encode measurement: the case's form streamed through ``ReferenceEncoder`` to `/dev/null`.
///
/// Uses only the encoder's public API, on the path `multipart-check encode -o` takes: the form
/// (text fields, and files read from disk) is prepared with the bench boundary and written to the
/// descriptor with ``ReferenceEncoder/Body/write(toFileDescriptor:chunkSize:)``, which reuses one
/// buffer for every chunk.
///
/// The form is the encoder's input, as the body file is the validator's: it is built before the
/// clock starts (``form(of:)``). Building it is the application's work, and for 100,000 small fields
/// it costs more than encoding them: the field array's growth touches about twice its final size of
/// new memory.
enum BenchEncode {
    /// The form of `plan`'s parts, in order.
    static func form(of plan: BenchCase) -> FormData {
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
        return form
    }

    /// Prepares `form` (made by ``form(of:)`` from `plan`) and writes it to `/dev/null`.
    static func run(_ plan: BenchCase, form: FormData) throws(BenchError) -> BenchSample {
        let sink = try BenchSink()
        let body = try prepare(form)
        do {
            try body.write(toFileDescriptor: sink.descriptor, chunkSize: plan.encodeChunkSize)
        } catch {
            throw BenchError("the encoder failed: \(error)")
        }
        return BenchSample(bytes: body.contentLength, found: body.contentLength)
    }

    /// `form`, prepared for encoding with the bench boundary.
    static func prepare(_ form: FormData) throws(BenchError) -> ReferenceEncoder.Body {
        do {
            return try ReferenceEncoder().prepare(form, boundary: BenchCase.boundary)
        } catch {
            throw BenchError("the encoder failed: \(error)")
        }
    }
}
