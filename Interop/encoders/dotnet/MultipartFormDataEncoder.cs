// .NET's System.Net.Http.MultipartFormDataContent (Mono's, Debian's mono-devel) as an encoder
// speaking the multipart-check encoder contract (version 1): `new MultipartFormDataContent(boundary)`
// (or `new MultipartFormDataContent()`, which chooses its own boundary). A text field is
// Add(new StringContent(value), name), as applications write it (StringContent labels the part
// `text/plain; charset=utf-8`); a typed text field is a StringContent with that media type set on
// Headers.ContentType; a text value that is not UTF-8 is Add(new ByteArrayContent(bytes), name); a
// file is Add(new ByteArrayContent(bytes), name, filename) with its media type, when it has one, on
// Headers.ContentType. The body is ReadAsByteArrayAsync(); Headers.ContentType is the answer's
// Content-Type. An exception the library throws (it refuses some names, filenames and media types)
// is the encoder's refusal.
//
// What the API cannot say: nothing; every form of the contract can be written.
using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text;

static class MultipartFormDataEncoder
{
    static void Main()
    {
        string request = Console.In.ReadToEnd();
        if (Contract.Member(request, "version") != "1")
        {
            Contract.Answer("{\"error\": \"unsupported contract version\"}");
            return;
        }
        string boundary = Contract.Member(request, "boundary");
        try
        {
            var content = boundary == null ? new MultipartFormDataContent() : new MultipartFormDataContent(boundary);
            foreach (var field in Fields.Read(request))
            {
                if (field.Filename == null && field.Text != null)
                {
                    var text = new StringContent(field.Text);
                    if (field.ContentType != null) text.Headers.ContentType = MediaTypeHeaderValue.Parse(field.ContentType);
                    content.Add(text, field.Name);
                }
                else
                {
                    var bytes = new ByteArrayContent(field.Bytes);
                    if (field.ContentType != null) bytes.Headers.ContentType = MediaTypeHeaderValue.Parse(field.ContentType);
                    if (field.Filename == null) content.Add(bytes, field.Name);
                    else content.Add(bytes, field.Name, field.Filename);
                }
            }
            byte[] body = content.ReadAsByteArrayAsync().Result;
            Contract.Answer("{\"content_type\": " + Contract.Quote(content.Headers.ContentType.ToString())
                + ", \"body_base64\": \"" + Convert.ToBase64String(body) + "\"}");
        }
        catch (Exception error)
        {
            if (error is AggregateException) error = error.InnerException;
            Contract.Answer("{\"error\": " + Contract.Quote(error.GetType().Name + ": " + error.Message) + "}");
        }
    }
}

/// The request's fields: the contract's fields array holds flat objects, read one by one.
sealed class Fields
{
    public string Name, Filename, ContentType, Text;
    public byte[] Bytes;

    public static List<Fields> Read(string json)
    {
        var result = new List<Fields>();
        int at = json.IndexOf('[', json.IndexOf("\"fields\"", StringComparison.Ordinal)) + 1;
        while (true)
        {
            while (at < json.Length && (char.IsWhiteSpace(json[at]) || json[at] == ',')) at++;
            if (at >= json.Length || json[at] != '{') break;
            int close = ObjectEnd(json, at);
            string entry = json.Substring(at, close - at + 1);
            var field = new Fields
            {
                Name = Contract.Member(entry, "name"),
                Filename = Contract.Member(entry, "filename"),
                ContentType = Contract.Member(entry, "content_type"),
                Text = Contract.Member(entry, "value"),
            };
            string base64 = Contract.Member(entry, "value_base64");
            field.Bytes = base64 != null ? Convert.FromBase64String(base64) : Encoding.UTF8.GetBytes(field.Text);
            result.Add(field);
            at = close + 1;
        }
        return result;
    }

    static int ObjectEnd(string json, int open)
    {
        bool quoted = false;
        for (int i = open + 1; i < json.Length; i++)
        {
            char c = json[i];
            if (quoted) { if (c == '\\') i++; else if (c == '"') quoted = false; }
            else if (c == '"') quoted = true;
            else if (c == '}') return i;
        }
        return -1;
    }
}
