import Foundation
import Testing
@testable import TextDetection

@Suite("TextDetector")
struct TextDetectorTests {
    @Test func aMissingModelIsATypedErrorThatNamesTheInstaller() {
        #expect {
            _ = try TextDetector(runtime: InstalledModel.runtime(), modelPath: "/nonexistent/lensd/model.onnx")
        } throws: { error in
            guard case .modelMissing(let path, _)? = error as? DetectorError else { return false }
            return path == "/nonexistent/lensd/model.onnx" && (error as? DetectorError)?.description.contains("install-models.sh") == true
        }
    }

    @Test func aFileThatIsNoModelIsUnusable() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lensd-not-a-model-\(getpid()).onnx")
        try Data("not an ONNX model".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            _ = try TextDetector(runtime: InstalledModel.runtime(), modelPath: url.path)
        } throws: { error in
            if case .modelUnusable? = error as? DetectorError { return true }
            return false
        }
    }

    @Test func aLocatorFindsEveryPriceOfAStillBoard() throws {
        let detector = try InstalledModel.detector()
        for file in ["tags-01.png", "tags-04.jpg"] {
            let still = try SampleStill(file)
            let found = try still.luma.withUnsafeBufferPointer {
                try TextLocator(configuration: .still(width: still.width, height: still.height))
                    .locate(luma: $0, width: still.width, height: still.height, stride: still.width, using: detector)
            }
            for price in still.prices {
                #expect(found.boxes.contains { TextLocator.contains($0, x: price.x + price.width / 2, y: price.y + price.height / 2) },
                        "\(file): no box on \(price.text)")
            }
        }
    }

    @Test func tilesStitchALineAcrossTheirEdgesIntoOneBox() throws {
        let detector = try InstalledModel.detector()
        let still = try SampleStill("tags-01.png")
        // Tiles of 192 network pixels (128 inside their margins) cut every price line.
        let found = try still.luma.withUnsafeBufferPointer {
            try detector.detect(luma: $0, width: still.width, height: still.height, stride: still.width, scale: 1, tileSize: 192, tileMargin: 32)
        }
        #expect(found.cost.runs == 5 * 4)
        for price in still.prices {
            let holding = found.boxes.filter { TextLocator.contains($0, x: price.x + price.width / 2, y: price.y + price.height / 2) }
            #expect(holding.count == 1, "\(price.text)")
            #expect((holding.first?.bounds.width ?? 0) >= 0.8 * price.width, "\(price.text) cut short")
        }
    }

    @Test func regionsLimitWhereTheDetectorLooksAndCutLinesBringInTheTilesAroundThem() throws {
        let detector = try InstalledModel.detector()
        let still = try SampleStill("tags-01.png")
        let firstColumn = PixelBox(x: 0, y: 0, width: 100, height: still.height)
        let found = try still.luma.withUnsafeBufferPointer {
            try detector.detect(luma: $0, width: still.width, height: still.height, stride: still.width, scale: 1, tileSize: 192, tileMargin: 32,
                                regions: [firstColumn])
        }
        #expect(found.cost.runs >= 4 && found.cost.runs < 5 * 4)
        // The price lines that start in the column are found whole; the tag on the right is not looked at.
        for price in still.prices where price.x < 100 {
            let holding = found.boxes.filter { TextLocator.contains($0, x: price.x + price.width / 2, y: price.y + price.height / 2) }
            #expect(holding.count == 1 && (holding.first?.bounds.width ?? 0) >= 0.8 * price.width, "\(price.text)")
        }
        for price in still.prices where price.x > 380 {
            #expect(!found.boxes.contains { TextLocator.contains($0, x: price.x + price.width / 2, y: price.y + price.height / 2) }, "\(price.text)")
        }
    }

    @Test func invalidImagesAndTileSizesAreErrorsNotCrashes() throws {
        let detector = try InstalledModel.detector()
        let pixels = [UInt8](repeating: 255, count: 100)
        #expect(throws: DetectorError.self) {
            try pixels.withUnsafeBufferPointer { try detector.detect(luma: $0, width: 20, height: 20, stride: 20, scale: 1, tileSize: 64, tileMargin: 8) }
        }
        #expect(throws: DetectorError.self) {
            try pixels.withUnsafeBufferPointer { try detector.detect(luma: $0, width: 10, height: 10, stride: 10, scale: 1, tileSize: 60, tileMargin: 8) }
        }
    }

    @Test func aBlankImageHasNoStructureAndNoText() throws {
        let detector = try InstalledModel.detector()
        let pixels = [UInt8](repeating: 200, count: 256 * 192)
        let grid = try pixels.withUnsafeBufferPointer { try TextDetector.structure(luma: $0, width: 256, height: 192, stride: 256, cell: 32, threshold: 20) }
        #expect(grid.columns == 8 && grid.rows == 6 && grid.counts.allSatisfy { $0 == 0 })
        let found = try pixels.withUnsafeBufferPointer {
            try TextLocator(configuration: .still(width: 256, height: 192)).locate(luma: $0, width: 256, height: 192, stride: 256, using: detector)
        }
        #expect(found.boxes.isEmpty)
    }
}
