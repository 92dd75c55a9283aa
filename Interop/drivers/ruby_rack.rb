# Rack's multipart parser (Debian's ruby-rack), as Rails and Sinatra read `request.POST`, speaking
# the multipart-check decoder process contract (version 1).
#
# Rack builds a params hash: names with brackets become nested hashes and arrays (reported back as
# `name[key]` and `name[]`), and a later duplicate of a plain name replaces the earlier one; those
# are Rack's reading and are reported as it gives them. Text fields are strings without their
# Content-Type; file parts are hashes with their filename, type and bytes. Rack's part-limit and
# parameter errors and its EOFError ("bad content body") are rejections; anything else raised is a
# crash. This driver adds no rule of its own.
require 'base64'
require 'json'
require 'rack'
require 'rack/multipart'
require 'rack/query_parser'
require 'stringio'

def member(key, value)
  return { key => nil } if value.nil?
  utf8 = value.dup.force_encoding(Encoding::UTF_8)
  utf8.valid_encoding? ? { key => utf8 } : { "#{key}_base64" => Base64.strict_encode64(value.b) }
end

def part(name, filename, type, body)
  member('name', name).merge(member('filename', filename))
                      .merge('content_type' => type, 'body_base64' => Base64.strict_encode64(body.b))
end

def flatten(name, value, parts)
  case value
  when Hash
    if value.key?(:tempfile)
      value[:tempfile].rewind
      parts << part(name, value[:filename], value[:type], value[:tempfile].read)
    else
      value.each { |key, inner| flatten("#{name}[#{key}]", inner, parts) }
    end
  when Array
    value.each { |inner| flatten("#{name}[]", inner, parts) }
  else
    parts << part(name, nil, nil, value.to_s)
  end
end

request = JSON.parse($stdin.read)
answer =
  if request['version'] != 1
    { 'error' => 'unsupported contract version' }
  else
    body = Base64.decode64(request['body_base64'])
    environment = {
      'REQUEST_METHOD' => 'POST', 'CONTENT_TYPE' => request['content_type'],
      'CONTENT_LENGTH' => body.bytesize.to_s, 'rack.input' => StringIO.new(body)
    }
    begin
      params = Rack::Multipart.parse_multipart(environment) || {}
      parts = []
      params.each { |name, value| flatten(name, value, parts) }
      { 'parts' => parts }
    rescue Rack::Multipart::MultipartPartLimitError, Rack::Multipart::MultipartTotalPartLimitError, EOFError,
           Rack::QueryParser::ParameterTypeError, Rack::QueryParser::InvalidParameterError,
           Rack::QueryParser::ParamsTooDeepError, Rack::QueryParser::QueryLimitError => error
      { 'error' => "#{error.class}: #{error.message}" }
    end
  end
$stdout.write(JSON.generate(answer), "\n")
