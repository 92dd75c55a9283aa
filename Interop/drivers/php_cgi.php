<?php
// PHP's own request parser, as `$_POST` and `$_FILES` show a form to a script, speaking the
// multipart-check decoder process contract (version 1).
//
// Run with the PHP command line: it hands the body to `php-cgi` (Debian's php-cgi, with its
// php.ini) running this same file, which answers with what PHP decoded. PHP never rejects a body,
// nor does this driver: a body it cannot parse gives an empty or partial form and a warning in the
// log, so every body is "accepted". Fields and files come in two arrays, so the order between a field and a file is not
// reported, nor a field's Content-Type; PHP also rewrites names (`a.b` becomes `a_b`, `a[]` an
// array, a later duplicate replaces an earlier one), and those names are reported as PHP gives them
// (array keys as `name[key]`). A file input sent with no file is in `$_FILES` with an empty name
// and error 4; it is reported as a part with an empty filename and no content.

function flatten($prefix, $value, &$out) {
    if (is_array($value)) {
        foreach ($value as $key => $inner) flatten($prefix . '[' . $key . ']', $inner, $out);
    } else {
        $out[] = [$prefix, $value];
    }
}

function text_member($key, $value) {
    if ($value === null) return [$key => null];
    if (preg_match('//u', $value) === 1) return [$key => $value];
    return [$key . '_base64' => base64_encode($value)];
}

function part($name, $filename, $type, $body) {
    return text_member('name', $name) + text_member('filename', $filename)
        + ['content_type' => $type, 'body_base64' => base64_encode($body)];
}

if (PHP_SAPI !== 'cli') {
    // Inside php-cgi: report what PHP decoded.
    $parts = [];
    $fields = [];
    foreach ($_POST as $name => $value) flatten((string) $name, $value, $fields);
    foreach ($fields as [$name, $value]) $parts[] = part($name, null, null, $value);
    foreach ($_FILES as $name => $file) {
        $names = []; $types = []; $paths = []; $errors = [];
        flatten((string) $name, $file['name'], $names);
        flatten((string) $name, $file['type'], $types);
        flatten((string) $name, $file['tmp_name'], $paths);
        foreach ($names as $index => [$fieldName, $filename]) {
            $path = $paths[$index][1];
            $body = ($path !== '' && is_uploaded_file($path)) ? file_get_contents($path) : '';
            $type = $types[$index][1];
            $parts[] = part($fieldName, $filename, $type === '' ? null : $type, $body);
        }
    }
    echo json_encode(['parts' => $parts], JSON_UNESCAPED_SLASHES), "\n";
    exit(0);
}

$request = json_decode(stream_get_contents(STDIN), true);
if (($request['version'] ?? null) !== 1) {
    echo json_encode(['error' => 'unsupported contract version']), "\n";
    exit(0);
}
$body = base64_decode($request['body_base64']);
$environment = [
    'REQUEST_METHOD' => 'POST', 'CONTENT_TYPE' => $request['content_type'],
    'CONTENT_LENGTH' => (string) strlen($body), 'SCRIPT_FILENAME' => __FILE__, 'REDIRECT_STATUS' => '200',
    'GATEWAY_INTERFACE' => 'CGI/1.1', 'SERVER_PROTOCOL' => 'HTTP/1.1', 'PATH' => getenv('PATH'),
];
$child = proc_open(['php-cgi', '-d', 'display_errors=stderr'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => STDERR], $pipes, null, $environment);
if (!is_resource($child)) exit(1);
fwrite($pipes[0], $body);
fclose($pipes[0]);
$output = stream_get_contents($pipes[1]);
fclose($pipes[1]);
$status = proc_close($child);
$split = strpos($output, "\r\n\r\n");
if ($status !== 0 || $split === false) {
    fwrite(STDERR, "php-cgi exited with status $status\n");
    exit(1);
}
echo substr($output, $split + 4);
