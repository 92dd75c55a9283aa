import Foundation

/// Whether the slow tests run at their full sizes or in their fast form.
///
/// A contributor's `swift test` runs the fast form: growth tests at smaller sizes and soak tests
/// with fewer cases, each still able to fail the way its full form does. `MULTIPART_FULL_TESTS=1`,
/// which `.ci/run` sets, runs the full sizes.
package enum TestScale {
    /// The environment variable that selects the full sizes.
    package static let fullVariable = "MULTIPART_FULL_TESTS"

    /// Whether `MULTIPART_FULL_TESTS` is set.
    package static let isFull = ProcessInfo.processInfo.environment[fullVariable] != nil

    /// The environment variable that skips the tests that generate large inputs.
    package static let skipSlowVariable = "MULTIPART_SKIP_SLOW"

    /// Whether `MULTIPART_SKIP_SLOW` is set: the tests that generate large inputs do not run.
    package static let skipsSlow = ProcessInfo.processInfo.environment[skipSlowVariable] != nil

    /// `full` when the full sizes run, else `fast`.
    package static func pick<Value>(full: Value, fast: Value) -> Value { isFull ? full : fast }
}
