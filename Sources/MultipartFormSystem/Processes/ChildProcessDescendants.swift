#if os(macOS) || os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The processes a child started and left behind outside its process group (`setsid cmd &`, a
/// daemon), found and killed when the run ends or is interrupted, so none outlives it.
///
/// A child's process group is killed when the child ends (``ChildProcessSession``), but a process
/// that made a session or group of its own is not in it. Two ways find such processes:
/// - every child is spawned with ``markerVariable`` in its environment, which its descendants
///   inherit: on Linux, every process whose `/proc/<pid>/environ` holds this run's marker is one
///   of them, whoever its parent is now;
/// - with ``adopt()`` on Linux the process becomes a child subreaper
///   (`PR_SET_CHILD_SUBREAPER`), so an orphaned descendant becomes its child rather than init's;
///   when it owns all its children (the command line, not a library in someone's process), every
///   child it did not spawn itself is such a descendant, even one that cleared its environment.
///
/// A process that runs for long and starts children for separate pieces of work (`serve`'s
/// comparisons) ends each piece's leftovers when it ends, with ``Scope`` and ``killAll(in:)``.
///
/// Where neither is available (macOS has no `/proc` and no subreaper), only the process groups are
/// killed; CONFORMANCE.md says so.
package enum ChildProcessDescendants {
    /// The environment variable every child is spawned with.
    package static let markerVariable = "MULTIPART_CHECK_RUN"
    /// This process's marker: its pid and a random number, so a marker never matches another run's.
    package static let marker = "\(getpid())-\(UInt64.random(in: 1...UInt64.max))"

    /// This process's environment without any marker it inherited.
    static let inherited: [String] = {
        var entries: [String] = []
        if var pointer = SystemCalls.environment {
            while let entry = pointer.pointee {
                entries.append(String(cString: entry))
                pointer += 1
            }
        }
        return unmarked(entries)
    }()

    /// `NAME=value` of this process's marker.
    static var markerEntry: String { "\(markerVariable)=\(marker)" }

    /// The environment variable naming the ``Scope`` a child was spawned in, beside the marker.
    package static let scopeVariable = "MULTIPART_CHECK_SCOPE"

    /// A piece of work inside a longer run, such as one of `serve`'s comparisons, whose children's
    /// leftovers ``killAll(in:)`` ends apart from everything else the run started.
    ///
    /// Children spawned on a thread that runs inside a scope (``withScope(_:_:)``) carry its tag in
    /// ``scopeVariable`` as well as the run's marker, and so do their descendants.
    package struct Scope: Sendable, Hashable {
        /// The value of ``ChildProcessDescendants/scopeVariable`` its children are spawned with.
        package let tag: String

        /// A scope of its own: no other scope of this process has its tag.
        package init() {
            tag = String(UInt64.random(in: 1...UInt64.max), radix: 16)
        }

        /// `NAME=value` of the scope's entry in a child's environment.
        var entry: String { "\(ChildProcessDescendants.scopeVariable)=\(tag)" }
    }

    /// The scope the calling thread spawns children in, if any.
    @TaskLocal package static var currentScope: Scope?

    /// Runs `body` with `scope` as the calling thread's scope (``currentScope``): threads that
    /// `body` hands work to take it with them by calling this again.
    package static func withScope<Result>(_ scope: Scope?, _ body: () throws -> Result) rethrows -> Result {
        try $currentScope.withValue(scope, operation: body)
    }

    /// `entries` (`NAME=value`) without a marker or a scope.
    static func unmarked(_ entries: [String]) -> [String] {
        entries.filter { !$0.hasPrefix(markerVariable + "=") && !$0.hasPrefix(scopeVariable + "=") }
    }

    /// What a child spawned now carries: the marker, and the calling thread's scope if it has one.
    static var markerEntries: [String] {
        [markerEntry] + (currentScope.map { [$0.entry] } ?? [])
    }

    /// Whether every child of this process that it did not spawn through ``ChildProcess`` is a
    /// descendant left behind: set by the command line's entry point, never by a library caller.
    nonisolated(unsafe) package static var ownsAllChildren = false

    /// Whether orphaned descendants become this process's children (it is a subreaper).
    nonisolated(unsafe) private static var adopting = false

    /// Lets an interrupting signal kill the descendants left behind before this process ends
    /// (``ChildProcessGroups``), and makes orphaned descendants this process's children
    /// (``adoptOrphans()``).
    package static func adopt() {
        adoptOrphans()
        ChildProcessGroups.killsDescendantsOnSignal()
    }

    /// When this process owns all its children, makes orphaned descendants its own children
    /// (Linux), and leaves the signals alone: what a command that stops on them itself (`serve`)
    /// calls. In someone else's process it does nothing: adopted orphans are reaped here, which
    /// would take children that other code waits for.
    package static func adoptOrphans() {
        if ownsAllChildren && !adopting { adopting = SystemCalls.becomeChildSubreaper() }
    }

    /// Reaps adopted orphans that have ended, so none stays a zombie while the run goes on: called
    /// after each child. A registered child is reaped by its own session, never here.
    static func reapAdopted() {
        #if os(Linux)
        guard adopting else { return }
        let me = getpid()
        let running = Set(ChildProcessGroups.registered())
        for name in (try? FileSystem.entries(of: "/proc")) ?? [] {
            guard let pid = Int32(name), !running.contains(pid),
                let status = try? FileSystem.read("/proc/\(name)/stat", limit: 4096), let fields = parse(status),
                fields.parent == me, fields.zombie
            else { continue }
            var ended: Int32 = 0
            _ = waitpid(pid, &ended, WNOHANG)
        }
        #endif
    }

    /// Kills every descendant left behind, and reaps those that are this process's children; returns
    /// how many were killed. Call it once no child is running (the run's end); the signal path kills
    /// the running children too (`includingRunning`).
    @discardableResult
    package static func killAll(includingRunning: Bool = false) -> Int {
        #if os(Linux)
        return killRepeatedly { leftBehind(includingRunning: includingRunning) }
        #else
        return 0
        #endif
    }

    /// Kills every descendant that children spawned in `scope` left running, and nothing else: call
    /// it once the scope's work has ended, while other work of the run may still be going (its
    /// children carry other scopes, or none). Returns how many were killed.
    ///
    /// Unlike ``killAll(includingRunning:)`` it finds them by their environment only: a child of
    /// this process that carries no scope may be another piece of work's, just spawned.
    @discardableResult
    package static func killAll(in scope: Scope) -> Int {
        #if os(Linux)
        return killRepeatedly { leftBehind(in: scope) }
        #else
        return 0
        #endif
    }

    #if os(Linux)
    /// Kills what `find` finds, again until it finds nothing new, and reaps those that are this
    /// process's children; returns how many were killed.
    private static func killRepeatedly(_ find: () -> [Int32]) -> Int {
        var killed: Set<Int32> = []
        // Killing one can orphan its own children onto this process: look again until none is left.
        for _ in 0..<50 {
            let left = find().filter { !killed.contains($0) || isAlive($0) }
            if left.isEmpty { break }
            for pid in left {
                kill(pid, SIGKILL)
                killed.insert(pid)
            }
            reapChildren(killed)
            usleep(5_000)
        }
        reapChildren(killed)
        return killed.count
    }

    /// The processes left behind now: those carrying the marker, and, when this process owns all
    /// its children, its children that no running child registered. Processes in a running child's
    /// group are that child's, and go with its group: another run in this process may still be going.
    ///
    /// Where this process does not own all its children, a child of its own and the group it leads
    /// are never taken: such a child is one another thread has just spawned and not yet registered,
    /// or one that other code started and waits for.
    private static func leftBehind(includingRunning: Bool) -> [Int32] {
        let me = getpid()
        let running = includingRunning ? [] : Set(ChildProcessGroups.registered())
        let needle = Array("\(markerVariable)=\(marker)\0".utf8)
        var processes: [(pid: Int32, parent: Int32, group: Int32)] = []
        for name in (try? FileSystem.entries(of: "/proc")) ?? [] {
            guard let pid = Int32(name), pid != me, !running.contains(pid) else { continue }
            guard let status = try? FileSystem.read("/proc/\(name)/stat", limit: 4096), let fields = parse(status) else { continue }
            if fields.zombie || running.contains(fields.group) { continue }
            processes.append((pid, fields.parent, fields.group))
        }
        let spared: Set<Int32> = includingRunning || ownsAllChildren ? [] : Set(processes.filter { $0.parent == me }.map(\.pid))
        var found: [Int32] = []
        for process in processes where !spared.contains(process.pid) && !spared.contains(process.group) {
            if ownsAllChildren && process.parent == me {
                found.append(process.pid)
                continue
            }
            if let environment = try? FileSystem.read("/proc/\(process.pid)/environ", limit: 8 * 1024 * 1024),
                contains(environment, needle)
            {
                found.append(process.pid)
            }
        }
        return found
    }

    /// The processes carrying both this run's marker and `scope`'s tag, other than the running
    /// children and their groups.
    private static func leftBehind(in scope: Scope) -> [Int32] {
        let me = getpid()
        let running = Set(ChildProcessGroups.registered())
        let needles = [Array("\(markerEntry)\0".utf8), Array("\(scope.entry)\0".utf8)]
        var found: [Int32] = []
        for name in (try? FileSystem.entries(of: "/proc")) ?? [] {
            guard let pid = Int32(name), pid != me, !running.contains(pid) else { continue }
            guard let status = try? FileSystem.read("/proc/\(name)/stat", limit: 4096), let fields = parse(status) else { continue }
            if fields.zombie || running.contains(fields.group) { continue }
            if let environment = try? FileSystem.read("/proc/\(name)/environ", limit: 8 * 1024 * 1024),
                needles.allSatisfy({ contains(environment, $0) })
            {
                found.append(pid)
            }
        }
        return found
    }

    /// The parent, the process group and whether the process is a zombie, from `/proc/<pid>/stat`
    /// (`pid (comm) S ppid pgrp ...`, where the command name may hold spaces and parentheses: the
    /// fields start after the last `)`).
    private static func parse(_ stat: [UInt8]) -> (parent: Int32, group: Int32, zombie: Bool)? {
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count >= 3, let parent = Int32(String(decoding: fields[1], as: UTF8.self)),
            let group = Int32(String(decoding: fields[2], as: UTF8.self))
        else { return nil }
        return (parent, group, fields[0].first == UInt8(ascii: "Z"))
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        // Entries are NUL-terminated: the marker is a whole entry at the start or after a NUL.
        var start = 0
        while start < haystack.count {
            let end = haystack[start...].firstIndex(of: 0).map { $0 + 1 } ?? haystack.count
            if haystack[start..<end].elementsEqual(needle) { return true }
            start = end
        }
        return false
    }

    private static func isAlive(_ pid: Int32) -> Bool {
        guard let status = try? FileSystem.read("/proc/\(pid)/stat", limit: 4096), let fields = parse(status) else { return false }
        return !fields.zombie
    }

    /// Reaps the killed processes that are this process's children (adopted orphans), so none stays a zombie.
    private static func reapChildren(_ pids: Set<Int32>) {
        for pid in pids {
            var status: Int32 = 0
            _ = waitpid(pid, &status, WNOHANG)
        }
    }
    #endif
}
#endif
