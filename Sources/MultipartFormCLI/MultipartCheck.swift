/// The `multipart-check` command line, as a library so it can be tested in-process.
public enum MultipartCheck {
    /// Runs the command with the process's standard streams and returns the exit status.
    public static func main(arguments: [String]) -> Int32 {
        0
    }
}
