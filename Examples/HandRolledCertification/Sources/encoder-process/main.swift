// The hand-rolled tutorial encoder as a process speaking the multipart-check encoder contract
// (version 1), and the package's reference encoder beside it, so `Interop/run.sh` grades both with
// the encoders of other languages: `encoder-process hand-rolled` or `encoder-process reference`.
// `encoder-process known-issues` prints the pattern's known issues as `certify --known-issues` reads
// them, so a workflow declares the same ones as `swift test` (.github/workflows/action.yml).
import Foundation
import HandRolledUpload
import MultipartFormConformance

switch CommandLine.arguments.dropFirst().first {
case "hand-rolled":
    exit(ProcessEncoderAdapter.serve(HandRolledAdapter()))
case "reference":
    exit(ProcessEncoderAdapter.serve(ReferenceEncoderAdapter()))
case "known-issues":
    for (id, reason) in HandRolledAdapter().knownIssues.sorted(by: { $0.key < $1.key }) {
        print("\(id)=\(reason)")
    }
default:
    FileHandle.standardError.write(Data("usage: encoder-process hand-rolled|reference|known-issues\n".utf8))
    exit(64)
}
