import Testing
@testable import Capture

@Suite("Image loading")
struct ImageLoaderTests {
    @Test("reads a binary PGM back byte for byte")
    func pgmRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let pixels: [UInt8] = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 200, 255]
        let path = try directory.write(LeptonicaFixtures.pgm(width: 4, height: 3, pixels: pixels), to: "grey.pgm")
        let image = try ImageLoader.loadLuma(path: path)
        #expect(image.width == 4 && image.height == 3)
        #expect(image.luma == pixels)
    }

    @Test("reads an 8-bit grey PNG of odd width back byte for byte")
    func greyPNGRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let expected = (0..<(7 * 5)).map { UInt8($0 * 7) }
        let png = try LeptonicaFixtures.png(width: 7, height: 5, depth: 8) { x, y in UInt32(expected[y * 7 + x]) }
        let path = try directory.write(png, to: "grey.png")
        let image = try ImageLoader.loadLuma(path: path)
        #expect(image.width == 7 && image.height == 5)
        #expect(image.luma == expected)
    }

    @Test("turns RGB into luminance")
    func rgbToLuma() throws {
        let colours: [UInt32] = [0xFF0000, 0x00FF00, 0x0000FF, 0xFFFFFF, 0x000000]
        let png = try LeptonicaFixtures.png(width: 5, height: 1, depth: 32) { x, _ in colours[x] }
        let image = try ImageLoader.loadLuma(data: png, name: "colours.png")
        #expect(image.width == 5 && image.height == 1)
        let (red, green, blue, white, black) = (image.luma[0], image.luma[1], image.luma[2], image.luma[3], image.luma[4])
        #expect(white == 255)
        #expect(black == 0)
        #expect(green > red && red > blue)
        #expect((70...85).contains(red))
    }

    @Test("turns a 1-bit image into black and white bytes")
    func oneBitToGrey() throws {
        let png = try LeptonicaFixtures.png(width: 3, height: 2, depth: 1) { x, y in UInt32((x + y) % 2) }
        let image = try ImageLoader.loadLuma(data: png, name: "bits.png")
        #expect(image.luma == [255, 0, 255, 0, 255, 0])
    }

    @Test("reports an image Leptonica cannot decode")
    func corruptImage() throws {
        let directory = try TemporaryDirectory()
        let garbage = try directory.write(Array("this is not a picture at all".utf8), to: "corrupt.png")
        #expect(throws: ReplayError.imageDecodeFailed(path: garbage)) { try ImageLoader.loadLuma(path: garbage) }
        let png = try LeptonicaFixtures.png(width: 8, height: 8, depth: 8) { x, _ in UInt32(x) }
        let cut = try directory.write(Array(png.prefix(20)), to: "cut.png")
        #expect(throws: ReplayError.imageDecodeFailed(path: cut)) { try ImageLoader.loadLuma(path: cut) }
        let empty = try directory.write([], to: "empty.png")
        #expect(throws: ReplayError.imageDecodeFailed(path: empty)) { try ImageLoader.loadLuma(path: empty) }
    }

    @Test("reports a missing image file with its errno")
    func missingImage() {
        #expect(throws: ReplayError.openFailed(path: "/nonexistent/x.png", errno: 2)) {
            try ImageLoader.loadLuma(path: "/nonexistent/x.png")
        }
        #expect(ReplayError.openFailed(path: "/nonexistent/x.png", errno: 2).errno == 2)
    }
}
