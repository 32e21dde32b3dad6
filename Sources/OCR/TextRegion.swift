/// A proposed text line: where it is in the image and how tall its text looks.
public struct TextRegion: Sendable, Hashable {
    /// The line's edge-based box in image pixels (ascenders to descenders, no margin).
    public var box: OCRRect
    /// The pyramid level the line was found on (0 is full resolution, each level halves it).
    public var level: Int

    public init(box: OCRRect, level: Int) {
        self.box = box
        self.level = level
    }
}
