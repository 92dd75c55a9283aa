// @@TITLE@@
// Tested with @@VERSION@@.  Run: node repro.js  (Node 18 or later: Response is built in)
'use strict';

const contentType = @@CONTENT_TYPE@@;
const body = @@BODY@@;

// As Fetch-API servers (Next.js route handlers, Hono, ...) read `await request.formData()`.
new Response(body, { headers: { 'content-type': contentType } }).formData().then(async (form) => {
  let index = 0;
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      console.log(`part ${index}: name=${JSON.stringify(name)} value=${JSON.stringify(value)}`);
    } else {
      const content = Buffer.from(await value.arrayBuffer()).toString('latin1');
      console.log(`part ${index}: name=${JSON.stringify(name)} filename=${JSON.stringify(value.name)} ` +
        `type=${JSON.stringify(value.type)} body=${JSON.stringify(content)}`);
    }
    index += 1;
  }
  console.log(`${index} part(s)`);
}, (error) => console.log(`rejected: ${error}`));
