/// A change a ``RateService`` reports on ``RateService/events``, e.g. to emit RATES events.
public enum RateEvent: Sendable, Hashable {
    /// A different table (or the same table from a different origin) is now in use;
    /// `snapshot.isStale` tells whether it is stale.
    case tableChanged(RateSnapshot)
    /// The table in use stayed the same but turned stale or fresh; `snapshot.isStale` is the
    /// new state.
    case staleChanged(RateSnapshot)
    /// A refresh failed; the previous table stays in use.
    case refreshFailed(RateError)
    /// The cache file could not be read or was corrupt and is ignored.
    case cacheIgnored(RateError)
    /// The cache file could not be written; rates stay in memory.
    case cacheWriteFailed(RateError)
}
