import Capture
import SceneAnalysis

/// A frame with one line of glyph-like bars, for the tests of ``LineAppearance`` and of the OCR
/// scheduler's settled lines.
public enum GlyphLineFrame {
    public static let width = 320, height = 120
    public static let line = PixelRect(x: 40, y: 40, width: 160, height: 24)

    /// A frame with a line of glyph-like bars in `line` (dark strokes whose widths and gaps come
    /// from `seed`) on a light background, moved by `(dx, dy)` and, with `blur`, box-blurred
    /// horizontally by that many pixels either way.
    public static func frame(seed: UInt64, dx: Int = 0, dy: Int = 0, blur: Int = 0, brightness: Int = 0) throws -> Frame {
        var plane = [UInt8](repeating: UInt8(200 + brightness), count: width * height)
        var generator = SeededGenerator(seed: seed)
        var x = Int(line.x) + dx
        while x < Int(line.maxX) + dx - 4 {
            let stroke = 2 + Int(generator.next() % 4), gap = 2 + Int(generator.next() % 7)
            let top = Int(line.y) + dy + Int(generator.next() % 8), bottom = Int(line.maxY) + dy - Int(generator.next() % 6)
            for column in x..<min(x + stroke, width) {
                for row in top..<bottom { plane[row * width + column] = UInt8(40 + brightness) }
            }
            x += stroke + gap
        }
        if blur > 0 {
            var blurred = plane
            for row in 0..<height {
                for column in blur..<(width - blur) {
                    var sum = 0
                    for offset in -blur...blur { sum += Int(plane[row * width + column + offset]) }
                    blurred[row * width + column] = UInt8(sum / (2 * blur + 1))
                }
            }
            plane = blurred
        }
        return try Frame(luma: plane, width: width, height: height, stride: width, sequence: 0, timestamp: .now())
    }
}
