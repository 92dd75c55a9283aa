# The decoder process contract (version 1) for the Perl drivers: read one request, write one answer.
#
# serve(\&decode): decode($content_type, $body) returns an array ref of part(...) hashes, or dies
# with a Rejected object (rejected('why')) when the parser reports an error. Anything else it dies
# with is a crash: the process exits non-zero, as the contract requires.
package perl_contract;
use strict;
use warnings;
use Encode ();
use Exporter 'import';
use JSON::PP;
use MIME::Base64 qw(encode_base64 decode_base64);

our @EXPORT_OK = qw(part rejected serve);

sub member {
    my ($key, $value) = @_;
    return ($key => undef) unless defined $value;
    # A reference would be sent as its address ("ARRAY(0x...)"): a driver bug, never the parser's answer.
    die "driver bug: '$key' is a " . ref($value) . " reference, not a value\n" if ref $value;
    # A character string (Perl's own decoding) is sent as it is; bytes as UTF-8 or base64.
    return ($key => $value) if utf8::is_utf8($value);
    my $text = eval { Encode::decode('UTF-8', "$value", Encode::FB_CROAK) };
    return defined $text ? ($key => $text) : ("${key}_base64" => encode_base64("$value", ''));
}

sub part {
    my ($name, $filename, $type, $body) = @_;
    $body = Encode::encode('UTF-8', $body) if utf8::is_utf8($body);
    return { member('name', $name), member('filename', $filename), member('content_type', $type),
             body_base64 => encode_base64($body, '') };
}

sub rejected { return bless { why => $_[0] }, 'perl_contract::Rejected' }

sub serve {
    my ($decode) = @_;
    binmode STDIN;
    my $request = decode_json(do { local $/; <STDIN> });
    my $answer;
    if (($request->{version} // 0) != 1) {
        $answer = { error => 'unsupported contract version' };
    } else {
        my $parts = eval { $decode->($request->{content_type}, decode_base64($request->{body_base64})) };
        if (my $error = $@) {
            die $error unless ref $error eq 'perl_contract::Rejected';
            $answer = { error => $error->{why} };
        } else {
            $answer = { parts => $parts };
        }
    }
    # content_type_base64 is not in the contract: a type that is not UTF-8 goes as Latin-1 characters.
    for my $part (@{ $answer->{parts} // [] }) {
        if (exists $part->{content_type_base64}) {
            $part->{content_type} = Encode::decode('latin-1', decode_base64(delete $part->{content_type_base64}));
        }
    }
    binmode STDOUT;
    print JSON::PP->new->utf8->canonical->encode($answer), "\n";
}

1;
