import Foundation
import SystemCalls
import SystemPackage

/// A child process started with `posix_spawn`, its stdout on a pipe, so that `wait4` can give
/// its resource usage (CPU time, peak RSS) when it ends, which `Foundation.Process` cannot.
struct ChildProcess: Sendable {
    /// How the child ended, with what it used.
    struct Exit: Sendable {
        /// The exit status, or nil when a signal ended it.
        var status: Int32?
        /// The signal that ended it, if one did.
        var signal: Int32?
        /// User plus system CPU seconds.
        var cpuSeconds: Double
        /// Peak resident set size (`ru_maxrss`).
        var peakRSSBytes: Int
    }

    let pid: pid_t
    /// The read end of the child's stdout.
    let stdout: Int32

    /// Starts `executable arguments…` with stdin from `/dev/null`, stderr into the file `stderrPath`
    /// and stdout into a pipe (``stdout``).
    static func spawn(_ executable: String, arguments: [String], stderrPath: String) throws(BenchError) -> ChildProcess {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .spawnFailed(executable, errno: errno) }
        // Neither end may leak into the child beyond its stdout (dup2 clears the flag on fd 1).
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(fds[1])
        guard result == 0 else {
            close(fds[0])
            throw .spawnFailed(executable, errno: result)
        }
        return ChildProcess(pid: pid, stdout: fds[0])
    }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits until the child has ended without reaping it, so that its pid stays its own. A
    /// failure (no such child) returns at once, for ``wait()`` to report.
    func waitUntilEnded() {
        var info = siginfo_t()
        _ = try? SystemCall.retryingInterrupts { waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) }
    }

    /// Waits for the child to end and reaps it.
    func wait() throws(BenchError) -> Exit {
        var status: Int32 = 0
        var usage = rusage()
        do {
            _ = try SystemCall.retryingInterrupts { wait4(pid, &status, 0, &usage) }
        } catch {
            throw .io("cannot wait for the child process \(pid): wait4: \(error.description)")
        }
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signalled = status & 0x7f
        return Exit(
            status: signalled == 0 ? (status >> 8) & 0xff : nil,
            signal: signalled == 0 ? nil : signalled,
            cpuSeconds: cpu,
            peakRSSBytes: Int(usage.ru_maxrss) * 1024)
    }
}
