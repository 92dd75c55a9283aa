#if MULTIPART_ENGINE_OBSERVER
/// Counts the tests and the engine's tools read: which path read the parts, to check that the
/// one-step path is taken and to explain instruction counts. Compiled only where
/// `MULTIPART_ENGINE_OBSERVER` is defined (the package's debug builds, and the tools' counting
/// builds), so that production engines carry and update nothing for it.
struct EngineObserver {
    /// How many parts the one-step path read whole (``ValidationEngine/readPlainFields(_:base:delimiterEnd:matched:)``).
    var partsReadInOneStep = 0
}
#endif
