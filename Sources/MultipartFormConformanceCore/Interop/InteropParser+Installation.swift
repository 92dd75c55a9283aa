import MultipartFormSystem

#if os(macOS) || os(Linux)
extension InteropParser {
    /// Whether a parser's driver can run here: its version line, or why it cannot.
    package enum Installation: Sendable, Hashable {
        /// Everything the driver names is there and its version command printed this line.
        case installed(version: String)
        /// Something the driver needs is missing, or its version command failed; the reason says which.
        case notInstalled(reason: String)

        /// The version line, or `nil` when the parser is not installed.
        package var version: String? {
            if case .installed(let version) = self { version } else { nil }
        }
    }

    /// Whether `Interop/setup.sh` installed what the driver needs: the files it names exist, a JVM's
    /// class path entries exist and hold its main class (``missingPieces``), and the version command
    /// succeeds.
    /// - Parameter timeout: Seconds the version command may take.
    package func installation(timeout: Double = 60) -> Installation {
        if let missing = missingPieces.first { return .notInstalled(reason: missing) }
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(Self.shell(versionCommand, in: directory), timeout: timeout, outputLimit: 64 * 1024)
        } catch {
            return .notInstalled(reason: "its version command cannot run: \(error)")
        }
        if outcome.timedOut { return .notInstalled(reason: "its version command did not end within \(Int(timeout)) s") }
        guard case .exited(0) = outcome.termination else {
            return .notInstalled(reason: "its version command failed (\(outcome.termination))")
        }
        let words = String(decoding: outcome.standardOutput, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        return .installed(version: words.isEmpty ? "unknown" : words.joined(separator: " "))
    }

    /// What the driver command needs that is not there, each said in a phrase (`'drivers/x.py' does
    /// not exist`); empty when nothing is missing.
    ///
    /// The files it names inside the `Interop` directory (``localFiles``) come first. For a `java`
    /// command, each entry of its class path (`-cp`, `-classpath`, `--class-path`) must exist, and
    /// its main class must be in one of them, as a `.class` file under a directory entry or as an
    /// entry of a jar: otherwise every body would end in `ClassNotFoundException`, which is not a
    /// reading of the body. A wildcard entry (`lib/*`) is taken on trust.
    package var missingPieces: [String] {
        var missing = localFiles.filter { !FileSystem.exists(FileSystem.join(directory, $0)) }.map {
            "'\($0)' does not exist in the Interop directory"
        }
        guard let java = javaLaunch else { return missing }
        // A path that is a word of its own was checked with the files above.
        let checked = Set(localFiles)
        if let jar = java.jar {
            if !checked.contains(jar) && FileStatus(path: resolved(jar)) == nil { missing.append("its jar '\(jar)' does not exist") }
            return missing
        }
        let entries = java.classPath.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        let absent = entries.filter { !$0.hasSuffix("*") && !checked.contains($0) && FileStatus(path: resolved($0)) == nil }
        missing += absent.map { "its class path entry '\($0)' does not exist" }
        if let mainClass = java.mainClass, !entries.contains(where: { $0.hasSuffix("*") }),
            !entries.contains(where: { holds(resolved($0), mainClass: mainClass) })
        {
            let shown = entries.isEmpty ? "its class path is empty" : "none of its class path entries (\(entries.joined(separator: ", "))) holds it"
            missing.append("its main class '\(mainClass)' is not built: \(shown)")
        }
        return missing
    }

    /// A `java` driver command's class path, main class and `-jar` file, or `nil` for a command
    /// that does not start a JVM.
    private var javaLaunch: (classPath: String, mainClass: String?, jar: String?)? {
        let words = command.split(separator: " ").map(String.init)
        guard let start = words.firstIndex(where: { $0 == "java" || $0.hasSuffix("/java") }) else { return nil }
        var classPath = ""
        var index = start + 1
        while index < words.count {
            let word = words[index]
            if ["-cp", "-classpath", "--class-path"].contains(word), index + 1 < words.count {
                classPath = words[index + 1]
                index += 2
            } else if word.hasPrefix("--class-path=") {
                classPath = String(word.dropFirst("--class-path=".count))
                index += 1
            } else if word == "-jar", index + 1 < words.count {
                return (classPath, nil, words[index + 1])
            } else if word.hasPrefix("-") {
                index += 1
            } else {
                return (classPath, word, nil)
            }
        }
        return (classPath, nil, nil)
    }

    /// A path of the command as the driver sees it: relative ones are inside the `Interop` directory.
    private func resolved(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileSystem.join(directory, path)
    }

    /// Whether the class path entry at `path` holds `mainClass` (`a.b.C`): `a/b/C.class` under a
    /// directory, or that name among a jar's entries (zip entry names are stored uncompressed).
    private func holds(_ path: String, mainClass: String) -> Bool {
        let file = mainClass.split(separator: ".").joined(separator: "/") + ".class"
        switch FileStatus(path: path)?.kind {
        case .directory:
            return FileStatus(path: FileSystem.join(path, file))?.kind == .regularFile
        case .regularFile:
            guard let bytes = try? FileSystem.read(path, limit: Self.largestJar) else { return false }
            let name = Array(file.utf8)
            guard let search = RawMemory.memmemFunction else {
                return bytes.count >= name.count && (0...(bytes.count - name.count)).contains { bytes[$0..<$0 + name.count].elementsEqual(name) }
            }
            return bytes.withUnsafeBytes { haystack in
                name.withUnsafeBytes { needle in search(haystack.baseAddress, haystack.count, needle.baseAddress, needle.count) != nil }
            }
        default:
            return false
        }
    }

    /// The largest jar searched for a main class.
    private static let largestJar = 256 * 1024 * 1024
}
#endif
