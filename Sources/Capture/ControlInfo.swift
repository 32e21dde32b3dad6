import CV4L2

/// An integer or menu control from `VIDIOC_QUERY_EXT_CTRL` (or `VIDIOC_QUERYCTRL` on old drivers).
public struct ControlInfo: Sendable, Equatable {
    public var id: UInt32
    public var name: String
    public var minimum: Int64
    public var maximum: Int64
    public var step: Int64
    public var defaultValue: Int64

    public init(id: UInt32, name: String, minimum: Int64, maximum: Int64, step: Int64, defaultValue: Int64) {
        self.id = id
        self.name = name
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.defaultValue = defaultValue
    }

    /// `value` clamped to the range and rounded to the nearest step from ``minimum``.
    public func clamped(_ value: Int64) -> Int64 {
        let upper = max(minimum, maximum)
        let inRange = min(max(value, minimum), upper)
        guard step > 1 else { return inRange }
        let steps = (inRange - minimum + step / 2) / step
        return min(minimum + steps * step, upper)
    }
}
