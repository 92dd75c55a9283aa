/* libsoup 3 (Debian's libsoup-3.0), the HTTP library of GNOME, as a SoupServer handler reads a
 * multipart/form-data body, speaking the multipart-check decoder process contract (version 1).
 *
 * The application-facing calls: soup_multipart_new_from_message(request headers, body), then for
 * each part soup_multipart_get_part (its headers and body) and
 * soup_message_headers_get_content_disposition (the `name` and `filename` parameters), with the
 * part's Content-Type header as libsoup keeps it (soup_message_headers_get_one). Every part comes
 * back in order. soup_multipart_new_from_message answering NULL (a Content-Type or a body libsoup
 * cannot read as multipart) is a rejection. (libsoup's soup_form_decode_multipart, built on the
 * same calls, keeps one file control and the text fields in a hash table; the lower calls report
 * every part.) A part whose Content-Disposition libsoup cannot read is reported without a name.
 * The driver adds no rule of its own.
 */
#include <libsoup/soup.h>

#include "contract.h"

int main(void) {
    contract_request request = contract_read();
    if (!request.version_ok) {
        contract_error("unsupported contract version");
        return 0;
    }
    SoupMessageHeaders *headers = soup_message_headers_new(SOUP_MESSAGE_HEADERS_REQUEST);
    soup_message_headers_append(headers, "Content-Type", request.content_type);
    GBytes *body = g_bytes_new(request.body, request.body_length);
    SoupMultipart *multipart = soup_multipart_new_from_message(headers, body);
    if (multipart == NULL) {
        contract_error("soup_multipart_new_from_message could not read the body");
        return 0;
    }
    contract_begin();
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
        const unsigned char *data = g_bytes_get_data(part_body, &length);
        contract_part((const unsigned char *)name, name ? strlen(name) : 0,
                      (const unsigned char *)filename, filename ? strlen(filename) : 0,
                      (const unsigned char *)type, type ? strlen(type) : 0, data ? data : (const unsigned char *)"", length);
        if (parameters) g_hash_table_destroy(parameters);
    }
    contract_end();
    return 0;
}
