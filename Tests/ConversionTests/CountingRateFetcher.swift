import Synchronization

@testable import Conversion

/// A fetcher that passes every call on to another and counts them: how often the service
/// fetched, which the requests a server saw can overstate (libcurl may repeat a request on a
/// connection closed without an answer).
final class CountingRateFetcher: RateFetching {
    private let wrapped: any RateFetching
    private let calls = Atomic<Int>(0)

    init(_ wrapped: any RateFetching) {
        self.wrapped = wrapped
    }

    /// Fetches started so far.
    var fetches: Int {
        calls.load(ordering: .relaxed)
    }

    var sourceName: String {
        wrapped.sourceName
    }

    func tableBase(for base: String) -> String {
        wrapped.tableBase(for: base)
    }

    func fetch(base: String) async throws(RateError) -> RateTable {
        calls.add(1, ordering: .relaxed)
        return try await wrapped.fetch(base: base)
    }
}
