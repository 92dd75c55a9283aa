# @@TITLE@@
# Tested with @@VERSION@@.  Run: perl repro.pl
use strict;
use warnings;
use HTTP::Body;
use Data::Dumper;
$Data::Dumper::Useqq = 1;
$Data::Dumper::Terse = 1;
$Data::Dumper::Sortkeys = 1;
$Data::Dumper::Indent = 1;

my $content_type = @@CONTENT_TYPE@@;
my $body = @@BODY@@;

# As Catalyst::Request reads `body_parameters` and `uploads`: the body given to HTTP::Body with `add`.
my $parser = HTTP::Body->new($content_type, length $body);
$parser->cleanup(1);
$parser->add($body);
print 'state: ', $parser->state, "\n";
print 'param: ', Dumper($parser->param);
my $uploads = $parser->upload;
for my $name (sort keys %$uploads) {
    for my $upload (ref $uploads->{$name} eq 'ARRAY' ? @{ $uploads->{$name} } : ($uploads->{$name})) {
        open my $handle, '<:raw', $upload->{tempname} or die "cannot read the upload: $!";
        my $content = do { local $/; <$handle> } // '';
        print 'upload: ', Dumper({ name => $name, filename => $upload->{filename}, headers => $upload->{headers}, content => $content });
    }
}
