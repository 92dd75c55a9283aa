import HandRolledUpload
import MultipartFormConformance
import Testing

// One test case per vector. The pattern's real failures are declared as known issues in
// HandRolledAdapter.swift: these pass while they reproduce and fail the day one stops reproducing.
@Test(arguments: try EncoderCertification.vectors())
func handRolledEncoder(_ vector: ConformanceVector) throws {
    try EncoderCertification(HandRolledAdapter()).check(vector)
}
