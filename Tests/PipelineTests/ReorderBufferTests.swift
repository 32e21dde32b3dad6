import Testing
@testable import Pipeline

@Suite("ReorderBuffer")
struct ReorderBufferTests {
    @Test("releases items in ticket order however they arrive")
    func releasesInOrder() {
        var buffer = ReorderBuffer<String>()
        #expect(buffer.insert("c", ticket: 2).isEmpty)
        #expect(buffer.insert("b", ticket: 1).isEmpty)
        #expect(buffer.insert("a", ticket: 0) == ["a", "b", "c"])
        #expect(buffer.insert("d", ticket: 3) == ["d"])
        #expect(buffer.waitingCount == 0)
        #expect(buffer.nextTicket == 4)
    }

    @Test("holds later items while an earlier ticket is missing")
    func holdsBehindGap() {
        var buffer = ReorderBuffer<Int>()
        #expect(buffer.insert(5, ticket: 1).isEmpty)
        #expect(buffer.insert(6, ticket: 2).isEmpty)
        #expect(buffer.waitingCount == 2)
    }
}
