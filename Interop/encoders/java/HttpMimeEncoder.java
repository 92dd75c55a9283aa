// Apache httpmime's MultipartEntityBuilder as an encoder speaking the multipart-check encoder
// contract (version 1). The builder is used with its defaults (MultipartEntityBuilder.create():
// HttpMultipartMode.STRICT, no charset set) and the boundary it is given (setBoundary). A text field
// is addTextBody(name, text), or addTextBody(name, text, ContentType.parse(type)) when typed; a file
// is addBinaryBody(name, bytes, type or ContentType.DEFAULT_BINARY, filename), and bytes without a
// filename addBinaryBody(name, bytes) (the library then labels them application/octet-stream) or
// addBinaryBody(name, bytes, type, null) when typed. The entity is written into memory with
// writeTo; its Content-Type header is the answer's.
//
// What the API cannot say: nothing; every form of the contract can be written.
//
// Java's standard library has no JSON, so the contract's small JSON is read and written here.
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.http.HttpEntity;
import org.apache.http.entity.ContentType;
import org.apache.http.entity.mime.MultipartEntityBuilder;

public final class HttpMimeEncoder {
    public static void main(String[] arguments) throws Exception {
        String input = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        @SuppressWarnings("unchecked")
        Map<String, Object> request = (Map<String, Object>) new JsonReader(input).value();
        Map<String, Object> answer = new LinkedHashMap<>();
        if (!Double.valueOf(1).equals(request.get("version"))) {
            answer.put("error", "unsupported contract version");
        } else {
            try {
                MultipartEntityBuilder builder = MultipartEntityBuilder.create();
                if (request.get("boundary") != null) builder.setBoundary((String) request.get("boundary"));
                for (Object item : (List<?>) request.get("fields")) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> field = (Map<String, Object>) item;
                    String name = (String) field.get("name");
                    String type = (String) field.get("content_type");
                    String filename = (String) field.get("filename");
                    if (filename == null && field.containsKey("value_base64")) {
                        byte[] bytes = Base64.getDecoder().decode((String) field.get("value_base64"));
                        if (type == null) builder.addBinaryBody(name, bytes);
                        else builder.addBinaryBody(name, bytes, ContentType.parse(type), null);
                    } else if (filename == null) {
                        String text = (String) field.get("value");
                        if (type == null) builder.addTextBody(name, text);
                        else builder.addTextBody(name, text, ContentType.parse(type));
                    } else {
                        byte[] bytes = field.containsKey("value_base64")
                            ? Base64.getDecoder().decode((String) field.get("value_base64"))
                            : ((String) field.get("value")).getBytes(StandardCharsets.UTF_8);
                        builder.addBinaryBody(name, bytes, type == null ? ContentType.DEFAULT_BINARY : ContentType.parse(type), filename);
                    }
                }
                HttpEntity entity = builder.build();
                ByteArrayOutputStream body = new ByteArrayOutputStream();
                entity.writeTo(body);
                answer.put("content_type", entity.getContentType().getValue());
                answer.put("body_base64", Base64.getEncoder().encodeToString(body.toByteArray()));
            } catch (RuntimeException error) {
                answer.put("error", error.getClass().getSimpleName() + ": " + error.getMessage());
            }
        }
        StringBuilder output = new StringBuilder("{");
        for (Map.Entry<String, Object> member : answer.entrySet()) {
            if (output.length() > 1) output.append(", ");
            output.append(quote(member.getKey())).append(": ").append(quote((String) member.getValue()));
        }
        System.out.write(output.append("}\n").toString().getBytes(StandardCharsets.UTF_8));
        System.out.flush();
    }

    static String quote(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') out.append('\\').append(c);
            else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
        }
        return out.append('"').toString();
    }

    /** A JSON reader for the contract's documents: objects, arrays, strings, numbers, true, false, null. */
    static final class JsonReader {
        private final String text;
        private int at;

        JsonReader(String text) { this.text = text; }

        Object value() {
            skip();
            char c = text.charAt(at);
            if (c == '{') return object();
            if (c == '[') return array();
            if (c == '"') return string();
            if (text.startsWith("null", at)) { at += 4; return null; }
            if (text.startsWith("true", at)) { at += 4; return Boolean.TRUE; }
            if (text.startsWith("false", at)) { at += 5; return Boolean.FALSE; }
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
            return Double.valueOf(text.substring(start, at));
        }

        private Map<String, Object> object() {
            Map<String, Object> result = new LinkedHashMap<>();
            at++;
            skip();
            if (text.charAt(at) == '}') { at++; return result; }
            while (true) {
                skip();
                String key = string();
                skip();
                at++; // ':'
                result.put(key, value());
                skip();
                if (text.charAt(at++) == '}') return result;
            }
        }

        private List<Object> array() {
            List<Object> result = new ArrayList<>();
            at++;
            skip();
            if (text.charAt(at) == ']') { at++; return result; }
            while (true) {
                result.add(value());
                skip();
                if (text.charAt(at++) == ']') return result;
            }
        }

        private String string() {
            StringBuilder out = new StringBuilder();
            at++;
            while (true) {
                char c = text.charAt(at++);
                if (c == '"') return out.toString();
                if (c != '\\') { out.append(c); continue; }
                char e = text.charAt(at++);
                switch (e) {
                    case 'n': out.append('\n'); break;
                    case 'r': out.append('\r'); break;
                    case 't': out.append('\t'); break;
                    case 'b': out.append('\b'); break;
                    case 'f': out.append('\f'); break;
                    case 'u': out.append((char) Integer.parseInt(text.substring(at, at + 4), 16)); at += 4; break;
                    default: out.append(e);
                }
            }
        }

        private void skip() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
        }
    }
}
