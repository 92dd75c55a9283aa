#!/usr/bin/perl
# Perl's HTTP::Request::Common (Debian's libhttp-message-perl, with libwww-perl), as LWP scripts post
# forms: `POST $url, Content_Type => 'form-data', Content => [name => value, ...]` (with
# `Content_Type => 'multipart/form-data; boundary="B"'` when a boundary is given), a
# file as `name => [undef, $filename, 'Content-Type' => $type, Content => $bytes]` and a typed field
# without a filename as `name => [undef, undef, 'Content-Type' => $type, Content => $bytes]`. The
# request is built, not sent: its content is the body and its Content-Type header the answer's.
# HTTP::Request::Common takes the given boundary (and picks another if the form holds it).
#
# What the API cannot say: nothing; every form of the contract can be written.
use strict;
use warnings;
use HTTP::Request::Common qw(POST);
use Encode ();
use JSON::PP;
use MIME::Base64 qw(encode_base64 decode_base64);

binmode STDIN;
binmode STDOUT;
my $request = decode_json(do { local $/; <STDIN> });
my $answer;
if (($request->{version} // 0) != 1) {
    $answer = { error => 'unsupported contract version' };
} else {
    my @content;
    for my $field (@{ $request->{fields} }) {
        # Strings are UTF-8 bytes on the wire; JSON::PP gives characters.
        my $name = Encode::encode('UTF-8', $field->{name});
        my $value = exists $field->{value_base64} ? decode_base64($field->{value_base64}) : Encode::encode('UTF-8', $field->{value});
        if (exists $field->{filename} or exists $field->{content_type}) {
            my $filename = exists $field->{filename} ? Encode::encode('UTF-8', $field->{filename}) : undef;
            my @headers = exists $field->{content_type} ? ('Content-Type' => $field->{content_type}) : ();
            push @content, $name => [undef, $filename, @headers, Content => $value];
        } else {
            push @content, $name => $value;
        }
    }
    # The documented shorthand is 'form-data'; a boundary goes in the full media type.
    my $type = defined $request->{boundary} ? "multipart/form-data; boundary=\"$request->{boundary}\"" : 'form-data';
    my $post = eval { POST 'http://127.0.0.1/upload', Content_Type => $type, Content => \@content };
    $answer = $post ? { content_type => scalar $post->header('Content-Type'), body_base64 => encode_base64($post->content, '') }
                    : { error => "HTTP::Request::Common: $@" };
}
print JSON::PP->new->utf8->canonical->encode($answer), "\n";
