# @@TITLE@@
# Tested with @@VERSION@@.  Run: perl repro.pl
use strict;
use warnings;
use CGI;
use Data::Dumper;
$Data::Dumper::Useqq = 1;
$Data::Dumper::Terse = 1;
$Data::Dumper::Sortkeys = 1;

my $content_type = @@CONTENT_TYPE@@;
my $body = @@BODY@@;

# As a CGI script reads `param` and `upload`.
$ENV{REQUEST_METHOD} = 'POST';
$ENV{CONTENT_TYPE} = $content_type;
$ENV{CONTENT_LENGTH} = length $body;
close STDIN;
open STDIN, '<', \$body or die "cannot read the body: $!";
binmode STDIN;
my $cgi = CGI->new;
print 'cgi_error: ', ($cgi->cgi_error // 'none'), "\n";
my @names = $cgi->multi_param;
print scalar(@names), " name(s)\n";
for my $name (@names) {
    for my $value ($cgi->multi_param($name)) {
        if (ref $value && (my $info = $cgi->uploadInfo($value))) {
            my $handle = $value->handle;
            binmode $handle;
            seek $handle, 0, 0;
            my $content = do { local $/; <$handle> } // '';
            print 'file: ', Dumper({ name => $name, filename => "$value", type => $info->{'Content-Type'}, content => $content });
        } else {
            print 'field: ', Dumper({ name => $name, value => "$value" });
        }
    }
}
