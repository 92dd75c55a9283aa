#!/usr/bin/perl
# HTTP::Body (Debian's libhttp-body-perl), the body parser of Catalyst, speaking the multipart-check
# decoder process contract (version 1).
#
# The application-facing call is what Catalyst::Request does: `HTTP::Body->new($content_type,
# $length)`, the body given with `add`, then `param` (a name's text values) and `upload` (a name's
# uploads: filename, headers, temporary file), which Catalyst hands out as `body_parameters` and
# `uploads`. Both are hashes by name, so the order between names is not reported, nor a text
# field's Content-Type. Values are bytes. HTTP::Body dies on a body it cannot parse (Catalyst
# answers 400): a rejection. A body HTTP::Body has not finished reading (`state` is not `done`) is
# what Catalyst reads as it stands: its parts are reported. The driver adds no rule of its own.
use strict;
use warnings;
use FindBin;
use lib $FindBin::Bin;
use HTTP::Body;
use perl_contract qw(part rejected serve);

serve(sub {
    my ($content_type, $body) = @_;
    my $parser = eval { HTTP::Body->new($content_type, length $body) } or die rejected("HTTP::Body: $@");
    $parser->cleanup(1);
    eval { $parser->add($body); 1 } or die rejected("HTTP::Body: " . ($@ =~ s/\s+\z//r));
    my @parts;
    my $params = $parser->param;
    for my $name (sort keys %$params) {
        my $values = $params->{$name};
        push @parts, part($name, undef, undef, $_) for ref $values eq 'ARRAY' ? @$values : ($values);
    }
    my $uploads = $parser->upload;
    for my $name (sort keys %$uploads) {
        my $files = $uploads->{$name};
        for my $upload (ref $files eq 'ARRAY' ? @$files : ($files)) {
            open my $handle, '<:raw', $upload->{tempname} or die "cannot read the upload: $!";
            my $content = do { local $/; <$handle> } // '';
            # A repeated header comes back as a list of its values: report them as one field value,
            # combined as HTTP combines repeated fields (RFC 9110 §5.3), never the list's address.
            my $type = $upload->{headers}{'Content-Type'};
            $type = join(', ', @$type) if ref $type eq 'ARRAY';
            push @parts, part($name, $upload->{filename}, $type, $content);
        }
    }
    return \@parts;
});
