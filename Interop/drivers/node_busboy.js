// busboy (the parser under Express's multer), from Debian's node-busboy, with its default limits.
//
//   node node_busboy.js                            busboy's defaults, as multer calls it
//   node node_busboy.js --def-param-charset=utf8   with defParamCharset: 'utf8'
//
// multer passes busboy only the request headers, its limits and preservePath (multer 2 also its own
// defParamCharset option, unset by default), so an Express application gets busboy's default
// defParamCharset, 'latin1': a filename or name sent as UTF-8 bytes without RFC 5987 syntax comes
// back with each byte as one character. Applications that know this pass
// defParamCharset: 'utf8'; that configuration is the second row (node-busboy-utf8). Both rows are
// one parser core (Interop/cores.tsv).
//
// Text fields come back as strings without their Content-Type; busboy treats a part as a file when
// its Content-Disposition has a filename. Field values are decoded as UTF-8, busboy's default
// defCharset, or with the part's own charset parameter; for a charset busboy cannot decode it
// emits the field with the value `undefined`, so the application gets the name without its
// value: reported here as an empty value, which certification grades as data loss.
//
// Rejections: only busboy's own, its constructor throwing (no usable Content-Type or boundary)
// and its 'error' event. This driver adds no rule of its own.
'use strict';
const busboy = require('busboy');
const { Rejected, part, serve } = require('./interop_contract.js');

const options = {};
for (const argument of process.argv.slice(2)) {
  const match = /^--def-param-charset=(.+)$/.exec(argument);
  if (!match) {
    console.error(`usage: node_busboy.js [--def-param-charset=CHARSET]; unknown argument ${argument}`);
    process.exit(64);
  }
  options.defParamCharset = match[1];
}

serve((contentType, body) => new Promise((resolve, reject) => {
  let parser;
  try {
    parser = busboy({ headers: { 'content-type': contentType }, ...options });
  } catch (error) {
    reject(new Rejected(error.message));
    return;
  }
  const parts = [];
  const pending = [];
  parser.on('field', (name, value) => {
    parts.push(part(name, null, null, value === undefined ? Buffer.alloc(0) : Buffer.from(value, 'utf8')));
  });
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
