// Jetty 9.4's multipart parsers (Debian's libjetty9-java), as a servlet reads
// `request.getParts()`, speaking the multipart-check decoder process contract (version 1).
//
// `java JettyMultipartDriver rfc7578` runs org.eclipse.jetty.http.MultiPartFormInputStream, the
// parser Jetty's Request.getParts() uses by default (HttpConfiguration's
// MultiPartFormDataCompliance.RFC7578); `java JettyMultipartDriver legacy` runs
// org.eclipse.jetty.util.MultiPartInputStreamParser, the older parser an application gets with
// MultiPartFormDataCompliance.LEGACY. Both are built as Request.getParts() builds them: the
// request's stream and Content-Type, a MultipartConfigElement with the defaults of a bare
// `@MultipartConfig` (no size limits), a temporary folder and the context's default of 1,000 form
// keys. Every part comes back in order (Part.getName, getSubmittedFileName, getContentType and its
// bytes). An IOException, IllegalStateException or IllegalArgumentException from getParts() is what
// the servlet container answers with 400 (or an error page): a rejection. The driver adds no rule of
// its own; it deletes the parts' temporary files.
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Collection;
import javax.servlet.MultipartConfigElement;
import javax.servlet.http.Part;
import org.eclipse.jetty.http.MultiPartFormInputStream;
import org.eclipse.jetty.util.MultiPartInputStreamParser;

public final class JettyMultipartDriver {
    public static void main(String[] arguments) throws Exception {
        InteropContract.Request request = InteropContract.read();
        if (request == null) return;
        File temporary = Files.createTempDirectory("jetty-multipart").toFile();
        MultipartConfigElement config = new MultipartConfigElement(temporary.getAbsolutePath());
        InputStream body = new ByteArrayInputStream(request.body);
        boolean legacy = arguments.length > 0 && arguments[0].equals("legacy");
        MultiPartFormInputStream rfc7578 = null;
        MultiPartInputStreamParser older = null;
        try {
            Collection<Part> parts;
            try {
                if (legacy) {
                    older = new MultiPartInputStreamParser(body, request.contentType, config, temporary, 1000);
                    parts = older.getParts();
                } else {
                    rfc7578 = new MultiPartFormInputStream(body, request.contentType, config, temporary, 1000);
                    parts = rfc7578.getParts();
                }
            } catch (IOException | IllegalStateException | IllegalArgumentException error) {
                InteropContract.answerError(error.getClass().getSimpleName() + ": " + error.getMessage());
                return;
            }
            InteropContract answer = new InteropContract();
            for (Part part : parts) {
                byte[] content;
                try (InputStream stream = part.getInputStream()) {
                    content = stream.readAllBytes();
                }
                answer.part(part.getName(), part.getSubmittedFileName(), part.getContentType(), content);
            }
            answer.answerParts();
        } finally {
            if (rfc7578 != null) rfc7578.deleteParts();
            if (older != null) older.deleteParts();
            File[] left = temporary.listFiles();
            if (left != null) for (File file : left) file.delete();
            temporary.delete();
        }
    }
}
