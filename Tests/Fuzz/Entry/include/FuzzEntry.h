// The entry point every fuzz target's `@main` calls: libFuzzer's driver, run on the target's
// `LLVMFuzzerTestOneInput`.
#ifndef FUZZ_ENTRY_H
#define FUZZ_ENTRY_H

/// Runs libFuzzer with the process's arguments and exits with its status.
_Noreturn void fuzz_entry_run(int argc, char **argv);

#endif
