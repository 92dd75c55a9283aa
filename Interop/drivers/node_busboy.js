// busboy (the parser under Express's multer), from Debian's node-busboy, with its default limits.
//
// Text fields come back as strings (decoded as UTF-8) without their Content-Type; busboy treats a
// part as a file when its Content-Disposition has a filename. busboy reports an error event when
// it cannot parse the body.
'use strict';
const busboy = require('busboy');
const { Rejected, part, serve } = require('./interop_contract.js');

serve((contentType, body) => new Promise((resolve, reject) => {
  let parser;
  try {
    parser = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
  } catch (error) {
    reject(new Rejected(error.message));
    return;
  }
  const parts = [];
  const pending = [];
  parser.on('field', (name, value) => parts.push(part(name, null, null, Buffer.from(value, 'utf8'))));
  parser.on('file', (name, stream, info) => {
    const index = parts.push(null) - 1;
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    pending.push(new Promise((done) => stream.on('close', () => {
      parts[index] = part(name, info.filename, info.mimeType, Buffer.concat(chunks));
      done();
    })));
  });
  parser.on('error', (error) => reject(new Rejected(error.message)));
  parser.on('close', () => Promise.all(pending).then(() => resolve(parts)));
  parser.end(body);
})).catch((error) => { console.error(error); process.exit(1); });
