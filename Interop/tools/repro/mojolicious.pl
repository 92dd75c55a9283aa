# @@TITLE@@
# Tested with @@VERSION@@.  Run: perl repro.pl
use strict;
use warnings;
use Mojo::Message::Request;
use Data::Dumper;
$Data::Dumper::Useqq = 1;
$Data::Dumper::Terse = 1;
$Data::Dumper::Sortkeys = 1;
$Data::Dumper::Indent = 1;

my $content_type = @@CONTENT_TYPE@@;
my $body = @@BODY@@;

# As Mojo::Server hands a request to a controller that reads `$c->req->body_params` and `$c->req->uploads`.
my $request = Mojo::Message::Request->new;
$request->max_message_size(0);
$request->parse("POST /upload HTTP/1.1\x0d\x0aHost: 127.0.0.1\x0d\x0aContent-Type: $content_type\x0d\x0a"
    . "Content-Length: " . length($body) . "\x0d\x0a\x0d\x0a");
$request->parse($body);
print 'error: ', Dumper($request->error), 'finished: ', ($request->is_finished ? 'yes' : 'no'), "\n";
print 'body_params: ', Dumper($request->body_params->pairs);
for my $upload (@{ $request->uploads }) {
    print 'upload: ', Dumper({ name => $upload->name, filename => $upload->filename,
                               content_type => $upload->headers->content_type, content => $upload->slurp });
}
