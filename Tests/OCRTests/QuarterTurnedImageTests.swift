import Testing
@testable import OCR

@Suite("QuarterTurnedImage")
struct QuarterTurnedImageTests {
    /// A 5x3 plane, rows 8 bytes apart, each pixel its own value.
    static let width = 5, height = 3, stride = 8
    static let plane: [UInt8] = (0..<(stride * height)).map { UInt8($0) }

    static func pixel(x: Int, y: Int) -> UInt8 { plane[y * stride + x] }

    @Test(arguments: QuarterTurnedImage.Direction.allCases)
    func everyPixelLandsWhereTheTurnPutsIt(direction: QuarterTurnedImage.Direction) {
        let turned = Self.plane.withUnsafeBufferPointer {
            QuarterTurnedImage(luma: $0, width: Self.width, height: Self.height, stride: Self.stride, direction: direction)
        }
        #expect(turned.width == Self.height && turned.height == Self.width)
        // The original's top-left pixel goes to the top-right corner turned clockwise, to the
        // bottom-left turned counterclockwise.
        let corner = direction == .clockwise ? turned.width - 1 : (turned.height - 1) * turned.width
        #expect(turned.luma[corner] == Self.pixel(x: 0, y: 0))
        for v in 0..<turned.height {
            for u in 0..<turned.width {
                let back = turned.original(OCRRect(x: u, y: v, width: 1, height: 1))
                #expect(turned.luma[v * turned.width + u] == Self.pixel(x: back.x, y: back.y))
            }
        }
    }

    @Test(arguments: QuarterTurnedImage.Direction.allCases)
    func aLinesBoxesGoBackToTheOriginalsPixels(direction: QuarterTurnedImage.Direction) {
        let turned = Self.plane.withUnsafeBufferPointer {
            QuarterTurnedImage(luma: $0, width: Self.width, height: Self.height, stride: Self.stride, direction: direction)
        }
        // A line across the turned image, 3 by 2, stands on end in the original: 2 by 3.
        let word = OCRWord(text: "12", box: OCRRect(x: 0, y: 1, width: 3, height: 2), confidence: 90)
        let line = turned.original(OCRLine(text: "12", box: word.box, confidence: 90, words: [word]))
        #expect(line.box.width == 2 && line.box.height == 3)
        #expect(line.words.first?.box == line.box)
        #expect(line.box.x >= 0 && line.box.x + line.box.width <= Self.width)
        #expect(line.box.y >= 0 && line.box.y + line.box.height <= Self.height)
        #expect(line.text == "12" && line.confidence == 90)
    }
}
