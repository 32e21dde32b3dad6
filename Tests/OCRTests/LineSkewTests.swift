import Foundation
import Testing
@testable import OCR

@Suite("LineSkew")
struct LineSkewTests {
    /// The fixture's "Price 12.99" line with room for a tilt of several degrees.
    private let priceLine = OCRRect(x: 20, y: 70, width: 260, height: 76)

    private func estimate(_ image: SyntheticImage, rect: OCRRect, maximumDegrees: Double = 8) -> Double? {
        image.pixels.withUnsafeBufferPointer { buffer -> Double? in
            guard let base = buffer.baseAddress else { return nil }
            return LineSkew().estimate(base, stride: image.width, rect: rect, maximumDegrees: maximumDegrees)
        }
    }

    @Test("finds the tilt of a rotated line within a degree, either way and in either polarity", arguments: [-6.0, -3.0, 2.5, 5.0, 7.0])
    func findsTilt(degrees: Double) throws {
        let fixture = SyntheticImage(try PGMFixture(named: "two-lines.pgm"))
        for image in [fixture.rotated(by: degrees, fill: 255), fixture.inverted().rotated(by: degrees, fill: 0)] {
            let found = try #require(estimate(image, rect: priceLine))
            #expect(abs(found * 180 / .pi - degrees) <= 1, "found \(found * 180 / .pi)° for \(degrees)°")
        }
    }

    @Test("leaves a straight line alone and ignores a blank crop")
    func straightAndBlank() throws {
        let fixture = SyntheticImage(try PGMFixture(named: "two-lines.pgm"))
        #expect(estimate(fixture, rect: priceLine) == nil)
        #expect(estimate(.blank(width: 300, height: 200, level: 200), rect: priceLine) == nil)
    }

    @Test("does not look beyond the maximum angle")
    func limitedRange() throws {
        let fixture = SyntheticImage(try PGMFixture(named: "two-lines.pgm")).rotated(by: 7, fill: 255)
        if let found = estimate(fixture, rect: priceLine, maximumDegrees: 3) {
            #expect(abs(found * 180 / .pi) <= 3 + 1e-9)
        }
    }

    @Test("a straightened crop maps its boxes back through the rotation")
    func rotatedCropMapsBack() {
        let crop = LineCrop(
            source: OCRRect(x: 100, y: 50, width: 80, height: 20), scale: 2, margin: 10, width: 180, height: 60,
            polarity: .darkOnLight, inkThreshold: 127, angle: 5 * .pi / 180)
        // The crop's centre stays where it was; the whole crop maps to a box grown by the rotation.
        let whole = crop.sourceBox(OCRRect(x: 10, y: 10, width: 160, height: 40))
        #expect(abs(Double(whole.x) + Double(whole.width) / 2 - 140) <= 1)
        #expect(abs(Double(whole.y) + Double(whole.height) / 2 - 60) <= 1)
        #expect(whole.height > 20 && whole.height <= 20 + Int((80 * sin(5 * Double.pi / 180)).rounded(.up)) + 2)
    }

    @Test("reads a price tilted by 6° with deskewing on", arguments: [-6.0, 6.0])
    func readsTiltedPrice(degrees: Double) throws {
        let image = SyntheticImage(try PGMFixture(named: "two-lines.pgm")).rotated(by: degrees, fill: 255)
        let engine = try TesseractEngine()
        let recognizer = RegionRecognizer(configuration: RegionOptions(deskews: true))
        let lines = try recognizer.recognize(luma: image.pixels, width: image.width, height: image.height, stride: image.width, using: engine)
        let price = try #require(lines.flatMap(\.words).first { $0.text.contains("12.99") }, "read \(lines.map(\.text))")
        // The word box maps back onto the rotated price, around x 190…260 and y 80…130 of the fixture.
        #expect((150...290).contains(price.box.x + price.box.width / 2))
        #expect((70...140).contains(price.box.y + price.box.height / 2))
        #expect(recognizer.timings.deskew > .zero)
    }
}
