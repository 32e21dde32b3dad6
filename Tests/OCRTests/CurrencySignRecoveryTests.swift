import Testing
@testable import OCR

@Suite("Currency signs the recogniser cannot write")
struct CurrencySignRecoveryTests {
    static func line(_ words: [String]) -> OCRLine {
        var x = 0
        let boxes = words.map { word -> OCRWord in
            defer { x += word.count * 10 + 10 }
            return OCRWord(text: word, box: OCRRect(x: x, y: 0, width: word.count * 10, height: 20), confidence: 0.99)
        }
        return OCRLine(text: words.joined(separator: " "), box: OCRRect(x: 0, y: 0, width: x, height: 20), confidence: 0.99, words: boxes)
    }

    @Test func aReadWithASignOrACodeNamesItsCurrency() {
        #expect(CurrencySignRecovery.namesCurrency("$12.99"))
        #expect(CurrencySignRecovery.namesCurrency("CHF 179.95"))
        #expect(CurrencySignRecovery.namesCurrency("￥3,450"))
        #expect(!CurrencySignRecovery.namesCurrency("1.835,99"))
        #expect(!CurrencySignRecovery.namesCurrency("Kc 12"))
    }

    @Test func aLoneLetterBesideTheDigitsMayBeASign() {
        #expect(CurrencySignRecovery.suspectSides(of: "f11") == (true, false))
        #expect(CurrencySignRecovery.suspectSides(of: "82.99 C") == (false, true))
        #expect(CurrencySignRecovery.suspectSides(of: "Art.561") == (false, false))
        #expect(CurrencySignRecovery.suspectSides(of: "1.3L") == (false, true))
    }

    @Test func tesseractsSignOnTheSideAskedForIsTaken() {
        #expect(CurrencySignRecovery.sign(in: [Self.line(["€", "1.835,99"])], leading: true) == "€")
        #expect(CurrencySignRecovery.sign(in: [Self.line(["86,99", "€"])], leading: true) == nil)
        #expect(CurrencySignRecovery.sign(in: [Self.line(["86,99", "€"])], leading: false) == "€")
        #expect(CurrencySignRecovery.sign(in: [Self.line(["$5"])], leading: true) == nil)
    }

    @Test func aSignPrintedOnlyBeforeAmountsIsNotTakenFromAfterTheDigits() {
        #expect(CurrencySignRecovery.sign(in: [Self.line(["£", "2157"])], leading: true) == "£")
        #expect(CurrencySignRecovery.sign(in: [Self.line(["2157", "£"])], leading: false) == nil)
        #expect(CurrencySignRecovery.sign(in: [Self.line(["1", "250", "₽"])], leading: false) == "₽")
    }

    @Test func theSignJoinsTheReadReplacingALoneLetter() {
        #expect(CurrencySignRecovery.withSign(Self.line(["f11"]), sign: "£", leading: true).text == "£11")
        #expect(CurrencySignRecovery.withSign(Self.line(["1.835,99"]), sign: "€", leading: true).text == "€1.835,99")
        #expect(CurrencySignRecovery.withSign(Self.line(["Total", "86,99"]), sign: "€", leading: false).text == "Total 86,99€")
    }

    @Test func anUnreadGlyphBesideTheReadIsFoundAndABorderIsNot() {
        // A 40x12 crop, text rows 2..<10: read columns 10...20; a glyph-sized blot at 26..<30
        // (4 columns wide, 6 rows high) on the right, a one-column border at 2 on the left.
        let width = 40, height = 12
        var pixels = [UInt8](repeating: 230, count: width * height)
        for y in 2..<10 { for x in 10...20 where x % 3 == 0 { pixels[y * width + x] = 20 } }
        for y in 3..<9 { for x in 26..<30 { pixels[y * width + x] = 20 } }
        for y in 2..<10 { pixels[y * width + 2] = 20 }
        let sides = pixels.withUnsafeBufferPointer {
            CurrencySignRecovery.unreadSides(in: $0, width: width, height: height, textRows: 2..<10, read: 10...20)
        }
        #expect(sides == (false, true))
    }

    @Test func inkRunningOnIntoTheCropsSideIsNoGlyph() {
        // The same crop with a blot as wide and high as a glyph touching the left side: the end
        // of a tag's border or of the line beside, cut by the crop, not a sign.
        let width = 40, height = 12
        var pixels = [UInt8](repeating: 230, count: width * height)
        for y in 2..<10 { for x in 10...20 where x % 3 == 0 { pixels[y * width + x] = 20 } }
        for y in 3..<9 { for x in 0..<5 { pixels[y * width + x] = 20 } }
        for y in 3..<9 { for x in 35..<40 { pixels[y * width + x] = 20 } }
        let sides = pixels.withUnsafeBufferPointer {
            CurrencySignRecovery.unreadSides(in: $0, width: width, height: height, textRows: 2..<10, read: 10...20)
        }
        #expect(sides == (false, false))
    }
}
