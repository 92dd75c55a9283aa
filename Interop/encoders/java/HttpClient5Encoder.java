// Apache HttpClient 5's MultipartEntityBuilder (Debian's libhttpclient5-java) as an encoder speaking
// the multipart-check encoder contract (version 1). The builder is used with its defaults
// (MultipartEntityBuilder.create(): HttpMultipartMode.STRICT, no charset set) and the boundary it
// is given (setBoundary). A text field is addTextBody(name, text), or addTextBody(name, text,
// ContentType.parse(type)) when typed; a file is addBinaryBody(name, bytes, type or
// ContentType.DEFAULT_BINARY, filename), and a text value that is not UTF-8, or a typed one, without
// a filename addBinaryBody(name, bytes, type or DEFAULT_BINARY, null). The entity is written into
// memory with writeTo; its getContentType() is the answer's. An exception the library throws is the
// encoder's refusal.
//
// What the API cannot say: nothing; every form of the contract can be written.
import java.io.ByteArrayOutputStream;
import org.apache.hc.client5.http.entity.mime.MultipartEntityBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpEntity;

public final class HttpClient5Encoder {
    public static void main(String[] arguments) throws Exception {
        EncoderContract.Request request = EncoderContract.read();
        if (request == null) return;
        try {
            MultipartEntityBuilder builder = MultipartEntityBuilder.create();
            if (request.boundary != null) builder.setBoundary(request.boundary);
            for (EncoderContract.Field field : request.fields) {
                ContentType type = field.contentType == null ? null : ContentType.parse(field.contentType);
                if (field.filename == null && field.text != null) {
                    if (type == null) builder.addTextBody(field.name, field.text);
                    else builder.addTextBody(field.name, field.text, type);
                } else {
                    builder.addBinaryBody(field.name, field.bytes, type == null ? ContentType.DEFAULT_BINARY : type, field.filename);
                }
            }
            HttpEntity entity = builder.build();
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            entity.writeTo(body);
            EncoderContract.answer(entity.getContentType(), body.toByteArray());
        } catch (RuntimeException error) {
            EncoderContract.refuse(error.getClass().getSimpleName() + ": " + error.getMessage());
        }
    }
}
