// The entry point of libFuzzer's driver, and a stand-in for it.
//
// A fuzzing build (Scripts/fuzz) links libFuzzer whole
// (libclang_rt.fuzzer_no_main, --whole-archive), whose LLVMFuzzerRunDriver
// fuzzes. Every other build gets the weak one here, which only replays the
// files and folders named on the command line: the same binary then runs
// the kept corpora as regression tests, with no libFuzzer.
#ifndef WAYFARER_CFUZZDRIVER_H
#define WAYFARER_CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

typedef int (*wf_fuzz_callback)(const uint8_t *_Nullable data, size_t size);

int LLVMFuzzerRunDriver(int *_Nonnull argc, char *_Nullable *_Nullable *_Nonnull argv, wf_fuzz_callback _Nonnull callback);

/// 1 when the real libFuzzer driver is linked, 0 for the replayer.
int wf_fuzz_is_fuzzing(void);

#endif
