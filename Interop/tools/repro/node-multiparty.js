// @@TITLE@@
// Tested with @@VERSION@@.  Run: npm install multiparty && node repro.js
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { Readable } = require('stream');
const multiparty = require('multiparty');

const contentType = @@CONTENT_TYPE@@;
const body = @@BODY@@;
// A string as JSON, every character past ASCII as its \u escape, so nothing is hidden.
const show = (text) => JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));

// As a Node application reads `form.parse(request)`, with multiparty's default options; the request
// is a stream of the body with its headers.
const request = Readable.from([body]);
request.headers = { 'content-type': contentType, 'content-length': String(body.length) };
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'multiparty-'));
process.once('beforeExit', () => console.log('multiparty never called back: the request would hang'));
new multiparty.Form({ uploadDir }).parse(request, (error, fields, files) => {
  process.removeAllListeners('beforeExit');
  if (error) {
    console.log(`error: ${error.message}`);
  } else {
    for (const [name, values] of Object.entries(fields)) {
      for (const value of values) console.log(`field: name=${show(name)} value=${show(value)}`);
    }
    for (const [name, uploads] of Object.entries(files)) {
      for (const file of uploads) {
        console.log(`file: name=${show(name)} originalFilename=${show(file.originalFilename)} ` +
          `content-type=${show(file.headers['content-type'])} body=${show(fs.readFileSync(file.path).toString('latin1'))}`);
      }
    }
  }
  fs.rmSync(uploadDir, { recursive: true, force: true });
});
