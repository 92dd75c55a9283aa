// The encoder process contract (version 1) for the Java encoders written after HttpMimeEncoder:
// the request's fields and boundary, and one answer (a Content-Type and body, or a refusal).
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class EncoderContract {
    /** One field of the request; `bytes` is the value as bytes, `text` the value when it was a string. */
    static final class Field {
        final String name, filename, contentType, text;
        final byte[] bytes;

        Field(Map<String, Object> entry) {
            name = (String) entry.get("name");
            filename = (String) entry.get("filename");
            contentType = (String) entry.get("content_type");
            if (entry.containsKey("value_base64")) {
                text = null;
                bytes = Base64.getDecoder().decode((String) entry.get("value_base64"));
            } else {
                text = (String) entry.get("value");
                bytes = text.getBytes(StandardCharsets.UTF_8);
            }
        }
    }

    /** What a driver gets: the boundary (or null) and the fields; null when the version is wrong (already answered). */
    static final class Request {
        final String boundary;
        final List<Field> fields = new ArrayList<>();

        Request(String boundary) { this.boundary = boundary; }
    }

    @SuppressWarnings("unchecked")
    static Request read() throws java.io.IOException {
        String input = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        Map<String, Object> document = (Map<String, Object>) new HttpMimeEncoder.JsonReader(input).value();
        if (!Double.valueOf(1).equals(document.get("version"))) {
            refuse("unsupported contract version");
            return null;
        }
        Request request = new Request((String) document.get("boundary"));
        for (Object entry : (List<?>) document.get("fields")) request.fields.add(new Field((Map<String, Object>) entry));
        return request;
    }

    static void answer(String contentType, byte[] body) {
        Map<String, String> answer = new LinkedHashMap<>();
        answer.put("content_type", contentType);
        answer.put("body_base64", Base64.getEncoder().encodeToString(body));
        write(answer);
    }

    static void refuse(String why) {
        Map<String, String> answer = new LinkedHashMap<>();
        answer.put("error", why);
        write(answer);
    }

    private static void write(Map<String, String> answer) {
        StringBuilder output = new StringBuilder("{");
        for (Map.Entry<String, String> member : answer.entrySet()) {
            if (output.length() > 1) output.append(", ");
            output.append(HttpMimeEncoder.quote(member.getKey())).append(": ").append(HttpMimeEncoder.quote(member.getValue()));
        }
        byte[] bytes = output.append("}\n").toString().getBytes(StandardCharsets.UTF_8);
        System.out.write(bytes, 0, bytes.length);
        System.out.flush();
    }
}
