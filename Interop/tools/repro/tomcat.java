// @@TITLE@@
// Tested with @@VERSION@@.
// Tomcat's own parser of request.getParts(), called as Tomcat calls it (its defaults for the limits).
// Run: java -cp tomcat-catalina.jar:tomcat-servlet-api.jar:tomcat-coyote.jar:tomcat-util.jar:tomcat-juli.jar:tomcat-api.jar Repro.java
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import jakarta.servlet.MultipartConfigElement;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.ApplicationPart;
import org.apache.tomcat.util.http.fileupload.FileItem;
import org.apache.tomcat.util.http.fileupload.FileUpload;
import org.apache.tomcat.util.http.fileupload.UploadContext;
import org.apache.tomcat.util.http.fileupload.disk.DiskFileItemFactory;

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
        String contentType = @@CONTENT_TYPE@@;
        byte[] body = @@BODY@@;
        File location = Files.createTempDirectory("repro").toFile();
        MultipartConfigElement config = new MultipartConfigElement("");
        Connector connector = new Connector();
        DiskFileItemFactory factory = new DiskFileItemFactory();
        factory.setRepository(location.getCanonicalFile());
        FileUpload upload = new FileUpload();
        upload.setFileItemFactory(factory);
        upload.setFileSizeMax(config.getMaxFileSize());
        upload.setSizeMax(config.getMaxRequestSize());
        upload.setPartHeaderSizeMax(connector.getMaxPartHeaderSize());
        UploadContext context = new UploadContext() {
            public String getCharacterEncoding() { return null; }
            public String getContentType() { return contentType; }
            public long contentLength() { return body.length; }
            public InputStream getInputStream() { return new ByteArrayInputStream(body); }
        };
        List<FileItem> items = upload.parseRequest(context);
        System.out.println(items.size() + " part(s)");
        for (int index = 0; index < items.size(); index++) {
            ApplicationPart part = new ApplicationPart(items.get(index), location);
            byte[] content;
            try (InputStream stream = part.getInputStream()) {
                content = stream.readAllBytes();
            }
            System.out.println("part " + index + ": name=" + show(part.getName()) + " filename=" + show(part.getSubmittedFileName())
                + " content_type=" + show(part.getContentType()) + " body=" + show(content));
        }
    }
}
