/* @@TITLE@@
 * Tested with @@VERSION@@.
 * Run: cc -o repro repro.c $(pkg-config --cflags --libs libmicrohttpd) && ./repro
 *
 * As a libmicrohttpd server reads a form: a daemon whose access handler feeds the upload data to
 * MHD_create_post_processor(connection, 512, iterator, NULL) (512 as in libmicrohttpd's tutorial) with
 * MHD_post_process, then MHD_destroy_post_processor; the request is sent from this process over loopback. */
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

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

/* What the iterator was given, gathered part by part: a piece at offset 0 starts a new part. The
 * upload data arrives in as many pieces as the socket reads give, so it is printed once at the end. */
static struct { char *key, *filename, *type; char data[65536]; size_t length; } parts[64];
static size_t count;
static const char *post_process = "not called", *destroy = "not called";

static char *copy(const char *text) { return text ? strdup(text) : NULL; }

static enum MHD_Result iterator(void *cls, enum MHD_ValueKind kind, const char *key, const char *filename,
                                const char *type, const char *transfer_encoding, const char *data, uint64_t off,
                                size_t size) {
    (void)cls; (void)kind; (void)transfer_encoding;
    if (off == 0 || count == 0) {
        if (count == sizeof parts / sizeof parts[0]) return MHD_NO;
        parts[count].key = copy(key);
        parts[count].filename = copy(filename);
        parts[count].type = copy(type);
        count++;
    }
    if (parts[count - 1].length + size > sizeof parts[0].data) return MHD_NO;
    memcpy(parts[count - 1].data + parts[count - 1].length, data, size);
    parts[count - 1].length += size;
    return MHD_YES;
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                               const char *version, const char *upload_data, size_t *upload_data_size, void **context) {
    (void)cls; (void)url; (void)method; (void)version;
    static struct MHD_PostProcessor *processor;
    if (*context == NULL) {
        *context = &processor;
        processor = MHD_create_post_processor(connection, 512, iterator, NULL);
        printf("MHD_create_post_processor: %s\n", processor ? "a post processor" : "NULL");
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        if (processor && strcmp(post_process, "MHD_NO") != 0)  /* a server stops at the first MHD_NO */
            post_process = MHD_post_process(processor, upload_data, *upload_data_size) == MHD_YES ? "MHD_YES" : "MHD_NO";
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (processor) destroy = MHD_destroy_post_processor(processor) == MHD_YES ? "MHD_YES" : "MHD_NO";
    processor = NULL;
    struct MHD_Response *response = MHD_create_response_from_buffer(0, "", MHD_RESPMEM_PERSISTENT);
    enum MHD_Result queued = MHD_queue_response(connection, 200, response);
    MHD_destroy_response(response);
    return queued;
}

int main(void) {
    struct sockaddr_in address = {0};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct MHD_Daemon *daemon = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD, 0, NULL, NULL, handler, NULL,
                                                 MHD_OPTION_SOCK_ADDR, &address, MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "MHD_start_daemon failed\n"); return 1; }
    address.sin_port = htons(MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT)->port);
    int client = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(client, (struct sockaddr *)&address, sizeof address) != 0) { perror("connect"); return 1; }
    char head[70000];
    int head_length = snprintf(head, sizeof head, "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: %s\r\n"
                               "Content-Length: %zu\r\nConnection: close\r\n\r\n", content_type, sizeof body - 1);
    if (write(client, head, (size_t)head_length) != head_length || write(client, body, sizeof body - 1) != (ssize_t)(sizeof body - 1)) {
        perror("write");
        return 1;
    }
    char reply[4096];
    while (read(client, reply, sizeof reply) > 0) {}
    close(client);
    MHD_stop_daemon(daemon);
    printf("MHD_post_process: %s\nMHD_destroy_post_processor: %s\n%zu part(s)\n", post_process, destroy, count);
    for (size_t i = 0; i < count; i++) {
        printf("part %zu: ", i);
        show("key", parts[i].key, parts[i].key ? strlen(parts[i].key) : 0);
        show(" filename", parts[i].filename, parts[i].filename ? strlen(parts[i].filename) : 0);
        show(" content_type", parts[i].type, parts[i].type ? strlen(parts[i].type) : 0);
        show(" data", parts[i].data, parts[i].length);
        printf("\n");
    }
    return 0;
}
