/* libsoup 3's SoupMultipart (Debian's libsoup-3.0) as a form encoder, driven by soup_encoder.py.
 *
 * Reads the form from standard input as items `N` (absent) or `S<length>:<bytes>`, four per field:
 * name, filename, media type, value. Builds soup_multipart_new("multipart/form-data"), with
 * soup_multipart_append_form_string(name, value) for a text field (a C string, so a value holding
 * NUL goes as bytes instead), and soup_multipart_append_form_file(name, filename or NULL, media type
 * or NULL, bytes) for a file, a typed field or bytes, then soup_multipart_to_message. Writes the
 * Content-Type header it set, a newline, and the body.
 */
#include <libsoup/soup.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *item(size_t *length, int *present) {
    int kind = getchar();
    if (kind == EOF) { *present = -1; return NULL; }
    if (kind == 'N') { *present = 0; *length = 0; return NULL; }
    size_t n = 0;
    int c;
    while ((c = getchar()) != ':') n = n * 10 + (size_t)(c - '0');
    char *bytes = malloc(n + 1);
    if (n > 0 && fread(bytes, 1, n, stdin) != n) { *present = -1; free(bytes); return NULL; }
    bytes[n] = '\0';
    *length = n;
    *present = 1;
    return bytes;
}

int main(void) {
    SoupMultipart *multipart = soup_multipart_new("multipart/form-data");
    for (;;) {
        size_t name_length, filename_length, type_length, value_length;
        int has_name, has_filename, has_type, has_value;
        char *name = item(&name_length, &has_name);
        if (has_name < 0) break;
        char *filename = item(&filename_length, &has_filename);
        char *type = item(&type_length, &has_type);
        char *value = item(&value_length, &has_value);
        if (!has_filename && !has_type && memchr(value, '\0', value_length) == NULL) {
            soup_multipart_append_form_string(multipart, name, value);
        } else {
            GBytes *bytes = g_bytes_new(value, value_length);
            soup_multipart_append_form_file(multipart, name, filename, type, bytes);
            g_bytes_unref(bytes);
        }
    }
    SoupMessageHeaders *headers = soup_message_headers_new(SOUP_MESSAGE_HEADERS_REQUEST);
    GBytes *body;
    soup_multipart_to_message(multipart, headers, &body);
    const char *content_type = soup_message_headers_get_one(headers, "Content-Type");
    gsize length;
    const void *data = g_bytes_get_data(body, &length);
    printf("%s\n", content_type ? content_type : "");
    fwrite(data, 1, length, stdout);
    return 0;
}
