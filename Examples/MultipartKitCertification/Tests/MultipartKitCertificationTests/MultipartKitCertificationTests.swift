import MultipartFormConformance
import MultipartKitAdapters
import Testing

// Every vector is its own test case, named after its id. multipart-kit's real failures are declared
// as known issues (Sources/MultipartKitAdapters/KnownIssues.swift), so these pass while they
// reproduce and fail the day one stops reproducing.

@Test(arguments: try EncoderCertification.vectors())
func multipartSerializer(_ vector: ConformanceVector) throws {
    try EncoderCertification(MultipartSerializerAdapter()).check(vector)
}

@Test(arguments: try EncoderCertification.vectors())
func formDataEncoder(_ vector: ConformanceVector) throws {
    try EncoderCertification(FormDataEncoderAdapter()).check(vector)
}

@Test(arguments: try DecoderCertification.vectors())
func multipartParser(_ vector: ConformanceVector) throws {
    try DecoderCertification(MultipartParserAdapter()).check(vector)
}
