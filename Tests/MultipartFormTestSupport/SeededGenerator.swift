import Foundation
import MultipartForm

/// The random generator of the test targets: seeded, so every run draws the same inputs, and
/// printing its seed, so a failure names the run that reproduces it.
///
/// Each test passes its own fixed seed; `MULTIPART_TEST_SEED=<n>` replaces every seed with `n`, to
/// explore other inputs or to replay a seed a failure printed.
package struct SeededGenerator: RandomNumberGenerator {
    /// The environment variable that overrides every test's seed.
    package static let overrideVariable = "MULTIPART_TEST_SEED"

    /// The seed this generator started from.
    package let seed: UInt64

    private var generator: SplitMix64

    /// A generator seeded with `seed`, or with `MULTIPART_TEST_SEED` when it is set; prints the
    /// seed used, after `label`.
    package init(seed: UInt64, _ label: String) {
        let override = ProcessInfo.processInfo.environment[Self.overrideVariable].flatMap { UInt64($0) }
        self.seed = override ?? seed
        generator = SplitMix64(state: self.seed)
        print("\(label): seed \(self.seed) (\(Self.overrideVariable)=\(self.seed) replays it)")
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 { generator.next() }
}
