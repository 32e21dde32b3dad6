/// A luma plane turned a quarter, for reading text that stands on end (a camera held on its
/// side), and the way back from its coordinates to the original image's.
///
/// Turning the image makes such lines run across it again, where the text detector finds them as
/// it finds upright text; the reader's direction classifier then catches lines that come out
/// upside down.
public struct QuarterTurnedImage: Sendable {
    /// Which way the image is turned.
    public enum Direction: Sendable, Hashable, CaseIterable {
        case clockwise
        case counterclockwise
    }

    public let direction: Direction
    /// The turned plane, `width` × `height`, rows packed.
    public let luma: [UInt8]
    public let width: Int
    public let height: Int

    /// Turns the `width` × `height` plane `luma` (rows `stride` bytes apart) a quarter `direction`.
    public init(luma source: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, direction: Direction) {
        self.direction = direction
        self.width = height
        self.height = width
        var turned = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = y * stride
            for x in 0..<width {
                let (u, v) = direction == .clockwise ? (height - 1 - y, x) : (y, width - 1 - x)
                turned[v * height + u] = source[row + x]
            }
        }
        luma = turned
    }

    /// `rect`, given in the turned image, in the original image's pixels.
    public func original(_ rect: OCRRect) -> OCRRect {
        switch direction {
        case .clockwise:
            // Turned (u, v) is original (x: v, y: originalHeight - 1 - u), originalHeight = width.
            return OCRRect(x: rect.y, y: width - (rect.x + rect.width), width: rect.height, height: rect.width)
        case .counterclockwise:
            // Turned (u, v) is original (x: originalWidth - 1 - v, y: u), originalWidth = height.
            return OCRRect(x: height - (rect.y + rect.height), y: rect.x, width: rect.height, height: rect.width)
        }
    }

    /// `line`, read in the turned image, with its boxes in the original image's pixels.
    public func original(_ line: OCRLine) -> OCRLine {
        OCRLine(
            text: line.text, box: original(line.box), confidence: line.confidence,
            words: line.words.map { OCRWord(text: $0.text, box: original($0.box), confidence: $0.confidence) })
    }
}
