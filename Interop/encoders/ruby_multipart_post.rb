# Ruby's multipart-post (Debian's ruby-multipart-post), as Faraday's multipart middleware and
# applications use it: `Net::HTTP::Post::Multipart.new(path, params, headers, boundary)`, with the
# form as a Hash of name to value, a file as `UploadIO.new(io, content_type, filename)`, and a typed
# field without a filename given its media type through `headers[:parts][name]["Content-Type"]`.
# The request is built, not sent: its body_stream is the body and its Content-Type the answer's.
# multipart-post takes a boundary, so the given one is used.
#
# What the API cannot say: two fields with one name (params is a Hash; an Array value groups a
# name's values together, which cannot keep them apart from the fields between them). UploadIO
# needs a media type; a file without one is given `application/octet-stream`.
require "base64"
require "json"
require "stringio"
require "net/http/post/multipart"

def answer(object)
  $stdout.write(JSON.generate(object) + "\n")
end

request = JSON.parse($stdin.read)
if request["version"] != 1
  answer("error" => "unsupported contract version")
  exit 0
end
fields = request["fields"]
if fields.map { |field| field["name"] }.uniq.length != fields.length
  answer("error" => "params is a Hash: two fields cannot share a name")
  exit 0
end
params = {}
part_headers = {}
fields.each do |field|
  value = field.key?("value_base64") ? Base64.strict_decode64(field["value_base64"]) : field["value"]
  if field.key?("filename")
    params[field["name"]] = UploadIO.new(StringIO.new(value), field["content_type"] || "application/octet-stream", field["filename"])
  else
    params[field["name"]] = value
    part_headers[field["name"]] = { "Content-Type" => field["content_type"] } if field.key?("content_type")
  end
end
begin
  arguments = ["/upload", params, { parts: part_headers }]
  arguments << request["boundary"] unless request["boundary"].nil?
  post = Net::HTTP::Post::Multipart.new(*arguments)
  answer("content_type" => post["Content-Type"], "body_base64" => Base64.strict_encode64(post.body_stream.read.b))
rescue StandardError => error
  answer("error" => "#{error.class}: #{error.message}")
end
