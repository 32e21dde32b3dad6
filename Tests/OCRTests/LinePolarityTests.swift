import Testing
@testable import OCR

@Suite("LinePolarity")
struct LinePolarityTests {
    @Test("dark text on a light background reads as dark-on-light")
    func darkOnLight() throws {
        let image = try PGMFixture(named: "two-lines.pgm")
        #expect(image.pixels.withUnsafeBufferPointer(LinePolarity.classify) == .darkOnLight)
    }

    @Test("the inverted fixture reads as light-on-dark")
    func lightOnDark() throws {
        let image = SyntheticImage(try PGMFixture(named: "two-lines.pgm")).inverted()
        #expect(image.pixels.withUnsafeBufferPointer(LinePolarity.classify) == .lightOnDark)
    }

    @Test("low-contrast light text on mid grey still reads as light-on-dark")
    func faintLightOnDark() throws {
        let image = SyntheticImage(try PGMFixture(named: "two-lines.pgm")).inverted().faded(low: 90, high: 140, darkest: 1)
        #expect(image.pixels.withUnsafeBufferPointer(LinePolarity.classify) == .lightOnDark)
    }

    @Test("Otsu's threshold separates two grey levels")
    func otsuSeparatesLevels() {
        var histogram = [Int](repeating: 0, count: 256)
        histogram[40] = 300
        histogram[200] = 700
        let threshold = LinePolarity.otsuThreshold(histogram: histogram)
        #expect((40..<200).contains(threshold))
    }
}
