#!/usr/bin/perl
# HTTP::Entity::Parser (Debian's libhttp-entity-parser-perl), the body parser of Plack::Request,
# with its multipart module HTTP::Entity::Parser::MultiPart over HTTP::MultiPartParser, speaking
# the multipart-check decoder process contract (version 1).
#
# The application-facing call is what Plack::Request does: a parser with `multipart/form-data`
# registered to HTTP::Entity::Parser::MultiPart, then `parse($env)` on a PSGI environment, which
# returns the text fields and the uploads as two flat lists of name and value in body order (Plack
# hands them out as `body_parameters` and `uploads`). The order between a field and a file is not
# reported, nor a text field's Content-Type. Values are bytes. The parser dies on a body it cannot
# parse (Plack answers 400): a rejection. The driver adds no rule of its own.
use strict;
use warnings;
use FindBin;
use lib $FindBin::Bin;
use HTTP::Entity::Parser;
use perl_contract qw(part rejected serve);

serve(sub {
    my ($content_type, $body) = @_;
    open my $input, '<', \$body or die "cannot read the body: $!";
    my $env = { REQUEST_METHOD => 'POST', CONTENT_TYPE => $content_type, CONTENT_LENGTH => length $body,
                'psgi.input' => $input };
    my $parser = HTTP::Entity::Parser->new;
    $parser->register('multipart/form-data', 'HTTP::Entity::Parser::MultiPart');
    my ($params, $uploads) = eval { $parser->parse($env) };
    die rejected("HTTP::Entity::Parser: " . ($@ =~ s/\s+\z//r)) if $@;
    my @parts;
    for (my $i = 0; $i < @$params; $i += 2) {
        push @parts, part($params->[$i], undef, undef, $params->[$i + 1]);
    }
    for (my $i = 0; $i < @$uploads; $i += 2) {
        my $upload = $uploads->[$i + 1];
        open my $handle, '<:raw', $upload->{tempname} or die "cannot read the upload: $!";
        my $content = do { local $/; <$handle> } // '';
        my %headers = @{ $upload->{headers} // [] };
        my ($type) = map { $headers{$_} } grep { lc $_ eq 'content-type' } keys %headers;
        push @parts, part($uploads->[$i], $upload->{filename}, $type, $content);
    }
    return \@parts;
});
