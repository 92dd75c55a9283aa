// Apache commons-fileupload (Debian's libcommons-fileupload-java), speaking the multipart-check
// decoder process contract (version 1): FileUpload.parseRequest, as servlet applications call it,
// with header values read as UTF-8 (setHeaderEncoding, as frameworks configure it).
//
// Every part comes back in order with its field name, filename (getName), Content-Type and bytes.
// A FileUploadException is a rejection; anything else thrown is a crash. This driver adds no rule
// of its own.
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.apache.commons.fileupload.FileItem;
import org.apache.commons.fileupload.FileUpload;
import org.apache.commons.fileupload.FileUploadException;
import org.apache.commons.fileupload.UploadContext;
import org.apache.commons.fileupload.disk.DiskFileItemFactory;

public final class CommonsFileUploadDriver {
    public static void main(String[] arguments) throws Exception {
        InteropContract.Request request = InteropContract.read();
        if (request == null) return;
        UploadContext context = new UploadContext() {
            public String getCharacterEncoding() { return null; }
            public String getContentType() { return request.contentType; }
            public int getContentLength() { return request.body.length; }
            public long contentLength() { return request.body.length; }
            public InputStream getInputStream() throws IOException { return new ByteArrayInputStream(request.body); }
        };
        FileUpload upload = new FileUpload(new DiskFileItemFactory());
        upload.setHeaderEncoding("UTF-8");
        List<FileItem> items;
        try {
            items = upload.parseRequest(context);
        } catch (FileUploadException error) {
            InteropContract.answerError(error.getClass().getSimpleName() + ": " + error.getMessage());
            return;
        }
        InteropContract answer = new InteropContract();
        for (FileItem item : items) answer.part(item.getFieldName(), item.getName(), item.getContentType(), item.get());
        answer.answerParts();
    }
}
