import Testing
@testable import Capture

@Suite("Monotonic instants")
struct MonotonicInstantTests {
    @Test("never goes backwards")
    func nowIsMonotonic() {
        let first = MonotonicInstant.now()
        let second = MonotonicInstant.now()
        #expect(first <= second)
        #expect(first.nanoseconds > 0)
    }

    @Test("measures seconds between instants, negative when reversed")
    func secondsSince() {
        let earlier = MonotonicInstant(nanoseconds: 1_000_000_000)
        let later = MonotonicInstant(nanoseconds: 3_500_000_000)
        #expect(later.seconds(since: earlier) == 2.5)
        #expect(earlier.seconds(since: later) == -2.5)
        #expect(earlier.seconds(since: earlier) == 0)
    }

    @Test("advances by seconds, ignoring negative amounts and saturating")
    func advanced() {
        let start = MonotonicInstant(nanoseconds: 10)
        #expect(start.advanced(bySeconds: 1.5).nanoseconds == 1_500_000_010)
        #expect(start.advanced(bySeconds: -1) == start)
        #expect(start.advanced(bySeconds: .nan) == start)
        #expect(start.advanced(bySeconds: 1e30).nanoseconds == UInt64.max)
    }

    @Test("converts to and from timespec")
    func timespecRoundTrip() {
        let instant = MonotonicInstant(nanoseconds: 12_345_678_901)
        let time = instant.timespecValue
        #expect(time.tv_sec == 12 && time.tv_nsec == 345_678_901)
        #expect(MonotonicInstant(timespec: time) == instant)
    }
}
