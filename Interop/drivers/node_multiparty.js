// multiparty (Debian's node-multiparty), as a Node application reads `form.parse(request)`, with
// multiparty's default options (uploads written to the system's temporary folder).
//
// The application-facing call is `new multiparty.Form().parse(request, callback)` on the incoming
// request stream: `fields` maps each name to its text values and `files` each name to its files
// (`originalFilename`, `headers`, `path`), so the order between names is not reported, nor a text
// field's Content-Type. multiparty reports a file's `content-type` header as `headers` holds it.
// The callback's error (multiparty's own, raised for a body it cannot parse) is what an
// application answers with 400: a rejection. A body on which the callback never comes (the request
// would hang) is a failure, not a rejection. The driver adds no rule of its own; it removes the
// temporary files.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { Readable } = require('stream');
const multiparty = require('multiparty');
const { Rejected, part, serve } = require('./interop_contract.js');

serve(async (contentType, body) => {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'multiparty-'));
  try {
    const request = Readable.from([body]);
    request.headers = { 'content-type': contentType, 'content-length': String(body.length) };
    const [fields, files] = await new Promise((resolve, reject) => {
      // A body on which multiparty never calls back leaves nothing to wait for: the request would hang.
      process.once('beforeExit', () => reject(new Error('multiparty never called back: the request would hang')));
      new multiparty.Form({ uploadDir }).parse(request, (error, fields, files) => {
        if (error) reject(new Rejected(error.message));
        else resolve([fields, files]);
      });
    });
    const parts = [];
    for (const [name, values] of Object.entries(fields)) {
      for (const value of values) parts.push(part(name, null, null, Buffer.from(value, 'utf8')));
    }
    for (const [name, uploads] of Object.entries(files)) {
      for (const upload of uploads) {
        const type = upload.headers['content-type'];
        parts.push(part(name, upload.originalFilename, type === undefined ? null : type, fs.readFileSync(upload.path)));
      }
    }
    return parts;
  } finally {
    fs.rmSync(uploadDir, { recursive: true, force: true });
  }
}).catch((error) => { console.error(error); process.exit(1); });
