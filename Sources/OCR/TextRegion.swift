import TextDetection

/// A text line to read: where it is in the image and how tall its text looks.
public struct TextRegion: Sendable, Hashable {
    /// The line's upright box in image pixels (ascenders to descenders, no margin).
    public var box: OCRRect
    /// The pyramid level the line was found on (0 is full resolution, each level halves it).
    public var level: Int
    /// The detector's rotated box, when a detector found the line: it is then read along its rotation.
    public var detected: TextBox?

    public init(box: OCRRect, level: Int, detected: TextBox? = nil) {
        self.box = box
        self.level = level
        self.detected = detected
    }

    /// A detected box as a line: its upright bounds, and the box itself for reading.
    public init(detected: TextBox) {
        let bounds = detected.bounds
        let x = Int(bounds.x.rounded(.down)), y = Int(bounds.y.rounded(.down))
        self.init(
            box: OCRRect(
                x: x, y: y, width: Int((bounds.x + bounds.width).rounded(.up)) - x, height: Int((bounds.y + bounds.height).rounded(.up)) - y),
            level: 0, detected: detected)
    }
}
