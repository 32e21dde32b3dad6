import Foundation

/// An 8-bit luma image built in a test from a fixture: inverted, faded, unevenly lit, enlarged or pasted.
struct SyntheticImage {
    var pixels: [UInt8]
    var width: Int
    var height: Int

    init(pixels: [UInt8], width: Int, height: Int) {
        self.pixels = pixels
        self.width = width
        self.height = height
    }

    init(_ fixture: PGMFixture) {
        self.init(pixels: fixture.pixels, width: fixture.width, height: fixture.height)
    }

    /// A blank image of one grey level.
    static func blank(width: Int, height: Int, level: UInt8) -> SyntheticImage {
        SyntheticImage(pixels: [UInt8](repeating: level, count: width * height), width: width, height: height)
    }

    /// Light text on a dark background.
    func inverted() -> SyntheticImage {
        SyntheticImage(pixels: pixels.map { 255 - $0 }, width: width, height: height)
    }

    /// Contrast squeezed into `low...high`, then lit by a left-to-right ramp from `darkest` to full light.
    func faded(low: Int, high: Int, darkest: Double) -> SyntheticImage {
        var out = pixels
        for y in 0..<height {
            for x in 0..<width {
                let squeezed = Double(low) + Double(pixels[y * width + x]) * Double(high - low) / 255
                let light = darkest + (1 - darkest) * Double(x) / Double(max(1, width - 1))
                out[y * width + x] = UInt8(max(0, min(255, (squeezed * light).rounded())))
            }
        }
        return SyntheticImage(pixels: out, width: width, height: height)
    }

    /// Nearest-neighbour enlargement by an integer factor.
    func enlarged(by factor: Int) -> SyntheticImage {
        var out = [UInt8](repeating: 0, count: width * height * factor * factor)
        for y in 0..<(height * factor) {
            for x in 0..<(width * factor) {
                out[y * width * factor + x] = pixels[(y / factor) * width + x / factor]
            }
        }
        return SyntheticImage(pixels: out, width: width * factor, height: height * factor)
    }

    /// This image with `other` copied in at `(x, y)` (clipped to this image).
    func pasting(_ other: SyntheticImage, x: Int, y: Int) -> SyntheticImage {
        var out = pixels
        for row in 0..<other.height where (0..<height).contains(y + row) {
            for column in 0..<other.width where (0..<width).contains(x + column) {
                out[(y + row) * width + x + column] = other.pixels[row * other.width + column]
            }
        }
        return SyntheticImage(pixels: out, width: width, height: height)
    }

    /// Rotated by `degrees` about the image centre (bilinear; positive turns the x axis towards y,
    /// so a horizontal line then descends to the right); corners outside are filled with `fill`.
    func rotated(by degrees: Double, fill: UInt8) -> SyntheticImage {
        let angle = degrees * Double.pi / 180
        let cosine = cos(angle), sine = sin(angle)
        let centreX = Double(width) / 2, centreY = Double(height) / 2
        var out = [UInt8](repeating: fill, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                // The source point that lands on (x, y): rotate back by -angle.
                let dx = Double(x) + 0.5 - centreX, dy = Double(y) + 0.5 - centreY
                let sx = centreX + dx * cosine + dy * sine - 0.5, sy = centreY - dx * sine + dy * cosine - 0.5
                guard sx >= 0, sy >= 0, sx < Double(width - 1), sy < Double(height - 1) else { continue }
                let x0 = Int(sx), y0 = Int(sy), fx = sx - Double(x0), fy = sy - Double(y0)
                let top = Double(pixels[y0 * width + x0]) * (1 - fx) + Double(pixels[y0 * width + x0 + 1]) * fx
                let bottom = Double(pixels[(y0 + 1) * width + x0]) * (1 - fx) + Double(pixels[(y0 + 1) * width + x0 + 1]) * fx
                out[y * width + x] = UInt8(max(0, min(255, (top * (1 - fy) + bottom * fy).rounded())))
            }
        }
        return SyntheticImage(pixels: out, width: width, height: height)
    }
}
