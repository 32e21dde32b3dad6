import Foundation

/// A flag each thread holds on its own (`pthread_key_create`), set while a body runs.
///
/// The functions lensd defines in place of a library's (``WordImageHandoff``,
/// ``UniversalAmbiguitySkip``) are called by whatever thread uses the library; the flag tells
/// them that the call comes from inside lensd's own use of it.
struct ThreadFlag: Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    /// Whether the calling thread is inside ``whileSet(_:)``.
    var isSet: Bool {
        pthread_getspecific(key) != nil
    }

    /// Runs `body` with the flag set on this thread; it is restored afterwards, also when nested.
    func whileSet<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
        defer { pthread_setspecific(key, outer) }
        return try body()
    }
}
