// @@TITLE@@
// Tested with @@VERSION@@.  Run: npm install busboy && node repro.js
'use strict';
const busboy = require('busboy');

const contentType = @@CONTENT_TYPE@@;
const body = @@BODY@@;

// With defParamCharset 'utf8', as applications set it to read UTF-8 names and filenames.
const parser = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
parser.on('field', (name, value, info) => {
  console.log(`field: name=${JSON.stringify(name)} value=${JSON.stringify(value)} info=${JSON.stringify(info)}`);
});
parser.on('file', (name, stream, info) => {
  const chunks = [];
  stream.on('data', (chunk) => chunks.push(chunk));
  stream.on('close', () => {
    console.log(`file: name=${JSON.stringify(name)} filename=${JSON.stringify(info.filename)} ` +
      `mimeType=${JSON.stringify(info.mimeType)} body=${JSON.stringify(Buffer.concat(chunks).toString('latin1'))}`);
  });
});
parser.on('error', (error) => console.log(`error: ${error.message}`));
parser.on('close', () => console.log('close'));
parser.end(body);
