// Node's built-in FormData (undici), serialised the way fetch() sends it: `new Request(url, {method:
// "POST", body: formData})`, whose Content-Type header and arrayBuffer() are the answer; nothing is
// sent. A text field is `append(name, string)`; a file is `append(name, new Blob([bytes], {type}),
// filename)`, and a typed field without a filename `append(name, new Blob([bytes], {type}))`, which
// FormData itself turns into a file named "blob" (as browsers do). undici chooses its own boundary.
//
// What the API cannot say: a text value that is not UTF-8 (FormData text values are strings; bytes
// can only go in a Blob, which is always sent as a file with a filename).
"use strict";

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const request = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  if (request.version !== 1) return { error: "unsupported contract version" };
  const form = new FormData();
  for (const field of request.fields) {
    const bytes = "value_base64" in field ? Buffer.from(field.value_base64, "base64") : Buffer.from(field.value, "utf8");
    if (field.filename === undefined) {
      if (field.content_type !== undefined) {
        // A media type needs a Blob; appended without a filename, FormData names it "blob" itself.
        form.append(field.name, new Blob([bytes], { type: field.content_type }));
        continue;
      }
      if ("value_base64" in field) return { error: "FormData text values are strings, which cannot hold these bytes" };
      form.append(field.name, field.value);
    } else {
      const blob = new Blob([bytes], field.content_type === undefined ? {} : { type: field.content_type });
      form.append(field.name, blob, field.filename);
    }
  }
  const serialised = new Request("http://127.0.0.1/", { method: "POST", body: form });
  const body = Buffer.from(await serialised.arrayBuffer());
  return { content_type: serialised.headers.get("content-type"), body_base64: body.toString("base64") };
}

main().then(
  (answer) => process.stdout.write(JSON.stringify(answer) + "\n"),
  (error) => process.stdout.write(JSON.stringify({ error: String(error) }) + "\n"),
);
