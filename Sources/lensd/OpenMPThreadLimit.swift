import Foundation
import OCR

/// Makes sure Tesseract's OpenMP regions run on one thread each: libgomp runs them, and needs
/// `OMP_THREAD_LIMIT` from process start.
///
/// libgomp reads its environment in a load-time constructor, before `main`; setting the variable
/// later changes nothing. When it is unset, lensd sets it to 1 and re-executes itself
/// (`execv("/proc/self/exe")`, same arguments and descriptors). One handle per worker thread
/// then replaces OpenMP's threads, which on a small machine makes OCR several times faster.
enum OpenMPThreadLimit {
    static let variable = "OMP_THREAD_LIMIT"

    /// Re-executes the process with `OMP_THREAD_LIMIT=1` unless the variable is already set.
    /// Returns (and lensd runs unlimited) only if the re-exec fails.
    static func ensure() {
        guard getenv(variable) == nil else { return }
        setenv(variable, "1", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // Still here: exec failed (no /proc?). Carry on in this process; OCR is slower but correct.
        FileHandle.standardError.write(Data("lensd: could not re-execute with \(variable)=1 (errno \(errno)); OCR may be slower\n".utf8))
    }
}
