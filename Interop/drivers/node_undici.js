// Node's built-in fetch (undici): `new Response(body, {headers}).formData()`, as Next.js route
// handlers and other Fetch-API servers read a form.
//
// Text fields come back as strings (UTF-8, invalid bytes replaced) without their Content-Type;
// files as File objects with their bytes, name and type. undici rejects with a TypeError when it
// cannot parse the body: that is the only rejection; this driver adds no rule of its own.
'use strict';
const { Rejected, part, serve } = require('./interop_contract.js');

serve(async (contentType, body) => {
  let form;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch (error) {
    if (error instanceof TypeError) throw new Rejected(error.message);
    throw error;
  }
  const parts = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') parts.push(part(name, null, null, Buffer.from(value, 'utf8')));
    else parts.push(part(name, value.name, value.type || null, Buffer.from(await value.arrayBuffer())));
  }
  return parts;
}).catch((error) => { console.error(error); process.exit(1); });
