import SceneAnalysis
import TextDetection
import Testing
import Tracking
@testable import Pipeline

@Suite("ScanBudget")
struct ScanBudgetTests {
    static let width = 640, height = 480
    static let budget = ScanBudget(blocks: 4, block: 160)

    static func everything() -> CellMask {
        CellMask(cellSize: 16, frameWidth: width, frameHeight: height, value: true)
    }

    /// The squares (160-pixel blocks, column and row) that hold a set cell of `mask`.
    static func squares(_ mask: CellMask) -> Set<[Int]> {
        var out = Set<[Int]>()
        for row in 0..<mask.rows {
            for column in 0..<mask.columns where mask[column, row] { out.insert([column * 16 / 160, row * 16 / 160]) }
        }
        return out
    }

    @Test func takesEverythingUnreadWhenItLiesInFewEnoughSquares() {
        var unread = CellMask(cellSize: 16, frameWidth: Self.width, frameHeight: Self.height)
        unread.set(PixelRect(x: 480, y: 0, width: 160, height: 480))
        let taken = Self.budget.firstRead(of: unread, velocity: (-6, 0), width: Self.width, height: Self.height)
        #expect(taken == unread)
    }

    @Test func aPanToTheLeftReadsTheSquaresAtTheRightEdgeFirst() {
        let taken = Self.budget.firstRead(of: Self.everything(), velocity: (-6, 0), width: Self.width, height: Self.height)
        let squares = Self.squares(taken)
        #expect(squares.count == 4)
        // The right column's three squares stay longest in view, then one of the column beside it.
        #expect(squares.isSuperset(of: [[3, 0], [3, 1], [3, 2]]))
        #expect(squares.contains([2, 1]))
        // Whole squares: every cell of a chosen square is taken.
        #expect(taken.count == 4 * 100)
    }

    @Test func aPanDownwardsReadsTheTopRowFirst() {
        let taken = Self.budget.firstRead(of: Self.everything(), velocity: (0.2, 5), width: Self.width, height: Self.height)
        #expect(Self.squares(taken) == [[0, 0], [1, 0], [2, 0], [3, 0]])
    }

    @Test func aStillCameraReadsTheSquaresNearestTheCentreFirst() {
        let taken = Self.budget.firstRead(of: Self.everything(), velocity: (0.1, -0.2), width: Self.width, height: Self.height)
        let squares = Self.squares(taken)
        #expect(squares.isSuperset(of: [[1, 1], [2, 1]]))
        #expect(squares.count == 4)
    }

    @Test func aPanReadsSquaresWhollyUnreadFurtherInBeforeTheSliverAtTheIncomingEdge() {
        // The first frame's middle column was never read; the pan brought a 16-pixel sliver in
        // at the right edge since the last scan.
        var unread = CellMask(cellSize: 16, frameWidth: Self.width, frameHeight: Self.height)
        unread.set(PixelRect(x: 320, y: 0, width: 160, height: 480))
        unread.set(PixelRect(x: 624, y: 0, width: 16, height: 480))
        let taken = Self.budget.firstRead(of: unread, velocity: (-6, 0), width: Self.width, height: Self.height)
        let squares = Self.squares(taken)
        #expect(squares.isSuperset(of: [[2, 0], [2, 1], [2, 2]]))
        #expect(squares.count == 4)
    }

    @Test func wideSliversAtTheIncomingEdgeAreReadFirst() {
        // Slivers as wide as most of a square are worth its reading first: they stay longest.
        var unread = CellMask(cellSize: 16, frameWidth: Self.width, frameHeight: Self.height)
        unread.set(PixelRect(x: 320, y: 0, width: 160, height: 480))
        unread.set(PixelRect(x: 512, y: 0, width: 128, height: 480))
        let taken = Self.budget.firstRead(of: unread, velocity: (-6, 0), width: Self.width, height: Self.height)
        #expect(Self.squares(taken).isSuperset(of: [[3, 0], [3, 1], [3, 2]]))
    }

    @Test func theSquaresLeftOutAreTakenByTheNextScans() {
        var unread = Self.everything()
        var scans = 0
        while !unread.isEmpty, scans < 10 {
            let taken = Self.budget.firstRead(of: unread, velocity: (0, 0), width: Self.width, height: Self.height)
            #expect(!taken.isEmpty)
            unread.subtract(taken)
            scans += 1
        }
        #expect(scans == 3)
    }
}

@Suite("OCRJobRunner.blocks")
struct DetectionBlockTests {
    @Test func aRectEndingOnASquaresEdgeNeedsNoSquarePastIt() {
        let blocks = OCRJobRunner.blocks(touching: [PixelRect(x: 480, y: 0, width: 160, height: 160)], block: 160, width: 640, height: 480)
        #expect(blocks == [PixelBox(x: 480, y: 0, width: 160, height: 160)])
    }

    @Test func neighbouringSquaresOfARowAreJoinedAndClippedToTheFrame() {
        let blocks = OCRJobRunner.blocks(
            touching: [PixelRect(x: 150, y: 470, width: 20, height: 20), PixelRect(x: 620, y: 10, width: 40, height: 5)], block: 160,
            width: 630, height: 480)
        #expect(blocks == [PixelBox(x: 480, y: 0, width: 150, height: 160), PixelBox(x: 0, y: 320, width: 320, height: 160)])
    }
}
