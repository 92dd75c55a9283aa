// OkHttp 3's MultipartBody (Debian's libokhttp-java) as an encoder speaking the multipart-check
// encoder contract (version 1): `new MultipartBody.Builder(boundary)` (or `new Builder()`, which
// chooses a random boundary) with `setType(MultipartBody.FORM)`. A text field is
// addFormDataPart(name, value); a file is addFormDataPart(name, filename, RequestBody.create(type or
// null, bytes)); a typed field without a filename, or a text value that is not UTF-8, is
// addFormDataPart(name, null, RequestBody.create(type or null, bytes)), which OkHttp writes without a
// filename. The body is written into an okio.Buffer (writeTo); contentType() is the answer's
// Content-Type. An exception OkHttp throws is the encoder's refusal.
//
// What the API cannot say: an empty form (build() throws "Multipart body must have at least one part").
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.RequestBody;
import okio.Buffer;

public final class OkHttpEncoder {
    public static void main(String[] arguments) throws Exception {
        EncoderContract.Request request = EncoderContract.read();
        if (request == null) return;
        if (request.fields.isEmpty()) {
            EncoderContract.refuse("MultipartBody.Builder.build() needs at least one part");
            return;
        }
        try {
            MultipartBody.Builder builder = request.boundary == null ? new MultipartBody.Builder() : new MultipartBody.Builder(request.boundary);
            builder.setType(MultipartBody.FORM);
            for (EncoderContract.Field field : request.fields) {
                MediaType type = field.contentType == null ? null : MediaType.get(field.contentType);
                if (field.filename == null && field.contentType == null && field.text != null) {
                    builder.addFormDataPart(field.name, field.text);
                } else {
                    builder.addFormDataPart(field.name, field.filename, RequestBody.create(type, field.bytes));
                }
            }
            MultipartBody body = builder.build();
            Buffer buffer = new Buffer();
            body.writeTo(buffer);
            EncoderContract.answer(body.contentType().toString(), buffer.readByteArray());
        } catch (RuntimeException error) {
            EncoderContract.refuse(error.getClass().getSimpleName() + ": " + error.getMessage());
        }
    }
}
