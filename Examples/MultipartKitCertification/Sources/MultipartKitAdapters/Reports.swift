import MultipartFormConformance

/// The three certifications of multipart-kit over the bundled corpus.
public enum MultipartKitReports {
    /// The serializer's, the Codable encoder's and the parser's reports, in that order.
    public static func all() throws -> [CertificationReport] {
        [
            try EncoderCertification(MultipartSerializerAdapter()).report(),
            try EncoderCertification(FormDataEncoderAdapter()).report(),
            try DecoderCertification(MultipartParserAdapter()).report(),
        ]
    }
}
