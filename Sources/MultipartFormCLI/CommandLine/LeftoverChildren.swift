import MultipartFormSystem

/// The one way a command that starts other programs (`certify`, `compare`, `serve --parser`) ends
/// what they leave behind: a driver's `setsid sleep &` outlives its process group, and without this
/// it would outlive the command too, carrying the command's marker in its environment.
enum LeftoverChildren {
    /// Runs `body`, then kills every descendant it left running (``ChildProcessDescendants``) and,
    /// when there were any, notes how many on `stderr`.
    ///
    /// - Parameter handlesStopSignals: whether `body` handles `SIGINT`, `SIGTERM` and `SIGHUP` itself
    ///   (`serve` stops on them and prints its totals). Then the signals are left to it: the
    ///   descendants are still ended when it returns, but an interrupting signal does not sweep them
    ///   and end the process first, which would race with the command's own stop.
    static func cleaningUp<Result, Stream: TextOutputStream>(
        stderr: inout Stream, handlesStopSignals: Bool = false, _ body: (inout Stream) -> Result
    ) -> Result {
        if !handlesStopSignals { ChildProcessDescendants.adopt() }
        let result = body(&stderr)
        if !handlesStopSignals { ChildProcessGroups.waitIfInterrupted() }
        let killed = ChildProcessDescendants.killAll()
        if killed > 0 {
            stderr.write(
                "note: killed \(killed) process\(killed == 1 ? "" : "es") the command left running outside its process group\n")
        }
        return result
    }
}
