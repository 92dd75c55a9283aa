import MultipartForm

/// A certification check that takes more than one form: what an encoder does across requests, which no
/// single vector can show.
///
/// The one probe, ``ownBoundaryInContent``, catches an encoder that always writes the same boundary. No
/// vector's content can hold a boundary the encoder chooses for itself, so the probe first learns the
/// boundary from the encoder's answer to a plain form, then sends a form whose file holds that boundary,
/// as a delimiter line and inside a line. An encoder that chooses its boundary afresh, or checks the
/// content, writes a valid body; one with a fixed boundary writes a body that ends the file early and
/// smuggles in a part (RFC 2046 §5.1.1: the boundary must not occur in the encapsulated parts).
/// Probes are graded like vectors and reported beside them, in the area `probe`.
public struct EncoderProbe: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The stable id, such as `probe/y-own-boundary-in-content`: a `y-` id, since the body must be valid.
    public let id: String
    /// One line saying what the probe shows.
    public let summary: String

    /// The probe's area, `probe`.
    public var area: String { "probe" }

    /// The id.
    public var description: String { id }

    /// A file whose content holds the boundary the encoder chose for the form before.
    public static let ownBoundaryInContent = EncoderProbe(
        id: "probe/y-own-boundary-in-content",
        summary: "a file holding the boundary the encoder chose for the form before: a fixed boundary breaks the body")

    /// Every probe, in id order.
    public static let all: [EncoderProbe] = [.ownBoundaryInContent]

    /// The form whose answer tells the boundary the encoder chooses.
    package static let learningForm = FormData([
        FormData.Field(name: "probe", value: .text("1")),
        FormData.Field(name: "file", value: .bytes(Array("x".utf8)), filename: "probe.txt", contentType: "text/plain"),
    ])

    /// The form whose file holds `boundary` as a delimiter line, a close delimiter and inside a line.
    static func collidingForm(boundary: String) -> FormData {
        let content =
            "first line\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"smuggled\"\r\n\r\ninjected\r\n--\(boundary)--\r\nlast line holds --\(boundary) too"
        return FormData([
            FormData.Field(name: "a", value: .text("1")),
            FormData.Field(name: "file", value: .bytes(Array(content.utf8)), filename: "collide.txt", contentType: "text/plain"),
        ])
    }

    /// A vector-shaped stand-in for a probe's form, so the probe is graded exactly as a vector with that form is.
    static func vector(_ probe: EncoderProbe, form: FormData, boundary: String) -> ConformanceVector {
        let sidecar = VectorSidecar(
            description: probe.summary, specs: ["RFC 2046 §5.1.1", "RFC 7578 §4.1"], contentType: nil, diagnostics: [],
            encoderInput: VectorSidecar.EncoderInput(boundary: boundary, isCanonical: false, fields: form.fields))
        return ConformanceVector(validID: probe.id, body: [], sidecar: sidecar)
    }
}

extension EncoderCertification {
    /// Runs a probe and grades it (see ``EncoderProbe``); a declared known issue with the probe's id applies as for a vector.
    /// - Parameter probe: The probe to run.
    /// - Returns: The grade, with every finding that decided it.
    public func verdict(for probe: EncoderProbe) -> CertificationVerdict {
        probeOutcome(probe).applyingKnownIssue(adapter.knownIssues[probe.id])
    }

    /// Passes when the probe passes (or is a known issue that reproduces), as ``check(_:warningsAsFailures:)`` does for a vector.
    /// - Parameter probe: The probe to run.
    /// - Throws: ``CertificationError``, whose description is the whole verdict.
    public func check(_ probe: EncoderProbe) throws(CertificationError) {
        let verdict = verdict(for: probe)
        switch verdict.grade {
        case .pass, .passWithWarnings, .unsupported, .knownIssue, .lenient:
            return
        case .fail, .refused, .silentDataLoss, .staleKnownIssue:
            throw CertificationError(adapterName: adapter.name, verdict: verdict)
        }
    }

    private func probeOutcome(_ probe: EncoderProbe) -> CertificationVerdict {
        let learning = EncoderProbe.vector(probe, form: EncoderProbe.learningForm, boundary: "unused")
        let first: EncodedForm
        do {
            first = try adapter.encode(EncoderProbe.learningForm, boundary: nil)
        } catch {
            var result = Self.grade(.failure(error), for: learning, givenBoundary: nil)
            result.summary = "the first form (one field and one small file): " + result.summary
            return result
        }
        guard let boundary = DecoderCertification.boundary(in: first.contentType) else {
            var result = Self.grade(.success(first), for: learning, givenBoundary: nil)
            if result.grade != .fail {
                result = CertificationVerdict(
                    vectorID: probe.id, area: probe.area, grade: .fail,
                    summary: "the first form's Content-Type names no boundary: '\(Self.oneLine(first.contentType))'",
                    problem: .writesInvalid)
            }
            return result
        }
        let form = EncoderProbe.collidingForm(boundary: boundary)
        let answer: Result<EncodedForm, any Error>
        do {
            answer = .success(try adapter.encode(form, boundary: nil))
        } catch {
            answer = .failure(error)
        }
        var result = Self.grade(answer, for: EncoderProbe.vector(probe, form: form, boundary: boundary), givenBoundary: nil)
        let usedAgain = (try? answer.get()).flatMap { DecoderCertification.boundary(in: $0.contentType) } == boundary
        result.notes.insert("the first form's answer used the boundary '\(boundary)'", at: 0)
        if usedAgain && result.grade == .fail {
            result.summary = "used the boundary '\(boundary)' again although the file holds it, so the body breaks: " + result.summary
            result.details.insert(
                "an encoder must choose a boundary that does not occur in the content (RFC 2046 §5.1.1): a fresh random one for every body, checked against the content",
                at: 0)
        }
        return result
    }
}
