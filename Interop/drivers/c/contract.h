/* The decoder process contract (version 1) for the C and C++ drivers: read one request, write one answer.
 *
 * contract_read() reads the request from standard input and gives the Content-Type and the body;
 * a driver then writes `{"parts": [` with contract_part() for each part and `]}`, or contract_error().
 * The request is a flat JSON object, so its members are found by name; the only escapes decoded are
 * those a JSON writer puts in a Content-Type value. Header-only: each driver is one C file.
 */
#ifndef INTEROP_CONTRACT_H
#define INTEROP_CONTRACT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *content_type;        /* NUL-terminated */
    unsigned char *body;
    size_t body_length;
    int version_ok;
} contract_request;

static const char contract_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void contract_base64(FILE *out, const unsigned char *data, size_t length) {
    for (size_t i = 0; i < length; i += 3) {
        unsigned value = (unsigned)data[i] << 16;
        if (i + 1 < length) value |= (unsigned)data[i + 1] << 8;
        if (i + 2 < length) value |= data[i + 2];
        fputc(contract_alphabet[(value >> 18) & 63], out);
        fputc(contract_alphabet[(value >> 12) & 63], out);
        fputc(i + 1 < length ? contract_alphabet[(value >> 6) & 63] : '=', out);
        fputc(i + 2 < length ? contract_alphabet[value & 63] : '=', out);
    }
}

static unsigned char *contract_unbase64(const char *text, size_t length, size_t *decoded) {
    unsigned char *out = (unsigned char *)malloc(length / 4 * 3 + 3);
    size_t n = 0;
    unsigned value = 0;
    int bits = 0;
    for (size_t i = 0; i < length; i++) {
        const char *at = strchr(contract_alphabet, text[i]);
        if (text[i] == '=' || at == NULL || text[i] == '\0') continue;
        value = (value << 6) | (unsigned)(at - contract_alphabet);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[n++] = (unsigned char)(value >> bits);
        }
    }
    *decoded = n;
    return out;
}

/* Whether the bytes are well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF). */
static int contract_is_utf8(const unsigned char *s, size_t length) {
    size_t i = 0;
    while (i < length) {
        unsigned char c = s[i];
        size_t extra;
        unsigned min, point;
        if (c < 0x80) { i++; continue; }
        else if ((c & 0xE0) == 0xC0) { extra = 1; min = 0x80; point = c & 0x1F; }
        else if ((c & 0xF0) == 0xE0) { extra = 2; min = 0x800; point = c & 0x0F; }
        else if ((c & 0xF8) == 0xF0) { extra = 3; min = 0x10000; point = c & 0x07; }
        else return 0;
        if (i + extra >= length) return 0;
        for (size_t k = 1; k <= extra; k++) {
            if ((s[i + k] & 0xC0) != 0x80) return 0;
            point = (point << 6) | (s[i + k] & 0x3F);
        }
        if (point < min || point > 0x10FFFF || (point >= 0xD800 && point <= 0xDFFF)) return 0;
        i += extra + 1;
    }
    return 1;
}

static void contract_string(FILE *out, const unsigned char *s, size_t length) {
    fputc('"', out);
    for (size_t i = 0; i < length; i++) {
        unsigned char c = s[i];
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c < 0x20 || c == 0x7F) fprintf(out, "\\u%04x", c);
        else fputc(c, out);
    }
    fputc('"', out);
}

/* `"key": "text"`, `"key_base64": "..."` for bytes that are not UTF-8, or `"key": null`. */
static void contract_member(FILE *out, const char *key, const unsigned char *value, size_t length) {
    if (value == NULL) {
        fprintf(out, "\"%s\": null", key);
    } else if (contract_is_utf8(value, length)) {
        fprintf(out, "\"%s\": ", key);
        contract_string(out, value, length);
    } else {
        fprintf(out, "\"%s_base64\": \"", key);
        contract_base64(out, value, length);
        fputc('"', out);
    }
}

/* A Content-Type member: UTF-8 as it is, other bytes as Latin-1 characters (the contract has no base64 form for it). */
static void contract_content_type(FILE *out, const unsigned char *value, size_t length) {
    if (value == NULL || contract_is_utf8(value, length)) {
        contract_member(out, "content_type", value, length);
        return;
    }
    fputs("\"content_type\": \"", out);
    for (size_t i = 0; i < length; i++) {
        unsigned char c = value[i];
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c < 0x20 || c >= 0x7F) fprintf(out, "\\u%04x", c);
        else fputc(c, out);
    }
    fputc('"', out);
}

