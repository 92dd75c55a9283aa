// @@TITLE@@
// Tested with @@VERSION@@.
// Run: java -cp commons-fileupload.jar:commons-io.jar:servlet-api.jar Repro.java
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.commons.fileupload.FileItem;
import org.apache.commons.fileupload.FileUpload;
import org.apache.commons.fileupload.UploadContext;
import org.apache.commons.fileupload.disk.DiskFileItemFactory;

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
        UploadContext context = new UploadContext() {
            public String getCharacterEncoding() { return null; }
            public String getContentType() { return contentType; }
            public int getContentLength() { return body.length; }
            public long contentLength() { return body.length; }
            public InputStream getInputStream() { return new ByteArrayInputStream(body); }
        };
        // As servlet applications call it, header values read as UTF-8.
        FileUpload upload = new FileUpload(new DiskFileItemFactory());
        upload.setHeaderEncoding("UTF-8");
        List<FileItem> items = upload.parseRequest(context);
        System.out.println(items.size() + " part(s)");
        for (int index = 0; index < items.size(); index++) {
            FileItem item = items.get(index);
            System.out.println("part " + index + ": name=" + show(item.getFieldName()) + " filename=" + show(item.getName())
                + " content_type=" + show(item.getContentType()) + " body=" + show(item.get()));
        }
    }
}
