/// A rectangle of a frame in pixels: what digital zoom keeps.
public struct CropRect: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The centred rectangle `1/level` of the frame's width and height (at least 1×1); the whole
    /// frame at level 1 or below, or for a level that is not a finite number.
    public static func centred(width: Int, height: Int, level: Double) -> CropRect {
        guard level.isFinite, level > 1 else { return CropRect(x: 0, y: 0, width: width, height: height) }
        let croppedWidth = max(1, min(width, Int((Double(width) / level).rounded())))
        let croppedHeight = max(1, min(height, Int((Double(height) / level).rounded())))
        return CropRect(x: (width - croppedWidth) / 2, y: (height - croppedHeight) / 2,
                        width: croppedWidth, height: croppedHeight)
    }
}
