// Mono's System.Web (Debian's mono-devel), as an ASP.NET (Web Forms or MVC 5) application on Mono
// reads `Request.Form` and `Request.Files`, speaking the multipart-check decoder process contract
// (version 1).
//
// The application-facing calls: an HttpContext over an HttpWorkerRequest that gives the request's
// method, Content-Type, Content-Length and body (as a web server such as xsp or mod_mono does),
// then HttpRequest.Form (each name's values, GetValues) and HttpRequest.Files (HttpPostedFile:
// FileName, ContentType, InputStream, by index). Text fields are decoded with the request's
// encoding (UTF-8 by default) and come back name by name; files come back in body order. The order
// between names, and between a field and a file, is not reported, nor a text field's Content-Type.
// An HttpException or ArgumentException from reading Form or Files is what ASP.NET answers with
// 400 or 500: a rejection. The driver adds no rule of its own.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Web;

sealed class RequestWorker : HttpWorkerRequest
{
    readonly string contentType;
    readonly byte[] body;
    int offset;

    public RequestWorker(string contentType, byte[] body) { this.contentType = contentType; this.body = body; }

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

static class SystemWebForm
{
    static void Main()
    {
        string request = Console.In.ReadToEnd();
        if (Contract.Member(request, "version") != "1")
        {
            Contract.Answer("{\"error\": \"unsupported contract version\"}");
            return;
        }
        string contentType = Contract.Member(request, "content_type");
        byte[] body = Convert.FromBase64String(Contract.Member(request, "body_base64"));
        var context = new HttpContext(new RequestWorker(contentType, body));
        var parts = new List<string>();
        try
        {
            var form = context.Request.Form;
            foreach (string name in form.AllKeys)
                foreach (string value in form.GetValues(name) ?? new string[0])
                    parts.Add(Contract.Part(name, null, null, Encoding.UTF8.GetBytes(value)));
            var files = context.Request.Files;
            for (int i = 0; i < files.Count; i++)
            {
                HttpPostedFile file = files[i];
                var content = new MemoryStream();
                file.InputStream.CopyTo(content);
                parts.Add(Contract.Part(files.AllKeys[i], file.FileName, file.ContentType, content.ToArray()));
            }
        }
        catch (Exception error) when (error is HttpException || error is ArgumentException)
        {
            Contract.Answer("{\"error\": " + Contract.Quote(error.GetType().Name + ": " + error.Message) + "}");
            return;
        }
        Contract.Answer("{\"parts\": [" + string.Join(", ", parts) + "]}");
    }
}
