#ifndef LENSD_SHIM_SUPPORT_HPP
#define LENSD_SHIM_SUPPORT_HPP

// Helpers shared by the detector's and the recogniser's C++ shims; not part of the C interface.

#include <cstdint>
#include <cstdio>
#include <ctime>
#include <string>

namespace lensd_shim {

/// Writes `text` into a caller's message buffer, truncated to fit (nothing when there is none).
inline void write_message(char *message, size_t capacity, const std::string &text) {
    if (message == nullptr || capacity == 0) return;
    std::snprintf(message, capacity, "%s", text.c_str());
}

/// The calling thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
inline int64_t thread_cpu_ns() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return int64_t(now.tv_sec) * 1000000000 + now.tv_nsec;
}

}  // namespace lensd_shim

#endif
