// @@TITLE@@
// Tested with @@VERSION@@.
// Run: mcs -nologo -out:repro.exe -r:System.Web.dll repro.cs && mono repro.exe
//
// As an ASP.NET application on Mono reads Request.Form and Request.Files: an HttpContext over an
// HttpWorkerRequest that gives the method, Content-Type, Content-Length and body, as xsp or mod_mono do.
using System;
using System.IO;
using System.Text;
using System.Web;

sealed class Worker : HttpWorkerRequest
{
    readonly string contentType;
    readonly byte[] body;
    int offset;

    public Worker(string contentType, byte[] body) { this.contentType = contentType; this.body = body; }

    public override string GetUriPath() { return "/upload"; }
    public override string GetQueryString() { return ""; }
    public override string GetRawUrl() { return "/upload"; }
    public override string GetHttpVerbName() { return "POST"; }
    public override string GetHttpVersion() { return "HTTP/1.1"; }
    public override string GetRemoteAddress() { return "127.0.0.1"; }
    public override int GetRemotePort() { return 40000; }
    public override string GetLocalAddress() { return "127.0.0.1"; }
    public override int GetLocalPort() { return 80; }
    public override string GetAppPath() { return "/"; }
    public override string GetFilePath() { return "/upload"; }
    public override string GetKnownRequestHeader(int index)
    {
        if (index == HeaderContentType) return contentType;
        if (index == HeaderContentLength) return body.Length.ToString();
        if (index == HeaderHost) return "127.0.0.1";
        return null;
    }
    public override byte[] GetPreloadedEntityBody() { return null; }
    public override bool IsEntireEntityBodyIsPreloaded() { return false; }
    public override int ReadEntityBody(byte[] buffer, int size)
    {
        int n = Math.Min(size, body.Length - offset);
        Array.Copy(body, offset, buffer, 0, n);
        offset += n;
        return n;
    }
    public override void SendStatus(int statusCode, string statusDescription) { }
    public override void SendKnownResponseHeader(int index, string value) { }
    public override void SendUnknownResponseHeader(string name, string value) { }
    public override void SendResponseFromMemory(byte[] data, int length) { }
    public override void SendResponseFromFile(string filename, long offset, long length) { }
    public override void SendResponseFromFile(IntPtr handle, long offset, long length) { }
    public override void FlushResponse(bool finalFlush) { }
    public override void EndOfRequest() { }
}

static class Repro
{
    /// A string as a C# literal would write it, every character past ASCII as its \u escape.
    static string Show(string text)
    {
        if (text == null) return "null";
        var out_ = new StringBuilder("\"");
        foreach (char c in text)
        {
            if (c == '\r') out_.Append("\\r");
            else if (c == '\n') out_.Append("\\n");
            else if (c == '"' || c == '\\') out_.Append('\\').Append(c);
            else if (c < 0x20 || c >= 0x7f) out_.AppendFormat("\\u{0:x4}", (int)c);
            else out_.Append(c);
        }
        return out_.Append('"').ToString();
    }

    static void Main()
    {
        string contentType = @@CONTENT_TYPE@@;
        byte[] body = @@BODY@@;
        var request = new HttpContext(new Worker(contentType, body)).Request;
        var form = request.Form;
        foreach (string name in form.AllKeys)
            foreach (string value in form.GetValues(name) ?? new string[0])
                Console.WriteLine("Form: name=" + Show(name) + " value=" + Show(value));
        var files = request.Files;
        for (int i = 0; i < files.Count; i++)
        {
            HttpPostedFile file = files[i];
            var content = new MemoryStream();
            file.InputStream.CopyTo(content);
            Console.WriteLine("Files[" + i + "]: name=" + Show(files.AllKeys[i]) + " FileName=" + Show(file.FileName)
                + " ContentType=" + Show(file.ContentType) + " content=" + Show(Encoding.GetEncoding("iso-8859-1").GetString(content.ToArray())));
        }
        Console.WriteLine(form.Count + " form name(s), " + files.Count + " file(s)");
    }
}
