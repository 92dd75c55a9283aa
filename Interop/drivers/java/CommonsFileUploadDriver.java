// Apache commons-fileupload (Debian's libcommons-fileupload-java), speaking the multipart-check
// decoder process contract (version 1): FileUpload.parseRequest, as servlet applications call it,
// with header values read as UTF-8 (setHeaderEncoding, as frameworks configure it).
//
// Every part comes back in order with its field name, filename (getName), Content-Type and bytes.
// A FileUploadException is a rejection; anything else thrown is a crash. This driver adds no rule
// of its own.
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.apache.commons.fileupload.FileItem;
import org.apache.commons.fileupload.FileUpload;
import org.apache.commons.fileupload.FileUploadException;
import org.apache.commons.fileupload.UploadContext;
import org.apache.commons.fileupload.disk.DiskFileItemFactory;

public final class CommonsFileUploadDriver {
    /** Reads the value of a string member of the flat request object (the contract's JSON has no nesting). */
    static String member(String json, String key) {
        int at = json.indexOf("\"" + key + "\"");
        if (at < 0) return null;
        int colon = json.indexOf(':', at + key.length() + 2);
        int i = colon + 1;
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
            else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
        }
        return out.append('"').toString();
    }

    public static void main(String[] arguments) throws Exception {
        ByteArrayOutputStream input = new ByteArrayOutputStream();
        System.in.transferTo(input);
        String request = input.toString(StandardCharsets.UTF_8);
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        if (!"1".equals(member(request, "version"))) {
            out.println("{\"error\": \"unsupported contract version\"}");
            return;
        }
        String contentType = member(request, "content_type");
        byte[] body = Base64.getDecoder().decode(member(request, "body_base64"));
        UploadContext context = new UploadContext() {
            public String getCharacterEncoding() { return null; }
            public String getContentType() { return contentType; }
            public int getContentLength() { return body.length; }
            public long contentLength() { return body.length; }
            public InputStream getInputStream() throws IOException { return new ByteArrayInputStream(body); }
        };
        FileUpload upload = new FileUpload(new DiskFileItemFactory());
        upload.setHeaderEncoding("UTF-8");
        List<FileItem> items;
        try {
            items = upload.parseRequest(context);
        } catch (FileUploadException error) {
            out.println("{\"error\": " + quote(error.getClass().getSimpleName() + ": " + error.getMessage()) + "}");
            return;
        }
        StringBuilder answer = new StringBuilder("{\"parts\": [");
        for (int index = 0; index < items.size(); index++) {
            FileItem item = items.get(index);
            if (index > 0) answer.append(", ");
            answer.append("{\"name\": ").append(quote(item.getFieldName()))
                .append(", \"filename\": ").append(quote(item.getName()))
                .append(", \"content_type\": ").append(quote(item.getContentType()))
                .append(", \"body_base64\": \"").append(Base64.getEncoder().encodeToString(item.get())).append("\"}");
        }
        out.println(answer.append("]}"));
    }
}
