// @@TITLE@@
// Tested with @@VERSION@@.  Run: go run repro.go
package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"sort"
)

func main() {
	contentType := @@CONTENT_TYPE@@
	body := @@BODY@@

	// As a handler reads r.MultipartForm (or r.FormValue) after ParseMultipartForm.
	request, _ := http.NewRequest("POST", "http://127.0.0.1/", bytes.NewReader(body))
	request.Header.Set("Content-Type", contentType)
	request.ContentLength = int64(len(body))
	if err := request.ParseMultipartForm(32 << 20); err != nil {
		fmt.Println("ParseMultipartForm:", err)
		return
	}
	form := request.MultipartForm
	fmt.Printf("%d field name(s), %d file name(s)\n", len(form.Value), len(form.File))
	names := []string{}
	for name := range form.Value {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, value := range form.Value[name] {
			fmt.Printf("field: name=%q value=%q\n", name, value)
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
				fmt.Println("opening a file:", err)
				return
			}
			content, _ := io.ReadAll(opened)
			opened.Close()
			fmt.Printf("file: name=%q filename=%q content_type=%q body=%q\n", name, file.Filename, file.Header.Get("Content-Type"), content)
		}
	}
}
