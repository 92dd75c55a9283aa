// A test names the receivers a body goes to (`receivers: [.php]`) without importing another module.
@_exported import MultipartFormReceivers
