import Testing

@testable import MultipartForm

/// The per-part state stays plain data, which is what keeps starting and ending a part cheap.
@Suite struct PartStateTests {
    @Test func partStateHoldsNoReferences() {
        // A reference (an array, a nested engine) here would make every part's start release the
        // last part's state (about 40 instructions a part on a body of small fields).
        #expect(_isPOD(PartState.self))
        #expect(_isPOD(PartMedia.self))
        #expect(_isPOD(ValidationEngine.Phase.self))
    }
}
