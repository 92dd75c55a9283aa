// The decoder process contract (version 1) for the Java drivers: read one request, write one
// answer. The request is a flat JSON object, so its members are found by name.
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

final class InteropContract {
    /** The request: its Content-Type and body, or null when its version is not 1 (already answered). */
    static final class Request {
        final String contentType;
        final byte[] body;

        Request(String contentType, byte[] body) {
            this.contentType = contentType;
            this.body = body;
        }
    }

    private final StringBuilder parts = new StringBuilder();
    private int count;

    static Request read() throws IOException {
        ByteArrayOutputStream input = new ByteArrayOutputStream();
        System.in.transferTo(input);
        String json = input.toString(StandardCharsets.UTF_8);
        if (!"1".equals(member(json, "version"))) {
            answer("{\"error\": \"unsupported contract version\"}");
            return null;
        }
        return new Request(member(json, "content_type"), Base64.getDecoder().decode(member(json, "body_base64")));
    }

    static String member(String json, String key) {
        int at = json.indexOf("\"" + key + "\"");
        if (at < 0) return null;
        int i = json.indexOf(':', at + key.length() + 2) + 1;
        while (Character.isWhitespace(json.charAt(i))) i++;
        if (json.charAt(i) != '"') {
            int end = i;
            while (end < json.length() && ",} \n\r\t".indexOf(json.charAt(end)) < 0) end++;
            return json.substring(i, end);
        }
        StringBuilder out = new StringBuilder();
        for (i = i + 1; json.charAt(i) != '"'; i++) {
            char c = json.charAt(i);
            if (c != '\\') { out.append(c); continue; }
            char e = json.charAt(++i);
            switch (e) {
                case 'n': out.append('\n'); break;
                case 'r': out.append('\r'); break;
                case 't': out.append('\t'); break;
                case 'b': out.append('\b'); break;
                case 'f': out.append('\f'); break;
                case 'u': out.append((char) Integer.parseInt(json.substring(i + 1, i + 5), 16)); i += 4; break;
                default: out.append(e);
            }
        }
        return out.toString();
    }

    static String quote(String value) {
        if (value == null) return "null";
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') out.append('\\').append(c);
            else if (c < 0x20 || c == 0x7F || Character.isSurrogate(c)) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
        }
        return out.append('"').toString();
    }

    /** `"key": "text"` for a string, `"key_base64": "..."` for bytes that are not UTF-8. */
    static String member(String key, byte[] bytes) {
        if (bytes == null) return "\"" + key + "\": null";
        try {
            String text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
            return "\"" + key + "\": " + quote(text);
        } catch (CharacterCodingException notUtf8) {
            return "\"" + key + "_base64\": \"" + Base64.getEncoder().encodeToString(bytes) + "\"";
        }
    }

    void part(String name, String filename, String contentType, byte[] body) {
        part(name, filename, contentType, body, false);
    }

    /** A part whose name and filename are strings, or (raw) bytes read as ISO-8859-1 chars. */
    void part(String name, String filename, String contentType, byte[] body, boolean latin1Names) {
        if (count++ > 0) parts.append(", ");
        if (latin1Names) {
            parts.append('{').append(member("name", name == null ? null : name.getBytes(StandardCharsets.ISO_8859_1)))
                .append(", ").append(member("filename", filename == null ? null : filename.getBytes(StandardCharsets.ISO_8859_1)));
        } else {
            parts.append("{\"name\": ").append(quote(name)).append(", \"filename\": ").append(quote(filename));
        }
        parts.append(", \"content_type\": ").append(quote(contentType))
            .append(", \"body_base64\": \"").append(Base64.getEncoder().encodeToString(body)).append("\"}");
    }

    void answerParts() {
        answer("{\"parts\": [" + parts + "]}");
    }

    static void answerError(String why) {
        answer("{\"error\": " + quote(why) + "}");
    }

    static void answer(String json) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.println(json);
    }
}
