// The process contracts (version 1) for the C# drivers: the request's members by name (the
// requests are flat JSON objects), JSON strings, and one answer on standard output.
using System;
using System.IO;
using System.Text;

static class Contract
{
    public static string Member(string json, string key)
    {
        int at = json.IndexOf("\"" + key + "\"", StringComparison.Ordinal);
        if (at < 0) return null;
        int i = json.IndexOf(':', at + key.Length + 2) + 1;
        while (char.IsWhiteSpace(json[i])) i++;
        if (json[i] != '"')
        {
            int end = i;
            while (end < json.Length && ",} \n\r\t]".IndexOf(json[end]) < 0) end++;
            string raw = json.Substring(i, end - i);
            return raw == "null" ? null : raw;
        }
        return Unquote(json, i);
    }

    /// The JSON string starting at the quote at `i`.
    public static string Unquote(string json, int i)
    {
        var output = new StringBuilder();
        for (i = i + 1; json[i] != '"'; i++)
        {
            char c = json[i];
            if (c != '\\') { output.Append(c); continue; }
            char e = json[++i];
            switch (e)
            {
                case 'n': output.Append('\n'); break;
                case 'r': output.Append('\r'); break;
                case 't': output.Append('\t'); break;
                case 'b': output.Append('\b'); break;
                case 'f': output.Append('\f'); break;
                case 'u': output.Append((char)Convert.ToInt32(json.Substring(i + 1, 4), 16)); i += 4; break;
                default: output.Append(e); break;
            }
        }
        return output.ToString();
    }

    public static string Quote(string value)
    {
        if (value == null) return "null";
        var output = new StringBuilder("\"");
        foreach (char c in value)
        {
            if (c == '"' || c == '\\') output.Append('\\').Append(c);
            else if (c < 0x20 || c == 0x7F || char.IsSurrogate(c)) output.Append("\\u").Append(((int)c).ToString("x4"));
            else output.Append(c);
        }
        return output.Append('"').ToString();
    }

    public static string Part(string name, string filename, string contentType, byte[] body)
    {
        return "{\"name\": " + Quote(name) + ", \"filename\": " + Quote(filename) + ", \"content_type\": " + Quote(contentType)
            + ", \"body_base64\": \"" + Convert.ToBase64String(body) + "\"}";
    }

    public static void Answer(string json)
    {
        var output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));
        output.Write(json + "\n");
        output.Flush();
    }
}
