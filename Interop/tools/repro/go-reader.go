// @@TITLE@@
// Tested with @@VERSION@@.  Run: go run repro.go
package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
)

func main() {
	contentType := @@CONTENT_TYPE@@
	body := @@BODY@@

	// As a handler that streams the form with r.MultipartReader() reads it.
	request, _ := http.NewRequest("POST", "http://127.0.0.1/", bytes.NewReader(body))
	request.Header.Set("Content-Type", contentType)
	reader, err := request.MultipartReader()
	if err != nil {
		fmt.Println("MultipartReader:", err)
		return
	}
	for index := 0; ; index++ {
		part, err := reader.NextPart()
		if err == io.EOF {
			fmt.Printf("%d part(s)\n", index)
			return
		}
		if err != nil {
			fmt.Println("NextPart:", err)
			return
		}
		content, err := io.ReadAll(part)
		if err != nil {
			fmt.Println("reading the part:", err)
			return
		}
		fmt.Printf("part %d: name=%q filename=%q content_type=%q body=%q\n",
			index, part.FormName(), part.FileName(), part.Header.Get("Content-Type"), content)
	}
}
