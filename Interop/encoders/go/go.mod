module multipartcheck/gowriter

go 1.19
