#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error as a process that was started without some of them finds them.
///
/// A descriptor number left free is the next one `open`, `socket` or `pipe` returns: with standard
/// output closed (`>&-`), `serve`'s listening socket became descriptor 1, so its report went to the
/// socket, and waiting for it to take bytes never ended. ``reserve()`` fills each closed one with
/// `/dev/null` opened the wrong way round (standard input for writing, the outputs for reading), so
/// the number is taken and every use still fails with `EBADF`, as it would have while closed.
package enum StandardDescriptors {
    /// Fills descriptors 0, 1 and 2 that are closed, as described above; call it before opening anything.
    package static func reserve() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", (descriptor == 0 ? O_WRONLY : O_RDONLY) | O_NOCTTY)
            guard opened >= 0, opened != descriptor else { continue }
            // Another number came back (a lower one opened meanwhile by another thread): move it.
            _ = dup2(opened, descriptor)
            _ = close(opened)
        }
    }
}
