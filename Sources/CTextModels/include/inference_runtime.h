#ifndef LENSD_INFERENCE_RUNTIME_H
#define LENSD_INFERENCE_RUNTIME_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// OpenVINO's inference runtime, loaded from its C library (`libopenvino_c`) at run time, and one
/// OpenVINO core. The text detector and recogniser compile their networks with it. Thread-safe:
/// one runtime serves every worker thread.
typedef struct lensd_inference_runtime lensd_inference_runtime;

/// Loads the library at `library_path` (`dlopen`; its own dependencies are found beside it) and
/// creates a core (`ov_core_create`). NULL on failure, with the reason in `message`: also on an
/// x86-64 CPU without SSE4.2, on which OpenVINO's CPU plugin would stop the process.
lensd_inference_runtime *lensd_inference_runtime_open(const char *library_path, char *message, size_t message_capacity);

/// Frees the core (`ov_core_free`). The library stays loaded: OpenVINO's plugins keep threads
/// and globals of their own until the process ends.
void lensd_inference_runtime_close(lensd_inference_runtime *runtime);

#ifdef __cplusplus
}
#endif

#endif
