// The decoder process contract (version 1) for the Node drivers: read one request, write one answer.
//
// serve(decode): decode(contentType, body: Buffer) resolves to a list of part(...) objects, or
// rejects with a Rejected error when the parser reports an error. Anything else it throws is a
// crash: the process exits non-zero, as the contract requires.
'use strict';

class Rejected extends Error {}

function text(part, key, value) {
  if (value === null || value === undefined) {
    part[key] = null;
  } else if (Buffer.isBuffer(value)) {
    const decoded = value.toString('utf8');
    if (Buffer.from(decoded, 'utf8').equals(value)) part[key] = decoded;
    else part[key + '_base64'] = value.toString('base64');
  } else {
    part[key] = String(value);
  }
}

function part(name, filename, contentType, body) {
  const result = {};
  text(result, 'name', name);
  text(result, 'filename', filename);
  result.content_type = contentType === undefined ? null : contentType;
  result.body_base64 = Buffer.from(body).toString('base64');
  return result;
}

async function serve(decode) {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  let answer;
  if (request.version !== 1) {
    answer = { error: 'unsupported contract version' };
  } else {
    try {
      answer = { parts: await decode(request.content_type, Buffer.from(request.body_base64, 'base64')) };
    } catch (error) {
      if (!(error instanceof Rejected)) throw error;
      answer = { error: error.message || 'rejected' };
    }
  }
  process.stdout.write(JSON.stringify(answer) + '\n');
}

module.exports = { Rejected, part, serve };
