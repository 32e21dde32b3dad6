import Testing
@testable import Capture

@Suite("Natural order")
struct NaturalOrderTests {
    @Test("sorts numbers in names by value: frame2 before frame10")
    func numbersByValue() {
        let names = ["frame10.png", "frame2.png", "frame1.png", "frame02.png", "frame.png", "a100b2", "a100b10"]
        #expect(names.sorted(by: NaturalOrder.areInIncreasingOrder) == [
            "a100b2", "a100b10", "frame.png", "frame1.png", "frame02.png", "frame2.png", "frame10.png",
        ])
    }

    @Test("orders huge digit runs without overflowing")
    func hugeNumbers() {
        #expect(NaturalOrder.areInIncreasingOrder("x99999999999999999999999", "x100000000000000000000000"))
        #expect(!NaturalOrder.areInIncreasingOrder("x100000000000000000000000", "x99999999999999999999999"))
    }
}
