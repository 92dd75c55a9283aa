// Go's mime/multipart.Writer as an encoder speaking the multipart-check encoder contract (version 1).
//
// SetBoundary takes the boundary the request gives (it refuses one that is not 1 to 70 bchars
// without a trailing space, which is answered as a refusal). A text field is CreateFormField, a
// file CreateFormFile; where that convenience API cannot carry the field's media type (a typed file
// gets application/octet-stream, a text field none), CreatePart is called with a Content-Disposition
// escaped exactly as CreateFormFile escapes it (backslash and quote backslash-escaped, the
// package's unexported escapeQuotes) and the field's Content-Type.
//
// What the API cannot say: nothing; every form of the contract can be written.
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/textproto"
	"os"
	"strings"
)

type field struct {
	Name        string  `json:"name"`
	Value       *string `json:"value"`
	ValueBase64 *string `json:"value_base64"`
	Filename    *string `json:"filename"`
	ContentType *string `json:"content_type"`
}

type request struct {
	Version  int     `json:"version"`
	Boundary *string `json:"boundary"`
	Fields   []field `json:"fields"`
}

var quoteEscaper = strings.NewReplacer("\\", "\\\\", `"`, "\\\"")

func encode(req request) (string, []byte, error) {
	var body bytes.Buffer
	writer := multipart.NewWriter(&body)
	if req.Boundary != nil {
		if err := writer.SetBoundary(*req.Boundary); err != nil {
			return "", nil, err
		}
	}
	for _, f := range req.Fields {
		value := []byte{}
		if f.ValueBase64 != nil {
			decoded, err := base64.StdEncoding.DecodeString(*f.ValueBase64)
			if err != nil {
				return "", nil, err
			}
			value = decoded
		} else if f.Value != nil {
			value = []byte(*f.Value)
		}
		var part io.Writer
		var err error
		switch {
		case f.ContentType == nil && f.Filename == nil:
			part, err = writer.CreateFormField(f.Name)
		case f.ContentType == nil:
			part, err = writer.CreateFormFile(f.Name, *f.Filename)
		default:
			disposition := fmt.Sprintf(`form-data; name="%s"`, quoteEscaper.Replace(f.Name))
			if f.Filename != nil {
				disposition += fmt.Sprintf(`; filename="%s"`, quoteEscaper.Replace(*f.Filename))
			}
			header := make(textproto.MIMEHeader)
			header.Set("Content-Disposition", disposition)
			header.Set("Content-Type", *f.ContentType)
			part, err = writer.CreatePart(header)
		}
		if err != nil {
			return "", nil, err
		}
		if _, err := part.Write(value); err != nil {
			return "", nil, err
		}
	}
	if err := writer.Close(); err != nil {
		return "", nil, err
	}
	return writer.FormDataContentType(), body.Bytes(), nil
}

func main() {
	input, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var req request
	if err := json.Unmarshal(input, &req); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var answer map[string]string
	if req.Version != 1 {
		answer = map[string]string{"error": "unsupported contract version"}
	} else if contentType, body, err := encode(req); err != nil {
		answer = map[string]string{"error": err.Error()}
	} else {
		answer = map[string]string{"content_type": contentType, "body_base64": base64.StdEncoding.EncodeToString(body)}
	}
	output, _ := json.Marshal(answer)
	os.Stdout.Write(append(output, '\n'))
}
