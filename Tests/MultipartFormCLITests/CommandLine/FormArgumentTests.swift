import Testing

@testable import MultipartFormCLI

/// curl's `-F` syntax, read the way curl reads it, with the cases curl only warns about made errors.
@Suite struct FormArgumentTests {
    typealias Argument = FormArgument

    @Test(arguments: [
        ("a=1", Argument(name: "a", content: .text("1"))),
        ("a=", Argument(name: "a", content: .text(""))),
        ("=v", Argument(name: "", content: .text("v"))),
        ("a=b=c", Argument(name: "a", content: .text("b=c"))),
        ("a=1,2", Argument(name: "a", content: .text("1,2"))),
        ("a=  padded  ", Argument(name: "a", content: .text("padded"))),
        ("a=\" kept; \"", Argument(name: "a", content: .text(" kept; "))),
        ("a=\"say \\\"hi\\\" \\\\ \\n\"", Argument(name: "a", content: .text("say \"hi\" \\ \\n"))),
        ("a=\"unterminated", Argument(name: "a", content: .text("\"unterminated"))),
        ("a=1;type=text/x-note", Argument(name: "a", content: .text("1"), contentType: "text/x-note")),
        ("a=1;filename=n.txt", Argument(name: "a", content: .text("1"), filename: "n.txt")),
        ("f=@/tmp/x.png", Argument(name: "f", content: .file(path: "/tmp/x.png"))),
        ("f=@\"a,b;c.txt\"", Argument(name: "f", content: .file(path: "a,b;c.txt"))),
        (
            "file=@path;type=image/png;filename=x",
            Argument(name: "file", content: .file(path: "path"), contentType: "image/png", filename: "x")
        ),
        (
            "f=@p; type=  text/plain; charset=utf-8 ;filename=\"play, and play.txt\"",
            Argument(name: "f", content: .file(path: "p"), contentType: "text/plain; charset=utf-8", filename: "play, and play.txt")
        ),
        ("f=@-", Argument(name: "f", content: .file(path: "-"))),
        ("t=<notes.txt", Argument(name: "t", content: .textFromFile(path: "notes.txt"))),
        ("t=<-;type=text/csv", Argument(name: "t", content: .textFromFile(path: "-"), contentType: "text/csv")),
        ("a\"b;c=1", Argument(name: "a\"b;c", content: .text("1"))),
    ])
    func readsArgumentsTheWayCurlDoes(text: String, expected: Argument) throws {
        #expect(try FormArgument.parse(text) == expected)
    }

    @Test func formStringTakesTheContentLiterally() throws {
        #expect(try FormArgument.parse("a=@x;type=y", literal: true) == Argument(name: "a", content: .text("@x;type=y")))
        #expect(try FormArgument.parse("a= <x ", literal: true) == Argument(name: "a", content: .text(" <x ")))
    }

    @Test(arguments: [
        ("no-equals", "expected 'name=content'"),
        ("a=1;tpye=x/y", "unknown modifier 'tpye=x/y'. Did you mean 'type='?"),
        ("a=hello; world", "unknown modifier 'world'. Quote a value that holds ';': name=\"a;b\"."),
        ("a=\"x\"y", "unexpected 'y' after the closing quote"),
        ("a=1;type=text", "'type=text' is not a media type; write type=<type>/<subtype>"),
        ("a=1;type=/plain", "'type=/plain' is not a media type; write type=<type>/<subtype>"),
        ("a=1;type=a/b;filename=f;type=c/d", "'type=' is given twice"),
        ("t=<x;filename=y", "'filename=' cannot be used with '<file': the file's content is sent as a text value"),
        ("a=1;headers=X-A: 1", "'headers=' is not supported: RFC 7578 §4.8 allows no part headers but Content-Disposition, Content-Type and Content-Transfer-Encoding"),
        ("a=1;encoder=base64", "'encoder=' is not supported: RFC 7578 §4.7 says senders should not use Content-Transfer-Encoding"),
        ("f=@a.txt,b.txt", "several files in one field ('@a,b') would be nested in a multipart/mixed part, which RFC 7578 §4.3 forbids; give each file its own -F with the same name, and quote a path that holds ',' (@\"a,b.txt\")"),
        ("m=(;type=multipart/mixed", "nested multipart parts ('name=(' ... '=)') are not supported: RFC 7578 §4.3 sends each file as its own part"),
        ("=)", "nested multipart parts ('name=(' ... '=)') are not supported: RFC 7578 §4.3 sends each file as its own part"),
    ])
    func argumentsCurlWouldMisreadAreErrors(text: String, message: String) {
        #expect(throws: FormArgumentError(message)) { try FormArgument.parse(text) }
    }
}
