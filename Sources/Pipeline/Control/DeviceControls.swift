/// The camera controls a frame source offers to control messages (`zoom`, `torch`).
///
/// The ordered stage applies them between frames, so an implementation is only ever called from
/// that one stage. ``CaptureDeviceControls`` adapts a camera's or a replay's `CaptureControls`.
public protocol DeviceControls: Sendable {
    /// How zoom is done: `digital` (crop) or `optical`.
    var zoomKind: String { get }
    /// The levels the device accepts.
    var zoomRange: ClosedRange<Double> { get }
    /// The zoom level in force.
    var zoomLevel: Double { get }
    /// Whether there is a torch to turn on.
    var hasTorch: Bool { get }
    /// Sets the zoom, clamped to ``zoomRange``; returns the level applied.
    mutating func setZoom(_ level: Double) -> Double
    /// Turns the torch on or off; throws when there is none or the device refuses.
    mutating func setTorch(_ on: Bool) throws(DeviceControlError)
}

/// Why a device control could not be applied.
public struct DeviceControlError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
}
