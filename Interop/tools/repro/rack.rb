# @@TITLE@@
# Tested with @@VERSION@@.  Run: gem install rack && ruby repro.rb
require 'pp'
require 'rack'
require 'stringio'

content_type = @@CONTENT_TYPE@@
body = @@BODY@@

# As Rails and Sinatra read `request.POST`; an uploaded file is shown with its bytes.
def shown(value)
  case value
  when Hash
    if value.key?(:tempfile)
      value[:tempfile].rewind
      { filename: value[:filename], type: value[:type], content: value[:tempfile].read }
    else
      value.transform_values { |inner| shown(inner) }
    end
  when Array then value.map { |inner| shown(inner) }
  else value
  end
end

env = { 'REQUEST_METHOD' => 'POST', 'CONTENT_TYPE' => content_type,
        'CONTENT_LENGTH' => body.bytesize.to_s, 'rack.input' => StringIO.new(body) }
pp shown(Rack::Multipart.parse_multipart(env))
