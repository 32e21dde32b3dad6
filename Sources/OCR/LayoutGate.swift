import Synchronization

/// Decides once whether lensd's definition of an interposed libtesseract member function does the
/// work, or forwards every call to libtesseract's own: the definitions read libtesseract's private
/// class layouts, known for some versions only.
///
/// The state lives in a statically initialised `Atomic<UInt8>` of the caller's (0 not yet known,
/// 1 lensd's definition, 2 libtesseract's), so a call costs one relaxed load once decided. Two
/// threads deciding at once store the same answer.
enum LayoutGate {
    @inline(__always)
    static func usesOwnDefinition(_ state: borrowing Atomic<UInt8>, layoutIsKnown: () -> Bool) -> Bool {
        switch state.load(ordering: .relaxed) {
        case 1: return true
        case 2: return false
        default:
            let known = layoutIsKnown()
            state.store(known ? 1 : 2, ordering: .relaxed)
            return known
        }
    }

    /// Runs `body` with every call forwarded to libtesseract's own definition, then decides again
    /// (for tests comparing the two).
    static func forwardingEveryCall<Result>(_ state: borrowing Atomic<UInt8>, _ body: () throws -> Result) rethrows -> Result {
        state.store(2, ordering: .relaxed)
        defer { state.store(0, ordering: .relaxed) }
        return try body()
    }
}
