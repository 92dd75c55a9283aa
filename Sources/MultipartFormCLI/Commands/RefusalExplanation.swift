import MultipartForm
import MultipartFormConformanceCore

/// What `explain CODE` prints for a code the reference encoder refuses a form or stops with
/// (`ReferenceEncoder.Error.Code`, a vector's `refused_with`) or for a class of forms an encoder may
/// refuse (`RefusedForm.refusable`): what the form holds, why it cannot be written as it is, and
/// what an encoder should do.
struct RefusalExplanation: Sendable {
    /// What a code names, as the `KIND` line says it.
    enum Kind: String, Sendable {
        /// A form the reference encoder refuses.
        case refusedForm = "a form the reference encoder refuses (not a validator rule)"
        /// A form the reference encoder writes but any encoder may refuse (a certification verdict names it).
        case refusableClass = "a class of forms any encoder may refuse (not a validator rule)"
        /// A failure reading a file or writing the body: the form itself is fine.
        case inputOutput = "a file or output error; the form is fine (not a validator rule)"
    }

    /// The code, such as `unrepresentable-name`.
    var code: String
    /// One line: what the form holds.
    var summary: String
    /// The specification behind the refusal.
    var citation: String
    /// Why the form cannot be written as it is.
    var why: String
    /// What an encoder should do with such a form.
    var forAnEncoder: String
    /// What the code names.
    var kind = Kind.refusedForm

