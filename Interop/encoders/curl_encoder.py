"""curl, the command-line tool: the form as `-F` lines of a config file (`curl -K FILE`), posted to a
loopback listener that hands back the bytes curl sent.

Every value is written to a temporary file first, so any bytes can be sent: a text field is
`-F 'name=<FILE'` (the value read from the file, no filename), plus `;type=T` when it has a media
type; a file is `-F 'name=@FILE;filename="F";type=T'`, the filename quoted as curl's `-F` syntax
asks (`\\` and `"` escaped). The config file's own quoting carries CR, LF and tabs. curl chooses its
own boundary.

What the API cannot say: an empty form (with no `-F`, curl sends no multipart body). Besides, a
name holding '=' (the `-F` syntax ends the name at the first '=') and a NUL in a name or filename
(a command-line string ends there) cannot be written; such forms are answered as refused.
"""
import os
import subprocess
import tempfile

from encoder_contract import Unsayable, serve
from loopback_capture import capture


def config_string(raw):
    """A config-file string: double-quoted, with \\, ", CR, LF and tab escaped (curl's config syntax)."""
    escaped = raw.replace(b"\\", b"\\\\").replace(b'"', b'\\"').replace(b"\r", b"\\r").replace(b"\n", b"\\n").replace(b"\t", b"\\t")
    return b'"' + escaped + b'"'


def encode(fields, boundary):
    if not fields:
        raise Unsayable("with no -F, curl sends no multipart body")
    with tempfile.TemporaryDirectory(prefix="curl-encoder-") as work:
        lines = [b"silent", b"show-error", b'output = "/dev/null"', b"max-time = 20"]
        for index, field in enumerate(fields):
            name = field.name.encode("utf-8")
            if b"=" in name or b"\0" in name:
                raise Unsayable("curl's -F syntax cannot say a name holding '=' or NUL")
            path = os.path.join(work, "value%d" % index)
            with open(path, "wb") as value:
                value.write(field.value_bytes)
            if field.filename is None:
                form = name + b"=<" + path.encode()
            else:
                filename = field.filename.encode("utf-8")
                if b"\0" in filename:
                    raise Unsayable("a command-line string cannot hold NUL")
                quoted = filename.replace(b"\\", b"\\\\").replace(b'"', b'\\"')
                form = name + b"=@" + path.encode() + b';filename="' + quoted + b'"'
            if field.content_type is not None:
                form += b";type=" + field.content_type.encode("utf-8")
            lines.append(b"form = " + config_string(form))
        config = os.path.join(work, "config")
        with open(config, "wb") as output:
            output.write(b"\n".join(lines) + b"\n")

        def send(url):
            completed = subprocess.run(["curl", "-K", config, "-X", "POST", url], capture_output=True)
            if completed.returncode != 0:
                raise RuntimeError("curl failed (%d): %s" % (completed.returncode, completed.stderr.decode(errors="replace").strip()))

        return capture(send)


serve(encode)
