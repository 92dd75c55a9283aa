// The hand-rolled tutorial encoder as a process speaking the multipart-check encoder contract
// (version 1), and the package's reference encoder beside it, so `Interop/run.sh` grades both with
// the encoders of other languages: `encoder-process hand-rolled` or `encoder-process reference`.
import Foundation
import HandRolledUpload
import MultipartFormConformance

switch CommandLine.arguments.dropFirst().first {
case "hand-rolled":
    exit(ProcessEncoderAdapter.serve(HandRolledAdapter()))
case "reference":
    exit(ProcessEncoderAdapter.serve(ReferenceEncoderAdapter()))
default:
    FileHandle.standardError.write(Data("usage: encoder-process hand-rolled|reference\n".utf8))
    exit(64)
}
