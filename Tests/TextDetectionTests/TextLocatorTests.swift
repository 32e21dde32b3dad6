import Testing
@testable import TextDetection

@Suite("TextLocator")
struct TextLocatorTests {
    @Test func stillsStartCoarseAndDoubleUpToThreeTimesTheirSize() throws {
        #expect(TextLocator.Configuration.still(width: 640, height: 480).scales == [0.5, 1, 2, 3])
        #expect(TextLocator.Configuration.still(width: 1920, height: 1080).scales == [0.5, 1, 2, 3])
        let large = TextLocator.Configuration.still(width: 2481, height: 3508).scales
        #expect(large.first.map { $0 < 0.5 } == true)
        #expect(large == large.sorted() && large.count == 4)
        let finest = try #require(large.last)
        #expect(finest * finest * 2481 * 3508 <= TextLocator.Configuration.finestPixels + 1, "a large scan's finest level stays within the pixel budget")
        #expect(finest < 2)
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

    @Test func aCloserLookAddsTextWhereNoBoxWas() {
        let coarse = TextLocator.Found(box: TextBox(x: 0, y: 0, width: 200, height: 20), scale: 2)
        let closer = TextLocator.Found(box: TextBox(x: 300, y: 200, width: 30, height: 12), scale: 3)
        #expect(TextLocator.mergedCloser([coarse], [closer]).count == 2)
    }

    @Test func aCloserLookLeavesClearlyResolvedTextAsItWas() {
        // 20 pixels at scale 2 is 40 network pixels: clearly resolved.
        let coarse = TextLocator.Found(box: TextBox(x: 100, y: 100, width: 60, height: 20), scale: 2)
        let closer = TextLocator.Found(box: TextBox(x: 102, y: 101, width: 50, height: 18), scale: 3)
        let merged = TextLocator.mergedCloser([coarse], [closer])
        #expect(merged.count == 1 && merged.first?.scale == 2)
    }

    @Test func aCloserLookReplacesTextTheCoarserLevelBarelyResolved() {
        // 12 pixels at scale 2 is 24 network pixels.
        let coarse = TextLocator.Found(box: TextBox(x: 100, y: 100, width: 40, height: 12), scale: 2)
        let closer = TextLocator.Found(box: TextBox(x: 101, y: 100, width: 38, height: 13), scale: 3)
        let merged = TextLocator.mergedCloser([coarse], [closer])
        #expect(merged.count == 1 && merged.first?.scale == 3)
    }

    @Test func aCloserLookSplitsTwoLinesTheCoarserLevelJoined() {
        // A tag's price touching the name above it: one box 30 pixels high at scale 2, two at 3.
        let joined = TextLocator.Found(box: TextBox(x: 316, y: 36, width: 67, height: 30), scale: 2)
        let name = TextLocator.Found(box: TextBox(x: 320, y: 38, width: 58, height: 13), scale: 3)
        let price = TextLocator.Found(box: TextBox(x: 348, y: 51, width: 32, height: 13), scale: 3)
        let merged = TextLocator.mergedCloser([joined], [name, price])
        #expect(merged.count == 2 && merged.allSatisfy { $0.scale == 3 })
    }

    @Test func onlyWellResolvedBoxesExplainTheirCells() {
        let cell = PixelBox(x: 96, y: 96, width: 32, height: 32)
        let small = TextLocator.Found(box: TextBox(x: 90, y: 100, width: 60, height: 20), scale: 0.5)
        let resolved = TextLocator.Found(box: TextBox(x: 90, y: 100, width: 60, height: 20), scale: 1)
        #expect(!TextLocator.explains(small, cell))
        #expect(TextLocator.explains(resolved, cell))
    }

    @Test func piecesOfOneLineAreJoined() {
        let joined = TextLocator.joinedLines([TextBox(x: 100, y: 100, width: 60, height: 30), TextBox(x: 165, y: 100, width: 50, height: 30)])
        #expect(joined.count == 1)
        #expect(joined.first.map { abs($0.width - 115) < 1 && abs($0.height - 30) < 1 } == true)
    }

    @Test func aLoneSignIsJoinedAcrossAWordSpace() {
        // `87,99` and `€` of a receipt, 0.74 of a height apart: too far for two long pieces.
        let amount = TextBox(x: 114, y: 207, width: 97, height: 31), sign = TextBox(x: 234, y: 210, width: 17, height: 23)
        #expect(TextLocator.joinedLines([amount, sign]).count == 1)
        let word = TextBox(x: 234, y: 207, width: 97, height: 31)
        #expect(TextLocator.joinedLines([amount, word]).count == 2)
    }

    @Test func linesOfTextRunningUpAndDownStayApart() {
        // Three tall lines side by side (a board turned a quarter): their columns are lines.
        let lines = [TextBox(x: 100, y: 50, width: 50, height: 300), TextBox(x: 160, y: 60, width: 20, height: 150), TextBox(x: 190, y: 60, width: 20, height: 170)]
        #expect(TextLocator.joinedLines(lines).count == 3)
    }

    @Test func piecesOfATallLineAreJoinedAlongIt() {
        let joined = TextLocator.joinedLines([TextBox(x: 100, y: 50, width: 40, height: 120), TextBox(x: 100, y: 175, width: 40, height: 100)])
        #expect(joined.count == 1)
        // Still tall, so its reading orientations stay those of a line running up or down.
        #expect(joined.first.map { $0.height > 2 * $0.width && abs($0.height - 225) < 1 } == true)
    }

    @Test func linesRunningUpAndDownTheImageStandOnEnd() {
        let onEnd = (0..<4).map { TextBox(x: Double(40 * $0), y: 100, width: 14, height: 80) }
        #expect(TextLocator.shareOnEnd(onEnd) == 1)
        let across = (0..<4).map { TextBox(x: 100, y: Double(40 * $0), width: 80, height: 14) }
        #expect(TextLocator.shareOnEnd(across) == 0)
        let turnedAlong = (0..<4).map { TextBox(center: .init(x: Double(40 * $0), y: 100), width: 80, height: 14, angle: .pi / 2) }
        #expect(TextLocator.shareOnEnd(turnedAlong) == 1, "a box whose first edge runs down the image stands on end too")
    }

    @Test func theShareOnEndWeighsEachLineByItsLength() {
        let across = (0..<3).map { TextBox(x: 100, y: Double(40 * $0), width: 200, height: 20) }
        let onEnd = (0..<4).map { TextBox(x: Double(40 * $0), y: 300, width: 14, height: 50) }
        #expect(abs(TextLocator.shareOnEnd(across + onEnd) - 200.0 / 800.0) < 1e-9)
        #expect(TextLocator.shareOnEnd(Array(onEnd.prefix(2))) == 0, "two lines are too few to tell")
        let squares = (0..<6).map { TextBox(x: Double(40 * $0), y: 0, width: 20, height: 24) }
        #expect(TextLocator.shareOnEnd(squares) == 0, "boxes about as long as high show no direction")
    }
}
