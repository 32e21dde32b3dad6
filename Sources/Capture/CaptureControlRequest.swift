/// A zoom or torch request on its way to the capture loop (``CaptureControlChannel``).
public enum CaptureControlRequest: Sendable, Equatable {
    /// Zoom to `level`, clamped to the source's range.
    case zoom(level: Double)
    /// Switch the torch on or off.
    case torch(on: Bool)
}
