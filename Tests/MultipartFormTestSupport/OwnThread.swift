import Foundation
import Testing

/// A trait that runs each test on a thread of its own instead of one of Swift Testing's shared
/// threads.
///
/// Tests run side by side on a pool as wide as the machine has cores. A test that waits (on a
/// child process, a socket, a time-out) holds its pool thread while it waits, and on a two-core
/// machine that halves how many tests run at once. Suites whose tests mostly wait take this trait,
/// so their waiting costs nobody else a thread. Where task executors are not available (Apple
/// platforms before macOS 15 and the like), the test runs as it would without the trait.
package struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    /// The trait applies to every test of a suite it is given to.
    package var isRecursive: Bool { true }

    /// Runs the test with a thread of its own as its task executor.
    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil || !test.isSuite else { return try await function() }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            let executor = ThreadTaskExecutor()
            defer { executor.finish() }
            try await withTaskExecutorPreference(executor) { try await function() }
        } else {
            try await function()
        }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Each test runs on a thread of its own: for tests that spend their time waiting.
    package static var ownThread: Self { OwnThreadTrait() }
}

/// A task executor with one thread, which runs the jobs given to it in order until it is finished.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class ThreadTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    init() {
        let thread = Thread { [self] in run() }
        thread.name = "own-thread test"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once the jobs it holds have run.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
