// @@TITLE@@
// Tested with @@VERSION@@.  Run: npm install formidable && node repro.js
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { Readable } = require('stream');
const { formidable } = require('formidable');

const contentType = @@CONTENT_TYPE@@;
const body = @@BODY@@;
// A string as JSON, every character past ASCII as its \u escape, so nothing is hidden.
const show = (text) => JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));

// As a Node application reads `form.parse(request)`, with formidable's default options; the request
// is a stream of the body with its headers.
const request = Readable.from([body]);
request.headers = { 'content-type': contentType, 'content-length': String(body.length) };
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formidable-'));
process.once('beforeExit', () => console.log('formidable never called back: the request would hang'));
formidable({ uploadDir }).parse(request, (error, fields, files) => {
  process.removeAllListeners('beforeExit');
  if (error) {
    console.log(`error: ${error.message}`);
  } else {
    // Names sorted: formidable keys its objects in the order each part finished writing.
    for (const name of Object.keys(fields).sort()) {
      for (const value of [].concat(fields[name])) console.log(`field: name=${show(name)} value=${show(value)}`);
    }
    for (const name of Object.keys(files).sort()) {
      for (const file of [].concat(files[name])) {
        console.log(`file: name=${show(name)} originalFilename=${show(file.originalFilename)} ` +
          `mimetype=${show(file.mimetype)} body=${show(fs.readFileSync(file.filepath).toString('latin1'))}`);
      }
    }
  }
  fs.rmSync(uploadDir, { recursive: true, force: true });
});
