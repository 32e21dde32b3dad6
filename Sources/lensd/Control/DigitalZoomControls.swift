/// The controls of a replay source: digital zoom from 1× to 4× and no torch.
///
/// The level is reported in state and replies; frames are not cropped yet.
struct DigitalZoomControls: DeviceControls {
    let zoomKind = "digital"
    let zoomRange: ClosedRange<Double> = 1.0...4.0
    let hasTorch = false
    private(set) var zoomLevel = 1.0

    mutating func setZoom(_ level: Double) -> Double {
        zoomLevel = min(max(level, zoomRange.lowerBound), zoomRange.upperBound)
        return zoomLevel
    }

    func setTorch(_ on: Bool) throws(DeviceControlError) {
        throw DeviceControlError(description: "device has no torch")
    }
}
