/* GMime 3 (Debian's libgmime-3.0), the MIME library of GNOME mail clients, used as a
 * multipart/form-data parser, speaking the multipart-check decoder process contract (version 1).
 *
 * The application-facing calls: a GMimeParser over a stream holding the request's Content-Type as a
 * header and then the body (g_mime_parser_construct_part), then each subpart of the GMimeMultipart
 * (g_mime_multipart_get_part) with its Content-Disposition parameter `name`
 * (g_mime_content_disposition_get_parameter), its filename (g_mime_part_get_filename, which also
 * reads Content-Type's `name`), its raw Content-Type header (g_mime_object_get_header) and its
 * content decoded as an application reads it (g_mime_data_wrapper_write_to_stream, which undoes a
 * Content-Transfer-Encoding). Every part comes back in order. GMime recovers from nearly anything;
 * what it cannot read as a multipart (no object, or an object that is not a GMimeMultipart) is a
 * rejection, and a nested multipart part, which has no content of its own to hand over, is reported
 * with its name and empty content. Header values are decoded by GMime (RFC 2047 and RFC 2231), as
 * an application sees them. The driver adds no rule of its own.
 */
#include <gmime/gmime.h>

#include "contract.h"

int main(void) {
    contract_request request = contract_read();
    if (!request.version_ok) {
        contract_error("unsupported contract version");
        return 0;
    }
    g_mime_init();
    GByteArray *message = g_byte_array_new();
    g_byte_array_append(message, (const guint8 *)"Content-Type: ", 14);
    g_byte_array_append(message, (const guint8 *)request.content_type, (guint)strlen(request.content_type));
    g_byte_array_append(message, (const guint8 *)"\r\n\r\n", 4);
    g_byte_array_append(message, request.body, (guint)request.body_length);
    GMimeStream *stream = g_mime_stream_mem_new_with_byte_array(message);
    GMimeParser *parser = g_mime_parser_new_with_stream(stream);
    GMimeObject *object = g_mime_parser_construct_part(parser, NULL);
    if (object == NULL || !GMIME_IS_MULTIPART(object)) {
        contract_error(object == NULL ? "GMime built no MIME object" : "GMime did not read a multipart");
        return 0;
    }
    GMimeMultipart *multipart = GMIME_MULTIPART(object);
    contract_begin();
    for (int i = 0; i < g_mime_multipart_get_count(multipart); i++) {
        GMimeObject *child = g_mime_multipart_get_part(multipart, i);
        GMimeContentDisposition *disposition = g_mime_object_get_content_disposition(child);
        const char *name = disposition ? g_mime_content_disposition_get_parameter(disposition, "name") : NULL;
        const char *filename = GMIME_IS_PART(child) ? g_mime_part_get_filename(GMIME_PART(child)) : NULL;
        const char *type = g_mime_object_get_header(child, "Content-Type");
        GByteArray *content = g_byte_array_new();
        if (GMIME_IS_PART(child) && g_mime_part_get_content(GMIME_PART(child)) != NULL) {
            GMimeStream *sink = g_mime_stream_mem_new_with_byte_array(content);
            g_mime_stream_mem_set_owner(GMIME_STREAM_MEM(sink), FALSE);
            g_mime_data_wrapper_write_to_stream(g_mime_part_get_content(GMIME_PART(child)), sink);
            g_object_unref(sink);
        }
        contract_part((const unsigned char *)name, name ? strlen(name) : 0,
                      (const unsigned char *)filename, filename ? strlen(filename) : 0,
                      (const unsigned char *)type, type ? strlen(type) : 0, content->data, content->len);
        g_byte_array_free(content, TRUE);
    }
    contract_end();
    return 0;
}
