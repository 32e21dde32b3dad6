import Foundation

/// What one socket client asked to receive with `{"cmd":"watch"}`: which classes of the stream,
/// and how many `OVERLAYS` lines a second at most (gpsd's `?WATCH`, per connection).
///
/// Replies to the client's own control messages and the `ERROR` that ends a dropped client's
/// connection always arrive, whatever it watches.
public struct StreamSubscription: Sendable, Equatable {
    /// The classes sent; `nil` for every class (the default).
    var classes: Set<String>?
    /// The most `OVERLAYS` lines a second; `nil` for every frame's (the default).
    public var overlaysPerSecond: Double?

    /// Every class at every frame, as a client gets before it sends `watch`.
    public static let everything = StreamSubscription(classes: nil, overlaysPerSecond: nil)

    /// The classes of the stream a client may watch (`ACK` replies are not part of the stream).
    static let watchableClasses: Set<String> = ["VERSION", "DEVICE", "RATES", "OVERLAYS", "TRACK", "SCAN", "ERROR", "STATS", "CONVERSION"]

    /// The highest `fps` a client may ask for.
    static let maximumRate = 1000.0

    public func includes(_ className: String) -> Bool {
        classes?.contains(className) ?? true
    }

    /// The `class` of a line of the stream, which ``EventStream`` always writes first
    /// (`{"class":"OVERLAYS",…`); nil for a line that does not start that way.
    public static func className(of line: some Collection<UInt8>) -> String? {
        let prefix = Array(#"{"class":""#.utf8)
        guard line.count > prefix.count, line.starts(with: prefix) else { return nil }
        let rest = line.dropFirst(prefix.count)
        guard let end = rest.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: rest[..<end], as: UTF8.self)
    }
}
