import Foundation
import Synchronization

/// Runs libtesseract's OpenMP parallel regions on the thread that enters them, as a team of one.
///
/// Debian builds libtesseract with OpenMP: its LSTM network enters a parallel region for the
/// gates of every time step of every layer (`GOMP_parallel`). lensd runs one handle per worker
/// thread instead, so each region is meant to run on one thread. Under libgomp, even with
/// `OMP_THREAD_LIMIT=1`, every region still sets up and ends a team (`gomp_team_start`,
/// `gomp_team_end`): 7–10 % of a `--fast` replay's CPU, in libgomp, libc and the kernel. And
/// without that variable in the environment when the process starts (libgomp reads it in a
/// load-time constructor), each region starts a thread per core, which on two cores made OCR
/// 2–4x slower.
///
/// lensd defines the six OpenMP entry points libtesseract imports (``lensdRunParallelRegion(_:_:_:_:)``
/// and the others below, under their C names): libtesseract calls them through the dynamic linker,
/// which looks in the executable first. A region's body then runs at once on the calling thread,
/// where `omp_get_num_threads` is 1 and `omp_get_thread_num` 0, so a work-shared loop runs all its
/// iterations there, and a `sections` construct hands out its sections one after another. No
/// OpenMP thread is ever started, whatever the environment. Where the definitions are not in place
/// (a process that links the library differently), libgomp runs the regions and lensd falls back on
/// `OMP_THREAD_LIMIT=1`.
public enum SerialOpenMP {
    static let parallel = InterposedSymbol(name: "GOMP_parallel")

    /// Whether libtesseract's parallel regions reach lensd's definitions rather than libgomp's:
    /// the process's `GOMP_parallel` is lensd's, and a runtime that defines it too is loaded.
    /// (A libtesseract built against another OpenMP runtime's own entry points, such as LLVM's
    /// `__kmpc_fork_call`, would not reach them; Debian builds it with GCC and libgomp.)
    public static var isInPlace: Bool {
        parallel.resolves(to: ownParallel) && parallel.nextDefinition != nil
    }

    /// How many parallel regions ran on their calling thread since the process started.
    public static var regionsRun: Int {
        regionCount.load(ordering: .relaxed)
    }

    /// A region's body, as the compiler outlines it: it takes the region's shared data.
    public typealias Body = @convention(c) (UnsafeMutableRawPointer?) -> Void

    fileprivate static func run(_ body: Body, _ data: UnsafeMutableRawPointer?) {
        regionCount.add(1, ordering: .relaxed)
        body(data)
    }

    /// Runs a `parallel sections` region of `count` sections: the body asks for them one at a
    /// time (``lensdNextSection()``). A region nested in a section keeps its own count.
    fileprivate static func runSections(_ body: Body, _ data: UnsafeMutableRawPointer?, count: UInt32) {
        let outer = pthread_getspecific(sectionKey)
        pthread_setspecific(sectionKey, SectionCursor(next: 1, count: count).pointer)
        defer { pthread_setspecific(sectionKey, outer) }
        run(body, data)
    }

    /// The next section of the calling thread's `sections` construct (1-based), or 0 when all are handed out.
    fileprivate static func nextSection() -> UInt32 {
        guard let cursor = SectionCursor(pthread_getspecific(sectionKey)), cursor.next <= cursor.count else { return 0 }
        pthread_setspecific(sectionKey, SectionCursor(next: cursor.next + 1, count: cursor.count).pointer)
        return cursor.next
    }

    private static let ownParallel = unsafeBitCast(lensdRunParallelRegion as @convention(c) (Body, UnsafeMutableRawPointer?, UInt32, UInt32) -> Void, to: Int.self)
}

/// A thread's place in its current `sections` construct, kept in the bits of a thread-specific
/// pointer (the next section in the high half, the number of sections in the low half): both are
/// at least 1, so the pointer is never null while a construct runs.
private struct SectionCursor {
    let next: UInt32
    let count: UInt32

    init(next: UInt32, count: UInt32) {
        self.next = next
        self.count = count
    }

    init?(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return nil }
        let bits = UInt(bitPattern: pointer)
        self.init(next: UInt32(truncatingIfNeeded: bits >> 32), count: UInt32(truncatingIfNeeded: bits))
    }

    var pointer: UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: UInt(next) << 32 | UInt(count))
    }
}

private let sectionKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

private let regionCount = Atomic<Int>(0)

/// `GOMP_parallel` (libgomp's entry for `#pragma omp parallel`, with or without a work-shared
/// loop) as lensd defines it for the whole process: the body runs on the calling thread, whatever
/// team size the region asks for. See ``SerialOpenMP``. Not for calling from Swift.
@_cdecl("GOMP_parallel")
public func lensdRunParallelRegion(
    _ body: SerialOpenMP.Body, _ data: UnsafeMutableRawPointer?, _ threads: UInt32, _ flags: UInt32
) {
    SerialOpenMP.run(body, data)
}

/// `GOMP_parallel_sections` (`#pragma omp parallel sections`) as lensd defines it: the body runs
/// on the calling thread and takes the `count` sections in turn. See ``SerialOpenMP``.
@_cdecl("GOMP_parallel_sections")
public func lensdRunParallelSections(
    _ body: SerialOpenMP.Body, _ data: UnsafeMutableRawPointer?, _ threads: UInt32, _ count: UInt32, _ flags: UInt32
) {
    SerialOpenMP.runSections(body, data, count: count)
}

/// `GOMP_sections_next` as lensd defines it: the calling thread's next section, 0 when none is left.
@_cdecl("GOMP_sections_next")
public func lensdNextSection() -> UInt32 {
    SerialOpenMP.nextSection()
}

/// `GOMP_sections_end_nowait` as lensd defines it: a team of one waits for no one.
@_cdecl("GOMP_sections_end_nowait")
public func lensdEndSections() {}

/// `omp_get_num_threads` as lensd defines it: every region runs as a team of one.
@_cdecl("omp_get_num_threads")
public func lensdOpenMPThreadCount() -> Int32 {
    1
}

/// `omp_get_thread_num` as lensd defines it: the one thread of a team is thread 0.
@_cdecl("omp_get_thread_num")
public func lensdOpenMPThreadNumber() -> Int32 {
    0
}
