/// The zoom of a capture source: `zoom {level, min, max, kind}` in the protocol.
public struct ZoomState: Sendable, Equatable {
    /// Optical: the camera's `V4L2_CID_ZOOM_ABSOLUTE` in its own units. Digital: a centre crop
    /// before OCR, `level` times magnified.
    public enum Kind: String, Sendable {
        case optical, digital
    }

    public var level: Double
    public var min: Double
    public var max: Double
    public var kind: Kind

    public init(level: Double, min: Double, max: Double, kind: Kind) {
        self.level = level
        self.min = min
        self.max = max
        self.kind = kind
    }

    /// Digital zoom's range: 1× (whole frame) to 4×.
    public static let digitalRange: ClosedRange<Double> = 1...4

    /// Digital zoom at `level`.
    public static func digital(level: Double) -> ZoomState {
        ZoomState(level: level, min: digitalRange.lowerBound, max: digitalRange.upperBound, kind: .digital)
    }

    /// `requested` clamped into `min...max`; `nil` (keep the current level) for NaN.
    public func clamping(_ requested: Double) -> Double? {
        guard !requested.isNaN else { return nil }
        return Swift.min(Swift.max(requested, min), max)
    }
}
