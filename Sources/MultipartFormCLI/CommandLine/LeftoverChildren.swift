import MultipartFormSystem

/// The one way a command that starts other programs (`certify`, `compare`) ends what they leave
/// behind: a driver's `setsid sleep &` outlives its process group, and without this it would
/// outlive the command too, carrying the command's marker in its environment.
enum LeftoverChildren {
    /// Runs `body`, then kills every descendant it left running (``ChildProcessDescendants``) and,
    /// when there were any, notes how many on `stderr`. An interrupting signal meanwhile kills the
    /// running children and sweeps the rest before the process ends by it.
    static func cleaningUp<Result, Stream: TextOutputStream>(stderr: inout Stream, _ body: (inout Stream) -> Result) -> Result {
        ChildProcessDescendants.adopt()
        let result = body(&stderr)
        ChildProcessGroups.waitIfInterrupted()
        // A command that started nothing (a usage error) left nothing behind.
        guard ChildProcessGroups.hasSpawned else { return result }
        let killed = ChildProcessDescendants.killAll()
        if killed > 0 {
            stderr.write(
                "note: killed \(killed) process\(killed == 1 ? "" : "es") the command left running outside its process group\n")
        }
        return result
    }
}
