import MultipartFormSystem

/// The one way a command that starts other programs (`certify`, `compare`, `serve`) ends what
/// they leave behind: a driver's `setsid sleep &` outlives its process group, and without
/// this it would outlive the command too, carrying the command's marker in its environment.
enum LeftoverChildren {
    /// Runs `body`, then kills every descendant it left running (``ChildProcessDescendants``) and,
    /// when there were any, notes how many on `stderr`: in a process the command does not own (a
    /// library caller, a test), only those its own children left. An interrupting signal meanwhile
    /// kills the running children and sweeps the rest before the process ends by it, unless `body`
    /// stops on the signals itself.
    ///
    /// - Parameter stopsOnSignals: Whether `body` handles `SIGINT`, `SIGTERM` and `SIGHUP` by
    ///   stopping and returning (`serve`, through ``StopSignals``). Then no handler of the clean-up's
    ///   is installed, even for a moment: one that took a signal before `body` installed its own
    ///   would end the process by the signal, handing it to the thread that sweeps and re-raises,
    ///   instead of letting `body` stop and say its totals. Orphans are still adopted, and the
    ///   sweep runs once `body` has returned; in a process the command does not own (a test calling
    ///   it in-process) it does not, since `body` ends each piece of its work's leftovers itself
    ///   and a sweep there would take other commands' running in that process.
    static func cleaningUp<Result, Stream: TextOutputStream>(
        stderr: inout Stream, stopsOnSignals: Bool = false, _ body: (inout Stream) -> Result
    ) -> Result {
        if stopsOnSignals {
            ChildProcessDescendants.adoptOrphans()
        } else {
            ChildProcessDescendants.adopt()
        }
        // In a process the command does not own, its children carry a scope of their own, so that
        // its sweep takes only what they left, never what other code running there left.
        let owns = ChildProcessDescendants.ownsAllChildren
        let scope = owns ? nil : ChildProcessDescendants.Scope()
        let result = ChildProcessDescendants.withScope(scope ?? ChildProcessDescendants.currentScope) { body(&stderr) }
        if stopsOnSignals {
            guard owns else { return result }
        } else {
            ChildProcessGroups.waitIfInterrupted()
        }
        // A command that started nothing (a usage error) left nothing behind.
        guard ChildProcessGroups.hasSpawned else { return result }
        let killed = scope.map { ChildProcessDescendants.killAll(in: $0) } ?? ChildProcessDescendants.killAll()
        if let note = note(killed: killed, by: "the command", outside: "its process group") {
            stderr.write("note: \(note)\n")
        }
        return result
    }

    /// Runs `body` as one piece of work of a command that goes on after it (each comparison `serve`
    /// runs), then kills what the children it started left running, and nothing else the command
    /// started; returns `body`'s result and, when something was killed, a note saying how many.
    ///
    /// The children carry a scope of their own (``ChildProcessDescendants/Scope``), so two pieces
    /// running at once never take each other's processes. Signals are left to the command: `serve`
    /// stops on them itself, and a sweep that ended the process would race with its stop.
    static func cleaningUpScope<Result>(_ body: () -> Result) -> (result: Result, note: String?) {
        let scope = ChildProcessDescendants.Scope()
        let result = ChildProcessDescendants.withScope(scope, body)
        let note = note(killed: ChildProcessDescendants.killAll(in: scope), by: "the parsers", outside: "their process groups")
        return (result, note)
    }

    /// `killed 2 processes the command left running outside its process group`, or `nil` for none.
    private static func note(killed: Int, by whom: String, outside groups: String) -> String? {
        guard killed > 0 else { return nil }
        return "killed \(killed) process\(killed == 1 ? "" : "es") \(whom) left running outside \(groups)"
    }
}
