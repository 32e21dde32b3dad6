import Capture
import SceneAnalysis
import TestSupport
import Testing
import Tracking
@testable import lensd

@Suite("LineAppearance")
struct LineAppearanceTests {
    static let width = 320, height = 120
    static let line = PixelRect(x: 40, y: 40, width: 160, height: 24)

    /// A frame with a line of glyph-like bars in `line` (dark strokes whose widths and gaps come
    /// from `seed`) on a light background, moved by `(dx, dy)` and, with `blur`, box-blurred
    /// horizontally by that many pixels either way.
    static func frame(seed: UInt64, dx: Int = 0, dy: Int = 0, blur: Int = 0, brightness: Int = 0) throws -> Frame {
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

    @Test func theSameLineMovedByAPixelAndBlurredStillLooksTheSame() throws {
        let read = try #require(LineAppearance(of: Self.line, in: try Self.frame(seed: 7)))
        let later = try Self.frame(seed: 7, dx: 1, dy: -1, blur: 2, brightness: 15)
        let correlation = try #require(read.correlation(with: Self.line, in: later, slack: 2))
        #expect(correlation >= OCRScheduler.sameAppearance, "\(correlation)")
    }

    @Test func otherTextInTheSamePlaceDoesNot() throws {
        let read = try #require(LineAppearance(of: Self.line, in: try Self.frame(seed: 7)))
        for seed: UInt64 in [8, 9, 10, 11] {
            let correlation = try #require(read.correlation(with: Self.line, in: try Self.frame(seed: seed), slack: 2))
            #expect(correlation < OCRScheduler.sameAppearance, "seed \(seed): \(correlation)")
        }
    }

    @Test func aFlatBoxOrOneOutsideTheFrameHasNoPicture() throws {
        let blank = try Frame(luma: [UInt8](repeating: 128, count: Self.width * Self.height), width: Self.width, height: Self.height,
                              stride: Self.width, sequence: 0, timestamp: .now())
        #expect(LineAppearance(of: Self.line, in: blank) == nil)
        #expect(LineAppearance(of: PixelRect(x: 300, y: 40, width: 60, height: 24), in: try Self.frame(seed: 7)) == nil)
    }
}
