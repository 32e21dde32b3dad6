import TestSupport
import Testing
@testable import SceneAnalysis

@Suite("SceneChangeDetector residuals")
struct SceneChangeResidualTests {
    /// The residuals one pixel at a time in Swift, as the detector computed them before
    /// `lensd_scene_residual_row` took four at once.
    private static func perPixel(
        _ current: LumaImage, reference: LumaImage, back: ImageMotion, offset: Float, cell: Int, grid: (columns: Int, rows: Int)
    ) -> (means: [Float], entered: [Bool]) {
        var sums = [Float](repeating: 0, count: grid.columns * grid.rows)
        var counts = [Int](repeating: 0, count: grid.columns * grid.rows)
        var entered = [Bool](repeating: false, count: grid.columns * grid.rows)
        let maxX = reference.width - 1, maxY = reference.height - 1
        for y in 0..<min(current.height, grid.rows * cell) {
            let turned = back.b * Double(y), scaled = back.a * Double(y)
            for x in 0..<min(current.width, grid.columns * cell) {
                let index = (y / cell) * grid.columns + x / cell
                let fx = back.a * Double(x) - turned + back.tx
                let fy = back.b * Double(x) + scaled + back.ty
                guard fx >= -0.5, fy >= -0.5, fx <= Double(maxX) + 0.5, fy <= Double(maxY) + 0.5 else {
                    entered[index] = true
                    continue
                }
                let x0 = min(Int(max(fx, 0)), maxX), y0 = min(Int(max(fy, 0)), maxY)
                let x1 = min(x0 + 1, maxX), y1 = min(y0 + 1, maxY)
                let a = reference.pixels[y0 * reference.width + x0], b = reference.pixels[y0 * reference.width + x1]
                let c = reference.pixels[y1 * reference.width + x0], d = reference.pixels[y1 * reference.width + x1]
                let low = min(min(a, b), min(c, d)), high = max(max(a, b), max(c, d))
                let pixel = current.pixels[y * current.width + x]
                let value = pixel - offset
                let predicted = value < low ? low + offset : value > high ? high + offset : value + offset
                sums[index] += abs(pixel - predicted)
                counts[index] += 1
            }
        }
        return (zip(sums, counts).map { $1 > 0 ? $0 / Float($1) : 0 }, entered)
    }

    /// Block averages of 4×4 bytes, as the detector's images hold: multiples of 1/16 from 0 to 255.
    private static func image(width: Int, height: Int, random: inout SeededGenerator) -> LumaImage {
        LumaImage(width: width, height: height, pixels: (0..<(width * height)).map { _ in Float(random.next() % 4081) / 16 })
    }

    @Test(
        "match a loop over single pixels bit for bit, for shifts, zooms and turns, in view and out",
        arguments: [
            ImageMotion.identity,
            ImageMotion(dx: 0.37, dy: -0.81),
            ImageMotion(dx: -5.5, dy: 3.25),
            ImageMotion(a: 1.013, b: -0.021, tx: 1.7, ty: -2.2),
            ImageMotion(a: 0.97, b: 0.034, tx: -3.1, ty: 4.9),
            ImageMotion(dx: 500, dy: 0),
            ImageMotion(a: .nan, b: 0, tx: 0, ty: 0),
        ])
    func matchALoopOverSinglePixels(back: ImageMotion) {
        var random = SeededGenerator(seed: 21)
        for (width, height, cell) in [(160, 120, 4), (37, 23, 4), (161, 121, 3), (9, 5, 4), (2, 3, 1), (320, 180, 4)] {
            let reference = Self.image(width: width, height: height, random: &random)
            let current = Self.image(width: width, height: height, random: &random)
            let grid = (columns: (width + cell - 1) / cell, rows: (height + cell - 1) / cell)
            for offset: Float in [0, 2.4375, -7.1] {
                let fast = SceneChangeDetector.residuals(current, reference: reference, back: back, offset: offset, cell: cell, grid: grid)
                let slow = Self.perPixel(current, reference: reference, back: back, offset: offset, cell: cell, grid: grid)
                #expect(fast.means.map(\.bitPattern) == slow.means.map(\.bitPattern), "\(width)x\(height), cell \(cell), offset \(offset)")
                #expect(fast.entered == slow.entered, "\(width)x\(height), cell \(cell), offset \(offset)")
            }
        }
    }

    @Test("mark every cell as come into view when the whole frame moved out of the reference")
    func markEveryCellWhenAllMovedOut() {
        var random = SeededGenerator(seed: 5)
        let reference = Self.image(width: 40, height: 20, random: &random)
        let result = SceneChangeDetector.residuals(
            reference, reference: reference, back: ImageMotion(dx: 1000, dy: 0), offset: 0, cell: 4, grid: (columns: 10, rows: 5))
        #expect(result.entered == [Bool](repeating: true, count: 50))
        #expect(result.means == [Float](repeating: 0, count: 50))
    }
}
