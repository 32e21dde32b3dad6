import SceneAnalysis
import Testing
import Tracking
@testable import Pipeline

@Suite("SmallPrint")
struct SmallPrintTests {
    /// A tag's price line, 30 px high, with its name above and its date below (as generated tags
    /// lay them out: a third of the price's size, a fifth of its height away).
    static let price = PixelRect(x: 100, y: 100, width: 150, height: 30)
    static let name = PixelRect(x: 100, y: 80, width: 160, height: 12)
    static let date = PixelRect(x: 100, y: 137, width: 90, height: 11)

    @Test("takes the lines just above and below a much taller line of text for small print")
    func nameAndDateBesideThePriceAreSmallPrint() {
        #expect(SmallPrint.tallerLine(beside: Self.name, among: [Self.name, Self.price, Self.date]) == Self.price)
        #expect(SmallPrint.tallerLine(beside: Self.date, among: [Self.name, Self.price, Self.date]) == Self.price)
    }

    @Test("never takes the tallest line for small print, nor lines of one size (a receipt)")
    func tallestLineAndEvenLinesAreRead() {
        #expect(SmallPrint.tallerLine(beside: Self.price, among: [Self.name, Self.price, Self.date]) == nil)
        let rows = (0..<5).map { PixelRect(x: 40, y: 50 + Double($0) * 20, width: 300, height: 14) }
        #expect(rows.allSatisfy { SmallPrint.tallerLine(beside: $0, among: rows) == nil })
        let slightlySmaller = PixelRect(x: 100, y: 136, width: 150, height: 18)
        #expect(SmallPrint.tallerLine(beside: slightlySmaller, among: [Self.price]) == nil)
    }

    @Test("does not count a blob, a coarse line around the line, or a line of the next tag as the taller line")
    func onlyAnotherTextLineOnTheSameTagCounts() {
        // A tag's border or a logo: tall but not three characters wide.
        let blob = PixelRect(x: 100, y: 100, width: 50, height: 30)
        #expect(SmallPrint.tallerLine(beside: Self.name, among: [blob]) == nil)
        // A row of blurred tags merged into one coarse line holds the name.
        let merged = PixelRect(x: 60, y: 70, width: 400, height: 90)
        #expect(SmallPrint.tallerLine(beside: Self.name, among: [merged]) == nil)
        // The price of the next tag along the shelf overlaps a third of the name.
        let next = PixelRect(x: 207, y: 100, width: 150, height: 30)
        #expect(SmallPrint.tallerLine(beside: Self.name, among: [next]) == nil)
        // A price further below than most of its height belongs to another row.
        let farBelow = PixelRect(x: 100, y: 118, width: 150, height: 30)
        #expect(SmallPrint.tallerLine(beside: PixelRect(x: 100, y: 80, width: 150, height: 12), among: [farBelow]) == nil)
    }
}
