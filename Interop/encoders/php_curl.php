<?php
// PHP's curl extension posting a form: CURLOPT_POSTFIELDS set to an array whose keys are the field
// names, with a string for a text field and a CURLStringFile (data, filename, type) for a file.
// Run by php_curl.py, which gives the form as JSON on standard input and the URL of a loopback
// listener as the argument; the listener keeps the bytes curl sent.
$request = json_decode(stream_get_contents(STDIN), true);
$fields = [];
foreach ($request['fields'] as $field) {
    if (array_key_exists($field['name'], $fields)) {
        fwrite(STDERR, "an array cannot hold one name twice\n");
        exit(3);
    }
    $value = base64_decode($field['value_base64']);
    if (array_key_exists('filename', $field)) {
        $fields[$field['name']] = new CURLStringFile($value, $field['filename'], $field['content_type'] ?? 'application/octet-stream');
    } else {
        $fields[$field['name']] = $value;
    }
}
$curl = curl_init($argv[1]);
curl_setopt($curl, CURLOPT_POST, true);
curl_setopt($curl, CURLOPT_POSTFIELDS, $fields);
curl_setopt($curl, CURLOPT_RETURNTRANSFER, true);
curl_setopt($curl, CURLOPT_TIMEOUT, 20);
if (curl_exec($curl) === false) {
    fwrite(STDERR, 'curl_exec failed: ' . curl_error($curl) . "\n");
    exit(2);
}
