/* @@TITLE@@
 * Tested with @@VERSION@@.
 * Run: c++ -o repro repro.cpp -lcgicc && ./repro
 *
 * As a CGI program reads a form with cgicc: Cgicc over the CGI environment and the body (given through
 * a CgiInput, as a web server gives standard input), then getElements() and getFiles(). */
#include <cgicc/CgiInput.h>
#include <cgicc/Cgicc.h>

#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

static const char content_type[] = @@CONTENT_TYPE@@;
static const char body[] = @@BODY@@;

static std::string show(const std::string &data) {
    std::string out = "\"";
    char escaped[8];
    for (unsigned char c : data) {
        if (c == '\r') out += "\\r";
        else if (c == '\n') out += "\\n";
        else if (c == '"' || c == '\\') { out += '\\'; out += (char)c; }
        else if (c < 0x20 || c >= 0x7f) { std::snprintf(escaped, sizeof escaped, "\\x%02x", c); out += escaped; }
        else out += (char)c;
    }
    return out + "\"";
}

class RequestInput : public cgicc::CgiInput {
public:
    size_t read(char *data, size_t length) override {
        size_t left = sizeof body - 1 - offset_, n = length < left ? length : left;
        std::memcpy(data, body + offset_, n);
        offset_ += n;
        return n;
    }
    std::string getenv(const char *name) override {
        std::string variable(name);
        if (variable == "REQUEST_METHOD") return "POST";
        if (variable == "CONTENT_TYPE") return content_type;
        if (variable == "CONTENT_LENGTH") return std::to_string(sizeof body - 1);
        return "";
    }
private:
    size_t offset_ = 0;
};

int main() {
    RequestInput input;
    try {
        cgicc::Cgicc cgi(&input);
        std::printf("%zu element(s), %zu file(s)\n", cgi.getElements().size(), cgi.getFiles().size());
        for (const cgicc::FormEntry &entry : cgi.getElements())
            std::printf("element: name=%s value=%s\n", show(entry.getName()).c_str(), show(entry.getValue()).c_str());
        for (const cgicc::FormFile &file : cgi.getFiles())
            std::printf("file: name=%s filename=%s data_type=%s data=%s\n", show(file.getName()).c_str(),
                        show(file.getFilename()).c_str(), show(file.getDataType()).c_str(), show(file.getData()).c_str());
    } catch (const std::runtime_error &error) {
        std::printf("std::runtime_error: %s\n", error.what());
    }
    return 0;
}
