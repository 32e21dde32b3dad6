import SceneAnalysis
import Testing

@Suite("CellMask")
struct CellMaskTests {
    @Test func anIntersectionKeepsOnlyTheCellsSetInBoth() {
        var mask = CellMask(cellSize: 16, columns: 4, rows: 2)
        mask[0, 0] = true
        mask[1, 0] = true
        mask[3, 1] = true
        var other = CellMask(cellSize: 16, columns: 4, rows: 2)
        other[1, 0] = true
        other[2, 1] = true
        other[3, 1] = true
        mask.formIntersection(other)
        #expect(!mask[0, 0] && mask[1, 0] && !mask[2, 1] && mask[3, 1])
        #expect(mask.count == 2)
    }

    @Test func cellsOutsideTheOtherMaskAreCleared() {
        var mask = CellMask(cellSize: 16, columns: 4, rows: 2, value: true)
        let smaller = CellMask(cellSize: 16, columns: 2, rows: 2, value: true)
        mask.formIntersection(smaller)
        #expect(mask.count == 4)
        #expect(!mask[2, 0] && !mask[3, 1])
    }
}
