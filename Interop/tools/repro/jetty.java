// @@TITLE@@
// Tested with @@VERSION@@.
// Jetty's parser of request.getParts() in its default RFC7578 compliance mode, built as Request.getParts()
// builds it: a bare @MultipartConfig (no size limits), a temporary folder, the default of 1,000 form keys.
// Run: java -cp jetty9-http.jar:jetty9-util.jar:servlet-api.jar Repro.java
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import javax.servlet.MultipartConfigElement;
import javax.servlet.http.Part;
import org.eclipse.jetty.http.MultiPartFormInputStream;

public final class Repro {
    /** The bytes as a Java string literal would write them, one char per byte. */
    static String show(byte[] bytes) {
        StringBuilder out = new StringBuilder("\"");
        for (byte b : bytes) {
            int c = b & 0xFF;
            if (c == '\r') out.append("\\r");
            else if (c == '\n') out.append("\\n");
            else if (c == '"' || c == '\\') out.append('\\').append((char) c);
            else if (c < 0x20 || c >= 0x7F) out.append(String.format("\\x%02X", c));
            else out.append((char) c);
        }
        return out.append('"').toString();
    }

    static String show(String text) {
        return text == null ? "null" : show(text.getBytes(StandardCharsets.UTF_8));
    }

    public static void main(String[] arguments) throws Exception {
        System.setProperty("org.eclipse.jetty.util.log.announce", "false");  // no dated "Logging initialized" line
        String contentType = @@CONTENT_TYPE@@;
        byte[] body = @@BODY@@;
        File location = Files.createTempDirectory("repro").toFile();
        MultipartConfigElement config = new MultipartConfigElement(location.getAbsolutePath());
        MultiPartFormInputStream parser = new MultiPartFormInputStream(new ByteArrayInputStream(body), contentType, config, location, 1000);
        List<Part> parts = new ArrayList<>(parser.getParts());
        System.out.println(parts.size() + " part(s)");
        for (int index = 0; index < parts.size(); index++) {
            Part part = parts.get(index);
            byte[] content;
            try (InputStream stream = part.getInputStream()) {
                content = stream.readAllBytes();
            }
            System.out.println("part " + index + ": name=" + show(part.getName()) + " filename=" + show(part.getSubmittedFileName())
                + " content_type=" + show(part.getContentType()) + " body=" + show(content));
        }
        parser.deleteParts();
    }
}
