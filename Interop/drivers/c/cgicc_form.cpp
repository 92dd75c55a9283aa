/* GNU cgicc (Debian's libcgicc), the C++ CGI library, as a CGI program reads a form, speaking the
 * multipart-check decoder process contract (version 1).
 *
 * The application-facing calls: cgicc::Cgicc over the CGI environment (REQUEST_METHOD, CONTENT_TYPE,
 * CONTENT_LENGTH) and the body, given through a cgicc::CgiInput as a web server gives standard input,
 * then getElements() for the text fields and getFiles() for the file parts (getName, getFilename,
 * getDataType, getData), each in body order; the order between a field and a file is not reported,
 * nor a text field's Content-Type. The Cgicc constructor throws std::runtime_error ("Malformed
 * input") for a body it cannot read, which a CGI program that catches it answers with an error: a
 * rejection; other bodies it cannot read give fewer or no elements, reported as an accepted body.
 * The driver adds no rule of its own.
 */
#include <cgicc/Cgicc.h>
#include <cgicc/CgiInput.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "contract.h"

namespace {
class RequestInput : public cgicc::CgiInput {
public:
    RequestInput(const contract_request &request) : request_(request), offset_(0) {}

    size_t read(char *data, size_t length) override {
        size_t left = request_.body_length - offset_;
        size_t n = length < left ? length : left;
        memcpy(data, request_.body + offset_, n);
        offset_ += n;
        return n;
    }

    std::string getenv(const char *name) override {
        std::string variable(name);
        if (variable == "REQUEST_METHOD") return "POST";
        if (variable == "CONTENT_TYPE") return request_.content_type;
        if (variable == "CONTENT_LENGTH") return std::to_string(request_.body_length);
        return "";
    }

private:
    const contract_request &request_;
    size_t offset_;
};
}  // namespace

int main() {
    contract_request request = contract_read();
    if (!request.version_ok) {
        contract_error("unsupported contract version");
        return 0;
    }
    RequestInput input(request);
    std::unique_ptr<cgicc::Cgicc> parsed;
    try {
        parsed.reset(new cgicc::Cgicc(&input));
    } catch (const std::runtime_error &error) {
        contract_error((std::string("cgicc: ") + error.what()).c_str());
        return 0;
    }
    cgicc::Cgicc &cgi = *parsed;
    contract_begin();
    for (const cgicc::FormEntry &entry : cgi.getElements()) {
        const std::string &name = entry.getName(), &value = entry.getValue();
        contract_part((const unsigned char *)name.data(), name.size(), nullptr, 0, nullptr, 0,
                      (const unsigned char *)value.data(), value.size());
    }
    for (const cgicc::FormFile &file : cgi.getFiles()) {
        const std::string &name = file.getName(), &filename = file.getFilename(), &type = file.getDataType(),
                          &data = file.getData();
        contract_part((const unsigned char *)name.data(), name.size(), (const unsigned char *)filename.data(),
                      filename.size(), type.empty() ? nullptr : (const unsigned char *)type.data(), type.size(),
                      (const unsigned char *)data.data(), data.size());
    }
    contract_end();
    return 0;
}
