// multipart-kit's two encoders as processes speaking the multipart-check encoder contract
// (version 1), so `multipart-check certify` and `Interop/run.sh` grade them beside the encoders of
// other languages: `multipart-kit-encoder form-data-encoder` (the Codable FormDataEncoder) or
// `multipart-kit-encoder serializer` (MultipartSerializer over hand-made parts).
import Foundation
import MultipartFormConformance
import MultipartKitAdapters

switch CommandLine.arguments.dropFirst().first {
case "form-data-encoder":
    exit(ProcessEncoderAdapter.serve(FormDataEncoderAdapter()))
case "serializer":
    exit(ProcessEncoderAdapter.serve(MultipartSerializerAdapter()))
default:
    FileHandle.standardError.write(Data("usage: multipart-kit-encoder form-data-encoder|serializer\n".utf8))
    exit(64)
}
