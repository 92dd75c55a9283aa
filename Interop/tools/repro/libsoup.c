/* @@TITLE@@
 * Tested with @@VERSION@@.
 * Run: cc -o repro repro.c $(pkg-config --cflags --libs libsoup-3.0) && ./repro
 *
 * As a SoupServer handler reads a multipart/form-data request: soup_multipart_new_from_message with
 * the request's headers and body, then each part's headers and body. */
#include <libsoup/soup.h>
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
    SoupMessageHeaders *headers = soup_message_headers_new(SOUP_MESSAGE_HEADERS_REQUEST);
    soup_message_headers_append(headers, "Content-Type", content_type);
    SoupMultipart *multipart = soup_multipart_new_from_message(headers, g_bytes_new(body, sizeof body - 1));
    if (multipart == NULL) {
        printf("soup_multipart_new_from_message: NULL\n");
        return 0;
    }
    printf("%d part(s)\n", soup_multipart_get_length(multipart));
    for (int i = 0; i < soup_multipart_get_length(multipart); i++) {
        SoupMessageHeaders *part_headers;
        GBytes *part_body;
        soup_multipart_get_part(multipart, i, &part_headers, &part_body);
        GHashTable *parameters = NULL;
        const char *name = NULL, *filename = NULL;
        if (soup_message_headers_get_content_disposition(part_headers, NULL, &parameters)) {
            name = g_hash_table_lookup(parameters, "name");
            filename = g_hash_table_lookup(parameters, "filename");
        }
        const char *type = soup_message_headers_get_one(part_headers, "Content-Type");
        gsize length;
        const char *data = g_bytes_get_data(part_body, &length);
        printf("part %d: ", i);
        show("name", name, name ? strlen(name) : 0);
        show(" filename", filename, filename ? strlen(filename) : 0);
        show(" content_type", type, type ? strlen(type) : 0);
        printf(" body_length=%zu", (size_t)length);
        if (length <= sizeof body - 1) show(" body", data ? data : "", length);
        else printf(" (longer than the whole request body, %zu bytes: not printed)", sizeof body - 1);
        printf("\n");
    }
    return 0;
}
