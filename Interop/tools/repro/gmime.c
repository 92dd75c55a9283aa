/* @@TITLE@@
 * Tested with @@VERSION@@.
 * Run: cc -o repro repro.c $(pkg-config --cflags --libs gmime-3.0) && ./repro
 *
 * GMime's parser over the request's Content-Type as a header and then the body, then each subpart
 * of the multipart as an application reads it: the Content-Disposition `name`, the filename, the
 * Content-Type header and the content (a Content-Transfer-Encoding undone). */
#include <gmime/gmime.h>
#include <stdio.h>
#include <string.h>

static const char content_type[] = @@CONTENT_TYPE@@;
static const char body[] = @@BODY@@;

static void show(const char *label, const char *data, size_t length) {
    printf("%s=", label);
    if (data == NULL) { printf("NULL"); return; }
    putchar('"');
    for (size_t i = 0; i < length; i++) {
        unsigned char c = (unsigned char)data[i];
        if (c == '\r') printf("\\r");
        else if (c == '\n') printf("\\n");
        else if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c < 0x20 || c >= 0x7f) printf("\\x%02x", c);
        else putchar(c);
    }
    putchar('"');
}

int main(void) {
    g_mime_init();
    GByteArray *message = g_byte_array_new();
    g_byte_array_append(message, (const guint8 *)"Content-Type: ", 14);
    g_byte_array_append(message, (const guint8 *)content_type, (guint)strlen(content_type));
    g_byte_array_append(message, (const guint8 *)"\r\n\r\n", 4);
    g_byte_array_append(message, (const guint8 *)body, (guint)(sizeof body - 1));
    GMimeParser *parser = g_mime_parser_new_with_stream(g_mime_stream_mem_new_with_byte_array(message));
    GMimeObject *object = g_mime_parser_construct_part(parser, NULL);
    if (object == NULL || !GMIME_IS_MULTIPART(object)) {
        printf("%s\n", object == NULL ? "no MIME object" : "not a GMimeMultipart");
        return 0;
    }
    GMimeMultipart *multipart = GMIME_MULTIPART(object);
    printf("%d part(s)\n", g_mime_multipart_get_count(multipart));
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
        printf("part %d: ", i);
        show("name", name, name ? strlen(name) : 0);
        show(" filename", filename, filename ? strlen(filename) : 0);
        show(" content_type", type, type ? strlen(type) : 0);
        show(" body", (const char *)content->data, content->len);
        printf("\n");
    }
    return 0;
}
