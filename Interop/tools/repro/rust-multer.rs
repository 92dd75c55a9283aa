// @@TITLE@@
// Tested (through multer's Python bindings, pymulter) with @@VERSION@@.
// Run: cargo new repro && cd repro, write this file as src/main.rs, add to Cargo.toml's [dependencies]
//   multer = "=3.1.0"
//   bytes = "1"
//   futures = "0.3"
// then `cargo run`.
//
// As axum's Multipart extractor drives multer: parse_boundary on the Content-Type, a Multipart over the
// body's stream, then next_field() until it answers None, each field's chunks read to the end; no
// constraints (multer's defaults).
use bytes::Bytes;
use multer::Multipart;

fn main() {
    let content_type = @@CONTENT_TYPE@@;
    let body: Vec<u8> = @@BODY@@;
    let boundary = match multer::parse_boundary(content_type) {
        Ok(boundary) => boundary,
        Err(error) => return println!("parse_boundary: {error}"),
    };
    let stream = futures::stream::once(async move { Ok::<Bytes, std::convert::Infallible>(Bytes::from(body)) });
    let mut multipart = Multipart::new(stream, boundary);
    futures::executor::block_on(async {
        let mut index = 0;
        loop {
            match multipart.next_field().await {
                Ok(Some(mut field)) => {
                    let name = field.name().map(str::to_owned);
                    let file_name = field.file_name().map(str::to_owned);
                    let content_type = field.content_type().map(|mime| mime.to_string());
                    let mut data = Vec::new();
                    loop {
                        match field.chunk().await {
                            Ok(Some(chunk)) => data.extend_from_slice(&chunk),
                            Ok(None) => break,
                            Err(error) => return println!("chunk of field {index}: {error}"),
                        }
                    }
                    println!("field {index}: name={name:?} file_name={file_name:?} content_type={content_type:?} data={:?}", Bytes::from(data));
                    index += 1;
                }
                Ok(None) => return println!("{index} field(s)"),
                Err(error) => return println!("next_field: {error}"),
            }
        }
    });
}
