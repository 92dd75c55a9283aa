#!/usr/bin/perl
# Mojolicious (Debian's libmojolicious-perl), as a controller reads `$c->req->body_params` and
# `$c->req->uploads`, speaking the multipart-check decoder process contract (version 1).
#
# The application-facing call: the request is parsed by Mojo::Message::Request (`parse` with the
# request head and the body, as Mojo::Server does), then `body_params` gives the text fields in
# body order and `uploads` the file parts (Mojo::Upload: name, filename, headers, asset) in body
# order, so the order between a field and a file is not reported, nor a text field's Content-Type.
# Mojolicious decodes names, filenames and text values as UTF-8 (its default charset); a value that
# is not UTF-8 stays bytes. A request Mojo::Message marks with an `error` (or leaves unfinished) is
# what Mojo::Server answers with 400: a rejection. The driver adds no rule of its own.
use strict;
use warnings;
use FindBin;
use lib $FindBin::Bin;
use Mojo::Message::Request;
use perl_contract qw(part rejected serve);

serve(sub {
    my ($content_type, $body) = @_;
    my $request = Mojo::Message::Request->new;
    $request->max_message_size(0);
    $request->parse("POST /upload HTTP/1.1\x0d\x0aHost: 127.0.0.1\x0d\x0aContent-Type: $content_type\x0d\x0a"
        . "Content-Length: " . length($body) . "\x0d\x0a\x0d\x0a");
    $request->parse($body);
    if (my $error = $request->error) { die rejected("Mojolicious: $error->{message}") }
    die rejected('Mojolicious: the request is not finished') unless $request->is_finished;
    my @parts;
    my $pairs = $request->body_params->pairs;
    for (my $i = 0; $i < @$pairs; $i += 2) {
        push @parts, part($pairs->[$i], undef, undef, $pairs->[$i + 1]);
    }
    for my $upload (@{ $request->uploads }) {
        push @parts, part($upload->name, $upload->filename, $upload->headers->content_type, $upload->slurp);
    }
    return \@parts;
});
