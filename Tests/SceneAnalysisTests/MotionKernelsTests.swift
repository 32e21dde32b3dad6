import CKernels
import Testing

/// The motion search's absolute difference sums (`motion_kernels.h`): both builds give the sums a
/// plain loop over the lanes gives, bit for bit.
@Suite("Motion kernels")
struct MotionKernelsTests {
    struct Case: Sendable, CustomStringConvertible {
        var width: Int, height: Int, margin: Int, dy: Int, dx: [Int32]
        var description: String { "\(width)x\(height) margin \(margin) dy \(dy) dx \(dx)" }
    }

    static let cases = [
        Case(width: 40, height: 30, margin: 4, dy: 0, dx: [0, 1, 2, 3]),
        Case(width: 41, height: 31, margin: 5, dy: -5, dx: [-5, -4, -3, -2]),
        Case(width: 160, height: 90, margin: 8, dy: 7, dx: [8, 8, 8, 8]),
        Case(width: 19, height: 12, margin: 2, dy: 2, dx: [-2, 0, 1, 2]),
        Case(width: 12, height: 12, margin: 3, dy: -1, dx: [1, -1, 0, 3]),
    ]

    /// Each lane's sum added pixel by pixel in the kernel's order.
    static func reference(current: [Float], previous: [Float], _ c: Case) -> (lanes: [Float], tails: [Float]) {
        var lanes = [Float](repeating: 0, count: 32), tails = [Float](repeating: 0, count: 4)
        let rowLength = c.width - 2 * c.margin, chunks = rowLength / 8
        for y in c.margin..<(c.height - c.margin) {
            for k in 0..<4 {
                let row = (y + c.dy) * c.width + c.margin + Int(c.dx[k]), before = y * c.width + c.margin
                for x in 0..<(chunks * 8) { lanes[8 * k + x % 8] += abs(current[row + x] - previous[before + x]) }
                for x in (chunks * 8)..<rowLength { tails[k] += abs(current[row + x] - previous[before + x]) }
            }
        }
        return (lanes, tails)
    }

    typealias Kernel = @Sendable (
        UnsafePointer<Float>?, UnsafePointer<Float>?, Int32, Int32, Int32, Int32, UnsafePointer<Int32>?,
        UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?
    ) -> Void

    static func run(_ kernel: Kernel, current: [Float], previous: [Float], _ c: Case) -> (lanes: [Float], tails: [Float]) {
        var lanes = [Float](repeating: 0, count: 32), tails = [Float](repeating: 0, count: 4)
        kernel(current, previous, Int32(c.width), Int32(c.height), Int32(c.margin), Int32(c.dy), c.dx, &lanes, &tails)
        return (lanes, tails)
    }

    static func planes(_ c: Case) -> (current: [Float], previous: [Float]) {
        var generator = SystemRandomNumberGenerator()
        let count = c.width * c.height
        // Values with many bits set, so that any change in the order of additions shows.
        return ((0..<count).map { _ in Float.random(in: 0..<255, using: &generator) },
                (0..<count).map { _ in Float.random(in: 0..<255, using: &generator) })
    }

    /// Runs `kernel` on random planes and expects a plain loop's lane sums, bit for bit.
    static func expectPlainLoopSums(from kernel: Kernel, _ c: Case) {
        let (current, previous) = planes(c)
        let expected = reference(current: current, previous: previous, c)
        let sums = run(kernel, current: current, previous: previous, c)
        #expect(sums.lanes.map(\.bitPattern) == expected.lanes.map(\.bitPattern))
        #expect(sums.tails.map(\.bitPattern) == expected.tails.map(\.bitPattern))
    }

    @Test("the 16-byte build gives the lane sums of a plain loop", arguments: cases)
    func narrowBuild(_ c: Case) {
        Self.expectPlainLoopSums(from: lensd_absolute_difference_sums_narrow, c)
    }

    @Test("the AVX2 build gives the same lane sums", .enabled(if: lensd_has_wide_vectors() != 0, "this CPU has no AVX2"), arguments: cases)
    func wideBuild(_ c: Case) {
        Self.expectPlainLoopSums(from: lensd_absolute_difference_sums_wide, c)
    }
}
