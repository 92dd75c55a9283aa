<?php
// Guzzle's MultipartStream (Debian's php-guzzlehttp-psr7), the body Guzzle builds for its
// `multipart` request option: `new MultipartStream($elements, $boundary)` with one element per
// field in form order: `['name' => ..., 'contents' => ...]`, plus `'filename'` for a file and
// `'headers' => ['Content-Type' => ...]` for a media type. Guzzle's client sends the header
// `Content-Type: multipart/form-data; boundary=` + getBoundary(); the stream's contents are the
// body. MultipartStream takes a boundary, so the given one is used. An exception it throws is the
// encoder's refusal.
//
// What the API cannot say: nothing; every form of the contract can be written. (Guzzle writes a
// file's basename() as its filename and adds Content-Length to every part; those are its choices.)
require '/usr/share/php/GuzzleHttp/Psr7/autoload.php';

use GuzzleHttp\Psr7\MultipartStream;

$request = json_decode(stream_get_contents(STDIN), true);
if (($request['version'] ?? null) !== 1) {
    echo json_encode(['error' => 'unsupported contract version']), "\n";
    exit(0);
}
$elements = [];
foreach ($request['fields'] as $field) {
    $element = [
        'name' => $field['name'],
        'contents' => array_key_exists('value_base64', $field) ? base64_decode($field['value_base64']) : $field['value'],
    ];
    if (array_key_exists('filename', $field)) $element['filename'] = $field['filename'];
    if (array_key_exists('content_type', $field)) $element['headers'] = ['Content-Type' => $field['content_type']];
    $elements[] = $element;
}
try {
    $stream = new MultipartStream($elements, $request['boundary']);
    echo json_encode([
        'content_type' => 'multipart/form-data; boundary=' . $stream->getBoundary(),
        'body_base64' => base64_encode((string) $stream),
    ]), "\n";
} catch (Throwable $error) {
    echo json_encode(['error' => get_class($error) . ': ' . $error->getMessage()]), "\n";
}
