#!/usr/bin/perl
# Perl's CGI.pm (Debian's libcgi-pm-perl), as CGI scripts read `param` and `upload`, speaking the
# multipart-check decoder process contract (version 1).
#
# CGI.pm lists names in the order each first appears, with every value of a name together, so the
# order between parts of different names is not reported, nor a text field's Content-Type. Values
# are bytes. A body CGI.pm cannot read sets `cgi_error` or dies with "Malformed multipart POST": a
# rejection; any other death is a crash. This driver adds no rule of its own.
use strict;
use warnings;
use CGI;
use Encode ();
use JSON::PP;
use MIME::Base64 qw(encode_base64 decode_base64);

sub member {
    my ($key, $value) = @_;
    return ($key => undef) unless defined $value;
    my $text = eval { Encode::decode('UTF-8', "$value", Encode::FB_CROAK) };
    return defined $text ? ($key => $text) : ("${key}_base64" => encode_base64("$value", ''));
}

sub part {
    my ($name, $filename, $type, $body) = @_;
    return { member('name', $name), member('filename', $filename), content_type => $type,
             body_base64 => encode_base64($body, '') };
}

my $request = decode_json(do { local $/; <STDIN> });
my $answer;
if (($request->{version} // 0) != 1) {
    $answer = { error => 'unsupported contract version' };
} else {
    my $body = decode_base64($request->{body_base64});
    local $ENV{REQUEST_METHOD} = 'POST';
    local $ENV{CONTENT_TYPE} = $request->{content_type};
    local $ENV{CONTENT_LENGTH} = length $body;
    close STDIN;
    open STDIN, '<', \$body or die "cannot read the body: $!";
    binmode STDIN;
    # CGI.pm reports a body it cannot frame by dying with "Malformed multipart POST".
    my $cgi = eval { CGI->new };
    if (!$cgi) {
        die $@ unless $@ =~ /Malformed multipart POST/;
        $answer = { error => "CGI.pm: $@" =~ s/\s+\z//r };
    } elsif (my $error = $cgi->cgi_error) {
        $answer = { error => $error };
    } else {
        my @parts;
        for my $name ($cgi->multi_param) {
            for my $value ($cgi->multi_param($name)) {
                if (ref $value && (my $info = $cgi->uploadInfo($value))) {
                    my $handle = $value->handle;
                    binmode $handle;
                    seek $handle, 0, 0;
                    my $content = do { local $/; <$handle> } // '';
                    push @parts, part($name, "$value", $info->{'Content-Type'}, $content);
                } else {
                    push @parts, part($name, undef, undef, "$value");
                }
            }
        }
        $answer = { parts => \@parts };
    }
}
print JSON::PP->new->utf8->canonical->encode($answer), "\n";
