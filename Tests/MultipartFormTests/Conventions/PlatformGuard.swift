import Foundation

/// Reads Swift source for the mistakes that break Apple and Musl builds, which no Linux compiler
/// reports, and for C library modules used outside the system layer.
///
/// It follows `#if` / `#elseif` / `#else` / `#endif` line by line, so it knows which platforms a line
/// is compiled for. The rules, each with its reason:
///
/// 1. `environ` only where Darwin is excluded: Darwin's Swift overlay does not export it (use
///    `_NSGetEnviron().pointee` there).
/// 2. `Glibc.` (a name qualified by the module) only in a `canImport(Glibc)` branch: on Musl and
///    Darwin that module does not exist.
/// 3. `import Glibc` only in a chain that also offers `canImport(Musl)`: static Linux builds use Musl.
/// 4. No `Bundle.module.bundleURL` as a resource location: Apple bundles keep resources under
///    `Contents/Resources`; use `url(forResource:withExtension:)` or `resourceURL`.
/// 5. `posix_spawn`, `posix_spawnp` and `fork` in a library product only inside `#if os(macOS) ||
///    os(Linux)`: iOS, tvOS, watchOS and visionOS forbid or lack process spawning.
/// 6. Under `Sources/`, `import Glibc`, `import Musl` and `import Darwin`, and names qualified by
///    those modules, only in `Sources/MultipartFormSystem/`: the system layer is the one place that
///    deals with the platforms' differences, so every other module calls its Swift API. Rules 2 and
///    3 are checked where those imports may still be: the system layer and the tests.
struct PlatformGuard {
    /// One broken rule: where, which rule, why.
    struct Violation: CustomStringConvertible {
        var file: String
        var line: Int
        var rule: Int
        var message: String

        var description: String { "\(file):\(line): rule \(rule): \(message)" }
    }

    /// One `#if` chain: the conditions of the branches seen so far, the current one last.
    private struct Chain {
        var conditions: [String]
        var current: String { conditions.last ?? "" }
    }

    /// The one directory whose sources may import the C library's modules (rule 6).
    static let systemLayer = "Sources/MultipartFormSystem/"

    /// Whether the file at `path` (from the package root) may import the C library's modules: a
    /// file of the system layer, or one outside `Sources/` (the tests).
    static func mayImportSystemModules(_ path: String) -> Bool {
        !path.hasPrefix("Sources/") || path.hasPrefix(systemLayer)
    }

    /// The violations in one file's text; `file` is its path from the package root, which decides
    /// where rule 6 applies, and `isLibraryProduct` turns on rule 5.
    static func violations(in source: String, file: String, isLibraryProduct: Bool) -> [Violation] {
        let importsAllowed = mayImportSystemModules(file)
        var found: [Violation] = []
        var chains: [Chain] = []
        var glibcImportChains: [Int] = []  // the depth of each chain holding `import Glibc` with no Musl yet
        for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            let number = index + 1
            func report(_ rule: Int, _ message: String) {
                found.append(Violation(file: file, line: number, rule: rule, message: message))
            }
            if line.hasPrefix("#if ") {
                chains.append(Chain(conditions: [String(line.dropFirst(4))]))
                continue
            }
            if line.hasPrefix("#elseif ") {
                chains[chains.count - 1].conditions.append(String(line.dropFirst(8)))
                continue
            }
            if line == "#else" {
                chains[chains.count - 1].conditions.append("#else")
                continue
            }
            if line == "#endif" {
                let depth = chains.count
                if glibcImportChains.last == depth {
                    glibcImportChains.removeLast()
                    if !chains[depth - 1].conditions.contains(where: { $0.contains("canImport(Musl)") }) {
                        report(3, "'import Glibc' without a 'canImport(Musl)' branch in the same #if: static Linux builds use Musl")
                    }
                }
                chains.removeLast()
                continue
            }
            if line.hasPrefix("//") { continue }
            // Plain searches first: a regex on every line of every source is most of the guard's time.
            if line.contains("environ") && line.contains(#/\benviron\b/#) && !excludesDarwin(chains) {
                report(1, "'environ' where Darwin may compile it: its overlay does not export it (use _NSGetEnviron().pointee)")
            }
            if !importsAllowed {
                // `import Glibc`, `@_exported import Darwin`, `import struct Musl.stat`...
                if line.contains("import"),
                    let module = line.firstMatch(
                        of: #/^(?:@\w+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(Glibc|Musl|Darwin)\b/#)?.output.1
                {
                    report(6, "'import \(module)' outside \(systemLayer): only the system layer imports the C library; call its Swift API")
                }
                if line.contains("Glibc.") || line.contains("Musl.") || line.contains("Darwin."),
                    let module = line.firstMatch(of: #/\b(Glibc|Musl|Darwin)\.\w/#)?.output.1
                {
                    report(6, "'\(module).' outside \(systemLayer): only the system layer calls the C library; call its Swift API")
                }
            } else {
                if line.contains("Glibc.") && !chains.contains(where: { $0.current.contains("canImport(Glibc)") }) {
                    report(2, "'Glibc.' outside a canImport(Glibc) branch: Musl and Darwin have no such module")
                }
                if line == "import Glibc" {
                    if chains.isEmpty {
                        report(3, "'import Glibc' outside #if: neither Darwin nor Musl has it")
                    } else if glibcImportChains.last != chains.count {
                        glibcImportChains.append(chains.count)
                    }
                }
            }
            if line.contains("Bundle.module.bundleURL") {
                report(4, "Bundle.module.bundleURL is not where resources are on Apple platforms (use url(forResource:withExtension:) or resourceURL)")
            }
            if isLibraryProduct, line.contains("posix_spawn") || line.contains("fork("), line.contains(#/\b(posix_spawnp?|fork)\(/#),
                !chains.contains(where: { $0.current.contains("os(macOS) || os(Linux)") })
            {
                report(5, "spawning a process outside '#if os(macOS) || os(Linux)': iOS, tvOS, watchOS and visionOS forbid it")
            }
        }
        return found
    }

    /// Whether the innermost platform decision leaves Darwin out: a Glibc, Musl or Linux branch, or an `#else` after a Darwin one.
    private static func excludesDarwin(_ chains: [Chain]) -> Bool {
        chains.contains { chain in
            let current = chain.current
            if current.contains("canImport(Glibc)") || current.contains("canImport(Musl)") || current.contains("os(Linux)") {
                return !current.contains("canImport(Darwin)")
            }
            let darwinBefore = chain.conditions.dropLast().contains { $0.contains("canImport(Darwin)") || $0.contains("os(macOS)") }
            return current == "#else" && darwinBefore
        }
    }
}
