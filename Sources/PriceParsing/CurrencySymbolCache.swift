import Foundation
import Synchronization

/// Where the shared currency symbol table keeps what it reads from ICU between runs
/// (``CurrencySpellings``): set it before the first price is parsed. Unset, the table reads ICU at
/// every start.
public enum CurrencySymbolCache {
    private static let directory = Mutex<URL?>(nil)

    /// Uses `directory` (created if need be) for the cache; `nil`: none.
    public static func use(_ directory: URL?) {
        self.directory.withLock { $0 = directory }
    }

    /// The directory set with ``use(_:)``.
    static var current: URL? {
        directory.withLock { $0 }
    }
}
