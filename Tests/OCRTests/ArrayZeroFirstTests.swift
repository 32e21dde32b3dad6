import Testing
@testable import OCR

@Suite("Array.zeroFirst")
struct ArrayZeroFirstTests {
    @Test func clearsTheFirstElementsOfAReusedBufferAndLeavesItsLength() {
        var buffer: [UInt8] = [1, 2, 3, 4, 5, 6]
        buffer.zeroFirst(4)
        #expect(buffer == [0, 0, 0, 0, 5, 6])
    }

    @Test func growsAShortBufferWithZeros() {
        var buffer: [UInt8] = [7, 7]
        buffer.zeroFirst(5)
        #expect(buffer == [0, 0, 0, 0, 0])
        var empty: [Int32] = []
        empty.zeroFirst(0)
        #expect(empty.isEmpty)
    }
}
