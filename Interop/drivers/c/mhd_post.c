/* GNU libmicrohttpd's post processor (Debian's libmicrohttpd), as a C server reads a form,
 * speaking the multipart-check decoder process contract (version 1).
 *
 * The application-facing calls: a daemon (MHD_start_daemon on 127.0.0.1) whose access handler
 * creates MHD_create_post_processor(connection, 512, iterator, ...) (512 is the buffer size of
 * libmicrohttpd's own tutorial and examples), feeds it each piece of upload data with
 * MHD_post_process, and ends with MHD_destroy_post_processor. The iterator is called with each
 * part's key, filename, content type and a piece of its value at an offset; a piece at offset 0
 * starts a new part. Every part comes back in order. The request is sent to the daemon from this
 * same process over loopback. A post processor that cannot be created (a Content-Type it does not
 * read), MHD_post_process answering MHD_NO (a body it cannot parse) and MHD_destroy_post_processor
 * answering MHD_NO (the body ended inside a part) are what a server answers with 400: rejections.
 * Keys are C strings, so a name holding NUL ends there, as the application sees it. The driver adds
 * no rule of its own.
 */
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdint.h>
#include <sys/socket.h>
#include <unistd.h>

#include "contract.h"

typedef struct {
    char *name, *filename, *content_type;
    unsigned char *body;
    size_t length;
} part_t;

typedef struct {
    struct MHD_PostProcessor *processor;
    const char *error;
    part_t parts[4096];
    size_t count;
    int done;
} state_t;

static state_t state;

static char *copy(const char *text) { return text ? strdup(text) : NULL; }

static enum MHD_Result iterator(void *cls, enum MHD_ValueKind kind, const char *key, const char *filename,
                                const char *content_type, const char *transfer_encoding, const char *data,
                                uint64_t off, size_t size) {
    (void)cls; (void)kind; (void)transfer_encoding;
    if (off == 0 || state.count == 0) {
        if (state.count == sizeof state.parts / sizeof state.parts[0]) return MHD_NO;
        part_t *part = &state.parts[state.count++];
        part->name = copy(key);
        part->filename = copy(filename);
        part->content_type = copy(content_type);
    }
    part_t *part = &state.parts[state.count - 1];
    part->body = realloc(part->body, part->length + size + 1);
    memcpy(part->body + part->length, data, size);
    part->length += size;
    return MHD_YES;
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                               const char *version, const char *upload_data, size_t *upload_data_size, void **context) {
    (void)cls; (void)url; (void)method; (void)version;
    if (*context == NULL) {
        *context = &state;
        state.processor = MHD_create_post_processor(connection, 512, iterator, NULL);
        if (state.processor == NULL) state.error = "MHD_create_post_processor refused the Content-Type";
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        if (state.processor != NULL && state.error == NULL
            && MHD_post_process(state.processor, upload_data, *upload_data_size) == MHD_NO)
            state.error = "MHD_post_process failed";
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (state.processor != NULL) {
        if (MHD_destroy_post_processor(state.processor) == MHD_NO && state.error == NULL)
            state.error = "MHD_destroy_post_processor: the body ended inside a part";
        state.processor = NULL;
    }
    state.done = 1;
    struct MHD_Response *response = MHD_create_response_from_buffer(0, "", MHD_RESPMEM_PERSISTENT);
    enum MHD_Result queued = MHD_queue_response(connection, state.error ? 400 : 200, response);
    MHD_destroy_response(response);
    return queued;
}

int main(void) {
    contract_request request = contract_read();
    if (!request.version_ok) {
        contract_error("unsupported contract version");
        return 0;
    }
    struct sockaddr_in address = {0};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    struct MHD_Daemon *daemon = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD, 0, NULL, NULL, handler, NULL,
                                                 MHD_OPTION_SOCK_ADDR, &address, MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "MHD_start_daemon failed\n"); return 1; }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    address.sin_port = htons(info->port);
    int client = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(client, (struct sockaddr *)&address, sizeof address) != 0) { perror("connect"); return 1; }
    char head[70000];
    int head_length = snprintf(head, sizeof head,
                               "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: %s\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n",
                               request.content_type, request.body_length);
    if (write(client, head, (size_t)head_length) != head_length) { perror("write"); return 1; }
    for (size_t sent = 0; sent < request.body_length;) {
        ssize_t n = write(client, request.body + sent, request.body_length - sent);
        if (n <= 0) { perror("write"); return 1; }
        sent += (size_t)n;
    }
    char reply[4096];
    while (read(client, reply, sizeof reply) > 0) {}
    close(client);
    MHD_stop_daemon(daemon);
    if (!state.done) { fprintf(stderr, "the daemon did not finish the request\n"); return 1; }
    if (state.error) {
        contract_error(state.error);
        return 0;
    }
    contract_begin();
    for (size_t i = 0; i < state.count; i++) {
        part_t *part = &state.parts[i];
        contract_part((unsigned char *)part->name, part->name ? strlen(part->name) : 0,
                      (unsigned char *)part->filename, part->filename ? strlen(part->filename) : 0,
                      (unsigned char *)part->content_type, part->content_type ? strlen(part->content_type) : 0,
                      part->body ? part->body : (unsigned char *)"", part->length);
    }
    contract_end();
    return 0;
}
