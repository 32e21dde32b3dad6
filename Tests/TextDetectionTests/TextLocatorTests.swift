import Testing
@testable import TextDetection

@Suite("TextLocator")
struct TextLocatorTests {
    @Test func stillsStartCoarseAndDoubleUpToTwiceTheirSize() {
        #expect(TextLocator.Configuration.still(width: 640, height: 480).scales == [0.5, 1, 2])
        let large = TextLocator.Configuration.still(width: 2481, height: 3508).scales
        #expect(large.first.map { $0 < 0.5 } == true)
        #expect(large.last.map { $0 < 1 } == true, "a large scan's finest level stays within the pixel budget")
    }

    @Test func aFinerBoxReplacesTheCoarserBoxOfTheSameText() {
        let coarse = TextLocator.Found(box: TextBox(x: 100, y: 100, width: 60, height: 14), scale: 0.5)
        let fine = TextLocator.Found(box: TextBox(x: 102, y: 101, width: 57, height: 13), scale: 2)
        let merged = TextLocator.merged([coarse], [fine], tileSize: 384)
        #expect(merged.count == 1 && merged.first?.scale == 2)
    }

    @Test func piecesOfLargeTextFoundByAFinerLevelGiveWayToTheCoarseBox() {
        let big = TextLocator.Found(box: TextBox(x: 0, y: 0, width: 600, height: 150), scale: 0.5)
        let piece = TextLocator.Found(box: TextBox(x: 100, y: 50, width: 40, height: 30), scale: 2)
        let merged = TextLocator.merged([big], [piece], tileSize: 384)
        #expect(merged.count == 1 && merged.first?.scale == 0.5)
    }

    @Test func textElsewhereIsKeptFromBothLevels() {
        let coarse = TextLocator.Found(box: TextBox(x: 0, y: 0, width: 300, height: 80), scale: 0.5)
        let fine = TextLocator.Found(box: TextBox(x: 400, y: 300, width: 40, height: 12), scale: 2)
        #expect(TextLocator.merged([coarse], [fine], tileSize: 384).count == 2)
    }

    @Test func onlyWellResolvedBoxesExplainTheirCells() {
        let cell = PixelBox(x: 96, y: 96, width: 32, height: 32)
        let small = TextLocator.Found(box: TextBox(x: 90, y: 100, width: 60, height: 20), scale: 0.5)
        let resolved = TextLocator.Found(box: TextBox(x: 90, y: 100, width: 60, height: 20), scale: 1)
        #expect(!TextLocator.explains(small, cell))
        #expect(TextLocator.explains(resolved, cell))
    }
}
