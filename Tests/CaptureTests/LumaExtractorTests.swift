import Testing
@testable import Capture

@Suite("Luma extraction and digital zoom crop")
struct LumaExtractorTests {
    /// A 6x3 picture whose luma at (x, y) is 10y + x, laid out as `layout` with `padding` bytes after each row.
    private func buffer(layout: PixelFormat.LumaLayout, padding: Int) -> (bytes: [UInt8], bytesPerLine: Int) {
        let bytesPerLine = 6 * layout.bytesPerPixel + padding
        var bytes = [UInt8](repeating: 0xEE, count: bytesPerLine * 3)
        for y in 0..<3 {
            for x in 0..<6 {
                switch layout {
                case .plane: bytes[y * bytesPerLine + x] = UInt8(10 * y + x)
                case .packed(let offset): bytes[y * bytesPerLine + 2 * x + offset] = UInt8(10 * y + x)
                }
            }
        }
        return (bytes, bytesPerLine)
    }

    @Test("reads luma from GREY/planar, YUYV and UYVY buffers with padded rows", arguments: [
        PixelFormat.grey, .yuv420, .nv12, .yuyv, .yvyu, .uyvy, .vyuy,
    ])
    func readsLuma(format: PixelFormat) throws {
        let layout = try #require(format.lumaLayout)
        let (bytes, bytesPerLine) = buffer(layout: layout, padding: 3)
        let luma = bytes.withUnsafeBytes {
            LumaExtractor.extract(from: $0, layout: layout, bytesPerLine: bytesPerLine, rect: CropRect(x: 0, y: 0, width: 6, height: 3))
        }
        #expect(luma == [0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 20, 21, 22, 23, 24, 25])
        let crop = bytes.withUnsafeBytes {
            LumaExtractor.extract(from: $0, layout: layout, bytesPerLine: bytesPerLine, rect: CropRect(x: 2, y: 1, width: 3, height: 2))
        }
        #expect(crop == [12, 13, 14, 22, 23, 24])
    }

    @Test("a buffer too short for the rectangle gives nothing")
    func shortBuffer() {
        let (bytes, bytesPerLine) = buffer(layout: .packed(offset: 0), padding: 0)
        let luma = bytes.dropLast(2).withUnsafeBytes {
            LumaExtractor.extract(from: $0, layout: .packed(offset: 0), bytesPerLine: bytesPerLine, rect: CropRect(x: 0, y: 0, width: 6, height: 3))
        }
        #expect(luma == nil)
    }

    @Test("digital zoom keeps the centred 1/level of the frame")
    func centredCrop() {
        #expect(CropRect.centred(width: 640, height: 480, level: 2) == CropRect(x: 160, y: 120, width: 320, height: 240))
        #expect(CropRect.centred(width: 640, height: 480, level: 4) == CropRect(x: 240, y: 180, width: 160, height: 120))
        #expect(CropRect.centred(width: 640, height: 480, level: 1) == CropRect(x: 0, y: 0, width: 640, height: 480))
        #expect(CropRect.centred(width: 640, height: 480, level: .nan) == CropRect(x: 0, y: 0, width: 640, height: 480))
    }
}
