# @@TITLE@@
# Tested with @@VERSION@@.  Run: perl repro.pl
use strict;
use warnings;
use HTTP::Entity::Parser;
use Data::Dumper;
$Data::Dumper::Useqq = 1;
$Data::Dumper::Terse = 1;
$Data::Dumper::Sortkeys = 1;
$Data::Dumper::Indent = 1;

my $content_type = @@CONTENT_TYPE@@;
my $body = @@BODY@@;

# As Plack::Request reads `body_parameters` and `uploads`.
open my $input, '<', \$body or die "cannot read the body: $!";
my $env = { REQUEST_METHOD => 'POST', CONTENT_TYPE => $content_type, CONTENT_LENGTH => length $body, 'psgi.input' => $input };
my $parser = HTTP::Entity::Parser->new;
$parser->register('multipart/form-data', 'HTTP::Entity::Parser::MultiPart');
my ($params, $uploads) = $parser->parse($env);
print 'params: ', Dumper($params);
for (my $i = 0; $i < @$uploads; $i += 2) {
    my $upload = $uploads->[$i + 1];
    open my $handle, '<:raw', $upload->{tempname} or die "cannot read the upload: $!";
    my $content = do { local $/; <$handle> } // '';
    print 'upload: ', Dumper({ name => $uploads->[$i], filename => $upload->{filename}, headers => $upload->{headers}, content => $content });
}
