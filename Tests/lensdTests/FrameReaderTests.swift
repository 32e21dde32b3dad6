import Capture
import Foundation
import OCR
import Pipeline
import Testing
@testable import lensd

/// Reading a whole still with the default front-end, upright or turned as a camera held on its side sees it.
@Suite("FrameReader")
struct FrameReaderTests {
    static let still = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples/stills/tags-01.png")

    static func texts(turned direction: QuarterTurnedImage.Direction?) throws -> [String] {
        let image = try ImageLoader.loadLuma(path: still.path)
        let reader = try OCROptions.parse([]).makeReader(workers: 1)
        let engine = try TesseractEngine()
        var plane = image.luma, width = image.width, height = image.height
        if let direction {
            let turned = image.luma.withUnsafeBufferPointer {
                QuarterTurnedImage(luma: $0, width: image.width, height: image.height, stride: image.width, direction: direction)
            }
            (plane, width, height) = (turned.luma, turned.width, turned.height)
        }
        let lines = try plane.withUnsafeBufferPointer {
            try reader.read(luma: $0, width: width, height: height, stride: width, engine: engine)
        }
        // A box may reach a pixel or two past the side, as the crop's padding does.
        for line in lines {
            #expect(line.box.x >= -4 && line.box.y >= -4 && line.box.x + line.box.width <= width + 4 && line.box.y + line.box.height <= height + 4, "\(line)")
        }
        return lines.map { $0.text.filter { !$0.isWhitespace } }
    }

    @Test(arguments: [nil, QuarterTurnedImage.Direction.clockwise, .counterclockwise])
    func readsTheBoardsPricesUprightOrOnItsSide(direction: QuarterTurnedImage.Direction?) throws {
        let texts = try Self.texts(turned: direction)
        for price in ["$35.50", "$2,636.00"] {
            #expect(texts.contains { $0.contains(price) }, "\(price) not read with the board turned \(String(describing: direction)): \(texts)")
        }
        #expect(texts.filter { $0.contains("$35.50") }.count == 1, "a line read by both looks is kept once: \(texts)")
    }
}