static int contract_parts_written = 0;

static void contract_begin(void) { fputs("{\"parts\": [", stdout); }

static void contract_part(const unsigned char *name, size_t name_length, const unsigned char *filename, size_t filename_length,
                          const unsigned char *content_type, size_t content_type_length,
                          const unsigned char *body, size_t body_length) {
    if (contract_parts_written++ > 0) fputs(", ", stdout);
    fputc('{', stdout);
    contract_member(stdout, "name", name, name_length);
    fputs(", ", stdout);
    contract_member(stdout, "filename", filename, filename_length);
    fputs(", ", stdout);
    contract_content_type(stdout, content_type, content_type_length);
    fputs(", \"body_base64\": \"", stdout);
    contract_base64(stdout, body, body_length);
    fputs("\"}", stdout);
}

static void contract_end(void) { fputs("]}\n", stdout); }

static void contract_error(const char *why) {
    fputs("{\"error\": ", stdout);
    contract_string(stdout, (const unsigned char *)why, strlen(why));
    fputs("}\n", stdout);
}

/* The string value of a top-level member, with JSON escapes decoded (\uXXXX as UTF-8), or NULL. */
static char *contract_find(const char *json, const char *key) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\"", key);
    const char *at = strstr(json, pattern);
    if (at == NULL) return NULL;
    at = strchr(at + strlen(pattern), ':');
    if (at == NULL) return NULL;
    at++;
    while (*at == ' ' || *at == '\t' || *at == '\n' || *at == '\r') at++;
    if (*at != '"') {
        size_t n = strcspn(at, ",} \t\r\n");
        char *raw = (char *)malloc(n + 1);
        memcpy(raw, at, n);
        raw[n] = '\0';
        return raw;
    }
    at++;
    char *out = (char *)malloc(strlen(at) * 2 + 1);
    size_t n = 0;
    while (*at && *at != '"') {
        if (*at != '\\') { out[n++] = *at++; continue; }
        at++;
        char e = *at++;
        if (e == 'u') {
            char hex[5] = {0};
            memcpy(hex, at, 4);
            at += 4;
            unsigned point = (unsigned)strtoul(hex, NULL, 16);
            if (point >= 0xD800 && point <= 0xDBFF && at[0] == '\\' && at[1] == 'u') {
                memcpy(hex, at + 2, 4);
                at += 6;
                point = 0x10000 + ((point - 0xD800) << 10) + ((unsigned)strtoul(hex, NULL, 16) - 0xDC00);
            }
            if (point < 0x80) out[n++] = (char)point;
            else if (point < 0x800) { out[n++] = (char)(0xC0 | (point >> 6)); out[n++] = (char)(0x80 | (point & 0x3F)); }
            else if (point < 0x10000) {
                out[n++] = (char)(0xE0 | (point >> 12)); out[n++] = (char)(0x80 | ((point >> 6) & 0x3F));
                out[n++] = (char)(0x80 | (point & 0x3F));
            } else {
                out[n++] = (char)(0xF0 | (point >> 18)); out[n++] = (char)(0x80 | ((point >> 12) & 0x3F));
                out[n++] = (char)(0x80 | ((point >> 6) & 0x3F)); out[n++] = (char)(0x80 | (point & 0x3F));
            }
        } else {
            out[n++] = e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : e == 'b' ? '\b' : e == 'f' ? '\f' : e;
        }
    }
    out[n] = '\0';
    return out;
}

static contract_request contract_read(void) {
    contract_request request;
    memset(&request, 0, sizeof request);
    size_t capacity = 1 << 16, length = 0, got;
    char *json = (char *)malloc(capacity + 1);
    while ((got = fread(json + length, 1, capacity - length, stdin)) > 0) {
        length += got;
        if (length == capacity) json = (char *)realloc(json, (capacity *= 2) + 1);
    }
    json[length] = '\0';
    char *version = contract_find(json, "version");
    request.version_ok = version != NULL && strcmp(version, "1") == 0;
    request.content_type = contract_find(json, "content_type");
    if (request.content_type == NULL) request.content_type = strdup("");
    char *body = contract_find(json, "body_base64");
    request.body = contract_unbase64(body ? body : "", body ? strlen(body) : 0, &request.body_length);
    free(version);
    free(body);
    free(json);
    return request;
}

#endif
