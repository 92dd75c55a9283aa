// SwiftPM links an executable whose entry point is its module's own `main` (renamed so tests can
// link the module), so a target whose only code is `LLVMFuzzerTestOneInput` would have none: each
// target declares a `@main` that hands over to libFuzzer's driver here instead.
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "FuzzEntry.h"

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

void fuzz_entry_run(int argc, char **argv) {
    exit(LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput));
}
