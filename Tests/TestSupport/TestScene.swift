import Foundation
import SceneAnalysis

/// Synthetic textured luma images for motion tests.
public enum TestScene {
    /// A smooth random value on a lattice of `cell`-pixel squares, bilinearly interpolated, 0…1.
    public static func valueNoise(x: Double, y: Double, cell: Double, seed: UInt64) -> Double {
        func lattice(_ i: Int, _ j: Int) -> Double {
            let mixed = seed &+ UInt64(bitPattern: Int64(i)) &* 73_856_093 &+ UInt64(bitPattern: Int64(j)) &* 19_349_663
            var generator = SeededGenerator(seed: mixed)
            return Double(generator.next() >> 11) / Double(1 << 53)
        }
        let u = x / cell, v = y / cell
        let i = Int(floor(u)), j = Int(floor(v))
        let fu = u - floor(u), fv = v - floor(v)
        let top = lattice(i, j) * (1 - fu) + lattice(i + 1, j) * fu
        let bottom = lattice(i, j + 1) * (1 - fu) + lattice(i + 1, j + 1) * fu
        return top * (1 - fv) + bottom * fv
    }

    /// A textured plane whose content is moved by `(dx, dy)`: the pixel at `(x, y)` shows the scene at `(x − dx, y − dy)`.
    public static func render(width: Int, height: Int, stride: Int, dx: Double, dy: Double, seed: UInt64 = 11) -> [UInt8] {
        var plane = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let sx = Double(x) - dx, sy = Double(y) - dy
                let value = 0.6 * valueNoise(x: sx, y: sy, cell: 7, seed: seed) + 0.4 * valueNoise(x: sx, y: sy, cell: 29, seed: seed + 1)
                plane[y * stride + x] = UInt8(max(0, min(255, (value * 255).rounded())))
            }
        }
        return plane
    }

    /// A textured plane whose content moved by `motion`: the pixel at `(x, y)` shows the scene where
    /// the motion's inverse takes `(x, y)`.
    public static func render(width: Int, height: Int, motion: ImageMotion, seed: UInt64 = 11) -> [UInt8] {
        let back = motion.inverse ?? .identity
        var plane = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let source = back.applied(x: Double(x), y: Double(y))
                let value = 0.6 * valueNoise(x: source.x, y: source.y, cell: 7, seed: seed)
                    + 0.4 * valueNoise(x: source.x, y: source.y, cell: 29, seed: seed + 1)
                plane[y * width + x] = UInt8(max(0, min(255, (value * 255).rounded())))
            }
        }
        return plane
    }

    /// A `width`×`height` window of `plane` (of `planeWidth` columns) with its top-left corner at `(left, top)`.
    public static func crop(_ plane: [UInt8], planeWidth: Int, left: Int, top: Int, width: Int, height: Int) -> [UInt8] {
        var window = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let source = (top + y) * planeWidth + left
            window.replaceSubrange((y * width)..<((y + 1) * width), with: plane[source..<(source + width)])
        }
        return window
    }
}
