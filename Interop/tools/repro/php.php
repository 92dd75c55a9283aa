<?php
// @@TITLE@@
// Tested with @@VERSION@@.  Run: php repro.php  (php-cgi must be on the PATH)

if (PHP_SAPI !== 'cli') {
    // Inside php-cgi: what a script sees in $_POST and $_FILES, with each uploaded file's bytes.
    $files = $_FILES;
    array_walk_recursive($files, function (&$value, $key) {
        if ($key === 'tmp_name' && $value !== '') $value = ['content' => file_get_contents($value)];
    });
    var_export(['_POST' => $_POST, '_FILES' => $files]);
    echo "\n";
    exit(0);
}

$contentType = @@CONTENT_TYPE@@;
$body = @@BODY@@;
$environment = [
    'REQUEST_METHOD' => 'POST', 'CONTENT_TYPE' => $contentType, 'CONTENT_LENGTH' => (string) strlen($body),
    'SCRIPT_FILENAME' => __FILE__, 'REDIRECT_STATUS' => '200', 'GATEWAY_INTERFACE' => 'CGI/1.1',
    'SERVER_PROTOCOL' => 'HTTP/1.1', 'PATH' => getenv('PATH'),
];
$child = proc_open(['php-cgi'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => STDERR], $pipes, null, $environment);
fwrite($pipes[0], $body);
fclose($pipes[0]);
$output = stream_get_contents($pipes[1]);
fclose($pipes[1]);
proc_close($child);
echo substr($output, strpos($output, "\r\n\r\n") + 4);
