import Foundation
import OCR

/// Sets the environment variables libraries read when they load, before `main`, and re-executes
/// lensd so that they take effect.
///
/// - `OMP_THREAD_LIMIT=1`: Tesseract's OpenMP regions run on one thread each. libgomp reads its
///   environment in a load-time constructor; setting the variable later changes nothing. One
///   handle per worker thread then replaces OpenMP's threads, which on a small machine makes OCR
///   several times faster.
/// - `MALLOC_ARENA_MAX=2`: glibc gives threads malloc arenas of their own, up to eight per core;
///   each OCR worker's OpenCV networks and Tesseract buffers then fragment one of their own and
///   freed memory stays mapped there. Two shared arenas keep the resident memory nearer what is used.
///
/// When `OMP_THREAD_LIMIT` is unset, lensd sets both (a `MALLOC_ARENA_MAX` of the caller's is kept)
/// and re-executes itself (`execv("/proc/self/exe")`, same arguments and descriptors).
enum LoadTimeEnvironment {
    static let threadLimit = "OMP_THREAD_LIMIT"
    static let arenaLimit = "MALLOC_ARENA_MAX"

    /// Re-executes the process with the variables set unless `OMP_THREAD_LIMIT` is set already.
    /// Returns (and lensd runs unlimited) only if the re-exec fails.
    static func ensure() {
        guard getenv(threadLimit) == nil else { return }
        setenv(threadLimit, "1", 1)
        setenv(arenaLimit, "2", 0)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // Still here: exec failed (no /proc?). Carry on in this process; OCR is slower but correct.
        FileHandle.standardError.write(Data("lensd: could not re-execute with \(threadLimit)=1 (errno \(errno)); OCR may be slower\n".utf8))
    }
}
