// The npm form-data package (Debian's node-form-data), which axios and node-fetch 2 send: `new
// FormData()`, `setBoundary(boundary)` when one is given, and `append(name, value, options)` per
// field in form order: a text field as a string, bytes as a Buffer, and `{filename, contentType}`
// for a file or a typed field. getBuffer() is the body and getHeaders()['content-type'] the
// answer's Content-Type. An exception it throws is the encoder's refusal.
//
// What the API cannot say: nothing; every form of the contract can be written. (form-data labels
// a Buffer `application/octet-stream` when no contentType is given; that is its choice.)
'use strict';
const FormData = require('form-data');

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  if (request.version !== 1) return { error: 'unsupported contract version' };
  try {
    const form = new FormData();
    if (request.boundary !== null) form.setBoundary(request.boundary);
    for (const field of request.fields) {
      const value = 'value_base64' in field ? Buffer.from(field.value_base64, 'base64') : field.value;
      const options = {};
      if (field.filename !== undefined) options.filename = field.filename;
      if (field.content_type !== undefined) options.contentType = field.content_type;
      form.append(field.name, value, Object.keys(options).length ? options : undefined);
    }
    return { content_type: form.getHeaders()['content-type'], body_base64: form.getBuffer().toString('base64') };
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
}

main().then((answer) => process.stdout.write(JSON.stringify(answer) + '\n'))
  .catch((error) => { console.error(error); process.exit(1); });
