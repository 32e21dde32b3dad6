/// How fast a replay delivers frames.
public enum Pacing: Sendable, Equatable {
    /// As fast as frames can be read; ``ReplayPacer/waitForFrame(_:)`` never waits.
    case fast
    /// Frame `i` is due at `start + i / framesPerSecond` on `CLOCK_MONOTONIC` (an absolute
    /// schedule, so late frames do not push later ones back). A rate that is not a positive finite
    /// number behaves like ``fast``.
    case realtime(framesPerSecond: Double)
}
