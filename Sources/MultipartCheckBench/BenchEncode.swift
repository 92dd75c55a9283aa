import MultipartFormCLI
import MultipartForm

/// The encode measurement: the case's form streamed through ``ReferenceEncoder`` to `/dev/null`.
///
/// Uses only the encoder's public API, on the path `multipart-check encode -o` takes: the form is
/// built from the plan's parts (text fields, and files read from disk), prepared with the bench
/// boundary, and written to the descriptor with
/// ``ReferenceEncoder/Body/write(toFileDescriptor:chunkSize:)``, which reuses one buffer for every
/// chunk.
///
/// The parts' names and values are made before the clock starts (``parts(of:)``): an application
/// has its strings already, and making 200,000 of them from integers costs more than encoding them.
enum BenchEncode {
    /// The parts of `plan`'s form, with their names and values made.
    static func parts(of plan: BenchCase) -> [BenchCase.Part] {
        (0..<plan.partCount).map(plan.part)
    }

    /// Builds the form from `parts` (made by ``parts(of:)`` from `plan`), prepares it and writes it to `/dev/null`.
    static func run(_ plan: BenchCase, parts: [BenchCase.Part]) throws(BenchError) -> BenchSample {
        let sink = try BenchSink()
        let body = try prepare(parts)
        do {
            try body.write(toFileDescriptor: sink.descriptor, chunkSize: plan.encodeChunkSize)
        } catch {
            throw BenchError("the encoder failed: \(error)")
        }
        return BenchSample(bytes: body.contentLength, found: body.contentLength)
    }

    /// The form of `parts`, prepared for encoding with the bench boundary.
    static func prepare(_ parts: [BenchCase.Part]) throws(BenchError) -> ReferenceEncoder.Body {
        var form = FormData()
        for part in parts {
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
