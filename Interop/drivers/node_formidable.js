// formidable (Debian's node-formidable), as a Node application reads `form.parse(request)`, with
// formidable's default options (uploads written to a temporary folder, `allowEmptyFiles: false`,
// `minFileSize: 1`, `maxFields: 1000`).
//
// The application-facing call is `formidable(options).parse(request, callback)` on the incoming
// request stream: `fields` maps each name to its text values and `files` each name to its
// `PersistentFile`s (`originalFilename`, `mimetype`, `filepath`), so the order between names is
// not reported, nor a text field's Content-Type. The callback's error (formidable's own, raised for
// a body it cannot parse or one its options refuse, such as an empty file) is what an application
// answers with 400: a rejection. A body on which the callback never comes (the request would hang)
// is a failure, not a rejection. The driver adds no rule of its own; it removes the temporary files.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { Readable } = require('stream');
const { formidable } = require('formidable');
const { Rejected, part, serve } = require('./interop_contract.js');

serve(async (contentType, body) => {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formidable-'));
  try {
    const request = Readable.from([body]);
    request.headers = { 'content-type': contentType, 'content-length': String(body.length) };
    const [fields, files] = await new Promise((resolve, reject) => {
      // A body on which formidable never calls back leaves nothing to wait for: the request would hang.
      process.once('beforeExit', () => reject(new Error('formidable never called back: the request would hang')));
      formidable({ uploadDir }).parse(request, (error, fields, files) => {
        if (error) reject(new Rejected(error.message));
        else resolve([fields, files]);
      });
    });
    const parts = [];
    // formidable keys its two objects by name in the order the parts finished, which for files depends
    // on when each write to disk completed: names are sorted, so a rerun reports the same order.
    const byName = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    for (const [name, values] of Object.entries(fields).sort(byName)) {
      for (const value of [].concat(values)) parts.push(part(name, null, null, Buffer.from(value, 'utf8')));
    }
    for (const [name, uploads] of Object.entries(files).sort(byName)) {
      // Within a name too the order is when each write finished: sorted by filename, then size.
      const ordered = [].concat(uploads).sort((a, b) =>
        (a.originalFilename ?? '') < (b.originalFilename ?? '') ? -1 : (a.originalFilename ?? '') > (b.originalFilename ?? '') ? 1 : a.size - b.size);
      for (const upload of ordered) {
        parts.push(part(name, upload.originalFilename, upload.mimetype, fs.readFileSync(upload.filepath)));
      }
    }
    return parts;
  } finally {
    fs.rmSync(uploadDir, { recursive: true, force: true });
  }
}).catch((error) => { console.error(error); process.exit(1); });
