# Ruby's Net::HTTP multipart forms: `Net::HTTP::Post#set_form(params, "multipart/form-data",
# boundary: B)` with `[name, value, {filename:, content_type:}]` entries, posted to a one-shot
# listener this script opens on 127.0.0.1, which keeps the Content-Type and body that arrived.
# set_form takes a boundary, so the given one is used.
#
# What the API cannot say: a media type on a field without a filename. set_form documents
# :content_type as an option "only used for file uploads", and for a field without a filename it
# writes no Content-Type (the option is dropped), so such a field is answered with an error.
require "base64"
require "json"
require "net/http"
require "socket"

def read_request(client)
  head = +""
  head << client.readpartial(1) until head.end_with?("\r\n\r\n")
  headers = head.split("\r\n").drop(1).map { |line| line.split(":", 2).map(&:strip) }.to_h { |k, v| [k.downcase, v] }
  body = +"".b
  if headers["transfer-encoding"].to_s.downcase == "chunked"
    loop do
      size = client.gets("\r\n").to_i(16)
      break if size.zero?
      body << client.read(size)
      client.read(2)
    end
    client.gets("\r\n")
  else
    body << client.read(headers["content-length"].to_i)
  end
  [headers["content-type"], body]
end

def answer(object)
  $stdout.write(JSON.generate(object) + "\n")
end

request = JSON.parse($stdin.read)
if request["version"] != 1
  answer("error" => "unsupported contract version")
  exit 0
end
if request["fields"].any? { |field| field.key?("content_type") && !field.key?("filename") }
  answer("error" => "set_form's :content_type is only used for file uploads; a field without a filename cannot be typed")
  exit 0
end
params = request["fields"].map do |field|
  value = field.key?("value_base64") ? Base64.strict_decode64(field["value_base64"]) : field["value"]
  options = {}
  options[:filename] = field["filename"] if field.key?("filename")
  options[:content_type] = field["content_type"] if field.key?("content_type")
  [field["name"], value, options]
end

server = TCPServer.new("127.0.0.1", 0)
captured = nil
listener = Thread.new do
  client = server.accept
  client.binmode
  captured = read_request(client)
  client.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
  client.close
end
begin
  post = Net::HTTP::Post.new("/")
  formopt = request["boundary"].nil? ? {} : { boundary: request["boundary"] }
  post.set_form(params, "multipart/form-data", formopt)
  Net::HTTP.start("127.0.0.1", server.addr[1], read_timeout: 20) { |http| http.request(post) }
  listener.join(20)
  answer("content_type" => captured[0], "body_base64" => Base64.strict_encode64(captured[1]))
rescue StandardError => error
  answer("error" => "#{error.class}: #{error.message}")
end
