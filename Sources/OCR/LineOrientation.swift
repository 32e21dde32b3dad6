import TextDetection

/// A way round to read a detected text box: as found, upside down, or turned a quarter either way.
enum LineOrientation: CaseIterable, Sendable {
    case upright
    case upsideDown
    case quarterClockwise
    case quarterCounterclockwise

    /// The orientations to try for a box, most likely first. A box at least twice as tall as wide
    /// holds text running up or down; one between is tried upright first (a short word, a digit).
    static func candidates(for box: TextBox) -> [LineOrientation] {
        if box.height >= 2 * box.width { return [.quarterCounterclockwise, .quarterClockwise] }
        if box.height > 1.2 * box.width { return [.upright, .quarterCounterclockwise, .quarterClockwise, .upsideDown] }
        return [.upright, .upsideDown]
    }

    /// The box's extent along and across the reading direction, and that direction (radians, y down).
    func applied(to box: TextBox) -> (width: Double, height: Double, angle: Double) {
        switch self {
        case .upright: (box.width, box.height, box.angle)
        case .upsideDown: (box.width, box.height, box.angle + .pi)
        case .quarterClockwise: (box.height, box.width, box.angle + .pi / 2)
        case .quarterCounterclockwise: (box.height, box.width, box.angle - .pi / 2)
        }
    }
}