    /// Every code a certification verdict, a refusal or the reference encoder's errors can name, in code order.
    static let all: [RefusalExplanation] = [
        RefusalExplanation(
            code: ReferenceEncoder.Error.Code.boundaryCollision.rawValue,
            summary: "a value or part header holds '--' followed by the boundary the caller chose",
            citation: "RFC 2046 §5.1.1",
            why: "\"the boundary delimiter must not appear inside any of the encapsulated parts\": a receiver ends the part there, and what follows reads as another part (a smuggled field)",
            forAnEncoder: "choose a fresh boundary that no value holds; refuse the form only when the caller fixed the boundary"),
        RefusalExplanation(
            code: ReferenceEncoder.Error.Code.fileChanged.rawValue,
            summary: "a file's size changed between preparing the body and streaming it",
            citation: "RFC 9110 §8.6 (Content-Length)",
            why: "the body's length is computed before any file is read, so that it can be announced: a file that grew or shrank since would make a body of another length, which a receiver reads as a truncated or overlong part, or as the start of the next request",
            forAnEncoder: "stop the upload and report the file, rather than send a body whose length differs from the one announced; send it again once the file is no longer being written",
            kind: .inputOutput),
        RefusalExplanation(
            code: ReferenceEncoder.Error.Code.fileUnreadable.rawValue,
            summary: "a file field's file could not be sized, opened or read, or is not a regular file",
            citation: "RFC 7578 §4.4 (a file's content is the part's body)",
            why: "the part's content is the file's bytes: without them there is nothing faithful to send, and a FIFO or a device has no size to announce",
            forAnEncoder: "fail the upload with the path and the system's reason; never send the part empty or cut short",
            kind: .inputOutput),
        RefusalExplanation(
            code: ReferenceEncoder.Error.Code.headerTooLong.rawValue,
            summary: "a part's header line would pass 8,192 bytes, or its header section 16,384",
            citation: "RFC 9110 §5.4 (a server may refuse header fields larger than it will process)",
            why: "no specification caps a part's header, but receivers commonly stop reading a line at 8 KiB: a longer name or filename is cut or rejected there",
            forAnEncoder: "refuse such a form, or shorten the name or filename before writing it"),
        RefusalExplanation(
            code: ReferenceEncoder.Error.Code.invalidBoundary.rawValue,
            summary: "the boundary the caller gave is not 1 to 70 RFC 2046 bchars, or ends in a space",
            citation: "RFC 2046 §5.1.1",
            why: "boundary := 0*69<bchars> bcharsnospace: a longer boundary, a character outside bchars or a final space is not a boundary, and receivers disagree on where such a body's parts are",
            forAnEncoder: "refuse the boundary (the reference encoder refuses it) rather than write it; never shorten or change it silently"),
        RefusalExplanation(
            code: ReferenceEncoder.Error.Code.invalidContentType.rawValue,
            summary: "a field's media type is not a printable-ASCII type/subtype with parameters, or is multipart",
            citation: "RFC 9110 §8.3.1; RFC 7578 §4.4",
            why: "a Content-Type value is token/token with parameters in printable ASCII; a raw non-ASCII or control byte has no encoding in a header, and a nested multipart type needs a body of its own",
            forAnEncoder: "refuse the form, as the reference encoder does (a refusal passes certification)"),
        RefusalExplanation(
            code: RefusedForm.lineBreaksInNames.id,
            summary: "a name or filename holds a CR or LF",
            citation: "RFC 7578 §4.2; RFC 9110 §5.5",
            why: RefusedForm.lineBreaksInNames.reason,
            forAnEncoder: "write CR as %0D and LF as %0A, as browsers do, or refuse the form: certification passes either (a quote in a name is no such class: escape it as %22)",
            kind: .refusableClass),
        RefusalExplanation(
            code: ReferenceEncoder.Error.Code.unrepresentableFilename.rawValue,
            summary: "a filename holds a NUL byte, or ends with an odd number of backslashes",
            citation: "RFC 9110 §5.5; RFC 9110 §5.6.4",
            why: "a header field value cannot hold NUL, and in a quoted-string a final backslash escapes the closing quote, so the value never ends: receivers read the rest of the header into the filename",
            forAnEncoder: "refuse the form rather than drop the byte or write the backslash raw; WHATWG escaping (%22, %0D, %0A) does not cover either"),
        RefusalExplanation(
            code: ReferenceEncoder.Error.Code.unrepresentableName.rawValue,
            summary: "a field name holds a NUL byte, or ends with an odd number of backslashes",
            citation: "RFC 9110 §5.5; RFC 9110 §5.6.4",
            why: "a header field value cannot hold NUL, and in a quoted-string a final backslash escapes the closing quote, so the value never ends: receivers read the rest of the header into the name",
            forAnEncoder: "refuse the form rather than drop the byte or write the backslash raw; WHATWG escaping (%22, %0D, %0A) does not cover either"),
        RefusalExplanation(
            code: ReferenceEncoder.Error.Code.writeFailed.rawValue,
            summary: "the body could not be written to its destination file or descriptor",
            citation: "RFC 2046 §5.1.1 (a body ends with its close delimiter)",
            why: "a body written in part ends before its close delimiter, so it is no multipart body: a receiver rejects it, or takes the last part as cut short",
            forAnEncoder: "report the failure with the system's reason and remove the partial output; never hand on a body that was not written whole",
            kind: .inputOutput),
    ]

    /// The explanation of `code` (ignoring ASCII case), or `nil` when no refusal has that code.
    static func named(_ code: String) -> RefusalExplanation? {
        all.first { $0.code == code.lowercased() }
    }

    /// The explanation in labelled blocks, as `explain` prints a rule.
    var rendered: String {
        func block(_ label: String, _ text: String) -> String {
            label + ":\n" + HelpRenderer.wrap(text, indent: 2, hangingIndent: 2)
        }
        return [
            HelpRenderer.wrap("\(code): \(summary)", indent: 0, hangingIndent: 2),
            HelpRenderer.wrap("KIND: \(kind.rawValue)", indent: 0, hangingIndent: 2) + "\n"
                + HelpRenderer.wrap("CITATION: \(citation)", indent: 0, hangingIndent: 2),
            block("WHY", why),
            block("FOR AN ENCODER", forAnEncoder),
        ].joined(separator: "\n\n") + "\n"
    }
}
