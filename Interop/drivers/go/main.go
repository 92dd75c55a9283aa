// Go's mime/multipart, speaking the multipart-check decoder process contract (version 1).
//
//	gomultipart reader   http.Request.MultipartReader, then Reader.NextPart, as streaming handlers read a form
//	gomultipart form     http.Request.ParseMultipartForm, as handlers read r.MultipartForm / r.FormValue
//
// Both rows run one parser core, mime/multipart's Reader (Interop/cores.tsv): ParseMultipartForm
// reads the body with that same Reader and files each part into one of two maps, so where the two
// rows agree, one parser read the body once, and where they differ, the difference is the form API.
//
// Reader reports every part in order, its name, filename (FileName applies filepath.Base) and
// content as bytes (NextPart decodes quoted-printable). Form gives fields and files in two maps,
// so neither the order between names nor a text field's Content-Type is reported; names are sorted.
//
// Rejections: only the library's errors, from Request.MultipartReader (which, as in a handler, takes
// multipart/form-data or multipart/mixed with a boundary parameter), NextPart and reading a part,
// or from ParseMultipartForm (multipart/form-data only). This driver adds no rule of its own.
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"sort"
	"strconv"
	"unicode/utf8"
)

type request struct {
	Version     int    `json:"version"`
	ContentType string `json:"content_type"`
	BodyBase64  string `json:"body_base64"`
}

type rejection struct{ reason string }

func (r rejection) Error() string { return r.reason }

func text(part map[string]interface{}, key string, value *string) {
	switch {
	case value == nil:
		part[key] = nil
	case utf8.ValidString(*value):
		part[key] = *value
	default:
		part[key+"_base64"] = base64.StdEncoding.EncodeToString([]byte(*value))
	}
}

func newPart(name, filename *string, contentType *string, body []byte) map[string]interface{} {
	part := map[string]interface{}{"body_base64": base64.StdEncoding.EncodeToString(body)}
	text(part, "name", name)
	text(part, "filename", filename)
	if contentType == nil {
		part["content_type"] = nil
	} else {
		part["content_type"] = *contentType
	}
	return part
}

func optional(value string, present bool) *string {
	if !present {
		return nil
	}
	return &value
}

func header(h map[string][]string, key string) *string {
	if values, ok := h[key]; ok && len(values) > 0 {
		return &values[0]
	}
	return nil
}

func readParts(contentType string, body []byte) ([]map[string]interface{}, error) {
	httpRequest, _ := http.NewRequest("POST", "http://127.0.0.1/", bytes.NewReader(body))
	httpRequest.Header.Set("Content-Type", contentType)
	httpRequest.ContentLength = int64(len(body))
	reader, err := httpRequest.MultipartReader()
	if err != nil {
		return nil, rejection{"MultipartReader: " + err.Error()}
	}
	parts := []map[string]interface{}{}
	for {
		part, err := reader.NextPart()
		if err == io.EOF {
			return parts, nil
		}
		if err != nil {
			return nil, rejection{"NextPart: " + err.Error()}
		}
		content, err := io.ReadAll(part)
		if err != nil {
			return nil, rejection{"reading a part: " + err.Error()}
		}
		_, dispositionParams, dispositionErr := mime.ParseMediaType(part.Header.Get("Content-Disposition"))
		name := part.FormName()
		_, hasName := dispositionParams["name"]
		_, hasFilename := dispositionParams["filename"]
		if dispositionErr != nil {
			hasName, hasFilename = false, false
		}
		parts = append(parts, newPart(optional(name, hasName), optional(part.FileName(), hasFilename), header(part.Header, "Content-Type"), content))
	}
}

func parseForm(contentType string, body []byte) ([]map[string]interface{}, error) {
	httpRequest, _ := http.NewRequest("POST", "http://127.0.0.1/", bytes.NewReader(body))
	httpRequest.Header.Set("Content-Type", contentType)
	httpRequest.ContentLength = int64(len(body))
	if err := httpRequest.ParseMultipartForm(32 << 20); err != nil {
		return nil, rejection{"ParseMultipartForm: " + err.Error()}
	}
	form := httpRequest.MultipartForm
	parts := []map[string]interface{}{}
	names := make([]string, 0, len(form.Value))
	for name := range form.Value {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, value := range form.Value[name] {
			name := name
			parts = append(parts, newPart(&name, nil, nil, []byte(value)))
		}
	}
	names = names[:0]
	for name := range form.File {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, file := range form.File[name] {
			opened, err := file.Open()
			if err != nil {
				return nil, err
			}
			content, err := io.ReadAll(opened)
			opened.Close()
			if err != nil {
				return nil, err
			}
			name, filename := name, file.Filename
			parts = append(parts, newPart(&name, &filename, header(file.Header, "Content-Type"), content))
		}
	}
	return parts, nil
}

func main() {
	if len(os.Args) != 2 || (os.Args[1] != "reader" && os.Args[1] != "form") {
		fmt.Fprintln(os.Stderr, "usage: gomultipart reader|form  (reads a contract request on standard input)")
		os.Exit(64)
	}
	var req request
	if err := json.NewDecoder(os.Stdin).Decode(&req); err != nil {
		fmt.Fprintln(os.Stderr, "reading the request:", err)
		os.Exit(1)
	}
	var answer map[string]interface{}
	body, err := base64.StdEncoding.DecodeString(req.BodyBase64)
	if req.Version != 1 || err != nil {
		answer = map[string]interface{}{"error": "unsupported contract version " + strconv.Itoa(req.Version)}
	} else {
		decode := readParts
		if os.Args[1] == "form" {
			decode = parseForm
		}
		parts, err := decode(req.ContentType, body)
		var refused rejection
		switch {
		case errors.As(err, &refused):
			answer = map[string]interface{}{"error": refused.reason}
		case err != nil:
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		default:
			answer = map[string]interface{}{"parts": parts}
		}
	}
	encoder := json.NewEncoder(os.Stdout)
	encoder.SetEscapeHTML(false)
	if err := encoder.Encode(answer); err != nil {
		os.Exit(1)
	}
}
