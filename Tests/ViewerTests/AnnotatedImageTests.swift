import CLeptonica
import Testing

@testable import Viewer

@Suite struct AnnotatedImageTests {
    /// A mid-grey 200x120 frame.
    private func grey() throws -> AnnotatedImage {
        try AnnotatedImage(luma: [UInt8](repeating: 128, count: 200 * 120), width: 200, height: 120, stride: 200, colour: true)
    }

    /// The RGB of pixel (x, y) of a decoded PNG.
    private func pixel(_ png: [UInt8], _ x: Int32, _ y: Int32) throws -> (Int32, Int32, Int32) {
        let pix = try #require(png.withUnsafeBufferPointer { pixReadMem($0.baseAddress, $0.count) })
        var pointer: UnsafeMutablePointer<PIX>? = pix
        defer { pixDestroy(&pointer) }
        var red: Int32 = 0, green: Int32 = 0, blue: Int32 = 0
        #expect(pixGetRGBPixel(pix, x, y, &red, &green, &blue) == 0)
        return (red, green, blue)
    }

    @Test func outlinesAConfirmedPriceInGreenAndLeavesItsInsideAlone() throws {
        let image = try grey()
        try image.draw([ViewerOverlay(x: 60, y: 50, width: 80, height: 40, label: "USD 12.49", style: .confirmed)])
        let png = try image.png()
        // The outline is drawn just outside the box, so that it does not hide the price's edge.
        let edge = try (54...60).map { try pixel(png, Int32($0), 70) }
        let inside = try pixel(png, 62, 70), centre = try pixel(png, 100, 70)
        #expect(edge.contains { $0 == (0, 170, 60) })
        #expect(inside == (128, 128, 128) && centre == (128, 128, 128))
    }

    @Test func writesTheLabelOnALightBandAboveTheBox() throws {
        let image = try grey()
        try image.draw([ViewerOverlay(x: 20, y: 60, width: 80, height: 30, label: "JPY 398 = EUR 2.20", style: .locked)])
        let png = try image.png()
        var light = 0, blue = 0
        for y in Int32(30)..<Int32(56) {
            for x in Int32(20)..<Int32(150) {
                let (r, g, b) = try pixel(png, x, y)
                if r > 200, g > 200, b > 200 { light += 1 }
                if b > 150, r < 120 { blue += 1 }
            }
        }
        #expect(light > 500)
        #expect(blue > 20)
    }

    @Test func encodesAGreyFrameAsJPEG() throws {
        let luma = (0..<(64 * 48)).map { UInt8(truncatingIfNeeded: $0) }
        let jpeg = try AnnotatedImage(luma: luma, width: 60, height: 48, stride: 64, colour: false).jpeg()
        #expect(Array(jpeg.prefix(2)) == [0xFF, 0xD8])
        let decoded = try #require(jpeg.withUnsafeBufferPointer { pixReadMem($0.baseAddress, $0.count) })
        var pointer: UnsafeMutablePointer<PIX>? = decoded
        defer { pixDestroy(&pointer) }
        #expect(pixGetWidth(decoded) == 60 && pixGetHeight(decoded) == 48)
    }

    @Test func refusesALumaPlaneShorterThanItsGeometry() {
        #expect(throws: ImageEncodingError.self) {
            try AnnotatedImage(luma: [1, 2, 3], width: 4, height: 4, stride: 4, colour: false)
        }
    }

    @Test func refusesAFileLeptonicaCannotRead() {
        #expect(throws: ImageEncodingError.self) { try AnnotatedImage(contentsOf: "/nonexistent/lensd-viewer.png") }
    }

    @Test func spellsCurrencySignsTheBitmapFontLacks() {
        #expect(AnnotatedImage.printable("€2.20 → ¥398") == "EUR 2.20 -> JPY 398")
        #expect(AnnotatedImage.printable("1 791 Kč") == "1 791 K?")
    }
}
