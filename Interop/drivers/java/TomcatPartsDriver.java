// Apache Tomcat 10.1's multipart parsing (Debian's libtomcat10-java), as a servlet reads
// `request.getParts()`, speaking the multipart-check decoder process contract (version 1).
//
// Tomcat's Request.parseParts() parses with its own copy of commons-fileupload
// (org.apache.tomcat.util.http.fileupload, which has moved on from the 1.x of the
// commons-fileupload row) and wraps each item in org.apache.catalina.core.ApplicationPart, whose
// getSubmittedFileName() reads the filename from the part's Content-Disposition itself. This
// driver makes the calls parseParts() makes, in the same order and with the same settings, since a
// Request cannot be built without a running connector: a DiskFileItemFactory over a temporary
// folder, FileUpload with the limits of a bare `@MultipartConfig` (no size limits) and of a default
// Connector (its maxPartHeaderSize, and its maxParameterCount and maxPartCount as the file count
// limit), parseRequest over the request's Content-Type and body with no request character encoding,
// then an ApplicationPart per item. Every part comes back in order (getName, getSubmittedFileName,
// getContentType, its bytes). A FileUploadException or IOException from parseRequest is what Tomcat
// turns into an IllegalStateException from getParts() (and a 400 or 500): a rejection. The driver
// adds no rule of its own; it deletes the items' temporary files.
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.List;
import jakarta.servlet.MultipartConfigElement;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.ApplicationPart;
import org.apache.tomcat.util.http.fileupload.FileItem;
import org.apache.tomcat.util.http.fileupload.FileUpload;
import org.apache.tomcat.util.http.fileupload.UploadContext;
import org.apache.tomcat.util.http.fileupload.disk.DiskFileItemFactory;

public final class TomcatPartsDriver {
    public static void main(String[] arguments) throws Exception {
        InteropContract.Request request = InteropContract.read();
        if (request == null) return;
        File location = Files.createTempDirectory("tomcat-parts").toFile();
        MultipartConfigElement config = new MultipartConfigElement("");
        Connector connector = new Connector();
        DiskFileItemFactory factory = new DiskFileItemFactory();
        factory.setRepository(location.getCanonicalFile());
        factory.setSizeThreshold(config.getFileSizeThreshold());
        FileUpload upload = new FileUpload();
        upload.setFileItemFactory(factory);
        upload.setFileSizeMax(config.getMaxFileSize());
        upload.setSizeMax(config.getMaxRequestSize());
        upload.setPartHeaderSizeMax(connector.getMaxPartHeaderSize());
        int fileCountMax = connector.getMaxParameterCount();
        int maxPartCount = connector.getMaxPartCount();
        if (maxPartCount > -1 && (fileCountMax < 0 || fileCountMax > maxPartCount)) fileCountMax = maxPartCount;
        upload.setFileCountMax(fileCountMax);
        // ServletRequestContext, which parseParts() uses, is an UploadContext: the length is known.
        UploadContext context = new UploadContext() {
            public String getCharacterEncoding() { return null; }
            public String getContentType() { return request.contentType; }
            public long contentLength() { return request.body.length; }
            public InputStream getInputStream() { return new ByteArrayInputStream(request.body); }
        };
        List<FileItem> items = null;
        try {
            try {
                items = upload.parseRequest(context);
            } catch (IOException error) {  // FileUploadException is an IOException here
                InteropContract.answerError(error.getClass().getSimpleName() + ": " + error.getMessage());
                return;
            }
            InteropContract answer = new InteropContract();
            for (FileItem item : items) {
                ApplicationPart part = new ApplicationPart(item, location);
                byte[] content;
                try (InputStream stream = part.getInputStream()) {
                    content = stream.readAllBytes();
                }
                answer.part(part.getName(), part.getSubmittedFileName(), part.getContentType(), content);
            }
            answer.answerParts();
        } finally {
            if (items != null) for (FileItem item : items) item.delete();
            File[] left = location.listFiles();
            if (left != null) for (File file : left) file.delete();
            location.delete();
        }
    }
}
