import Testing
@testable import Pipeline

@Suite("Control line framing")
struct ControlLineFramerTests {
    @Test("splits at newlines across chunks, drops CR and empty lines")
    func splitsLines() {
        var framer = ControlLineFramer(limit: 16)
        #expect(framer.feed(Array("{\"a\"".utf8)) == [])
        #expect(framer.feed(Array(":1}\r\n\n{}\n".utf8)) == [.line(Array("{\"a\":1}".utf8)), .line(Array("{}".utf8))])
    }

    @Test("reports a line over the limit once, holds none of it, and carries on after its newline")
    func refusesOverlongLines() {
        var framer = ControlLineFramer(limit: 4)
        #expect(framer.feed(Array("abcd\n".utf8)) == [.line(Array("abcd".utf8))])
        #expect(framer.feed(Array("abcdefghijklmnop".utf8)) == [.overlong])
        #expect(framer.feed(Array("qrstuvwxyz\nok\n".utf8)) == [.line(Array("ok".utf8))])
        #expect(framer.feed(Array("abcde\n".utf8)) == [.overlong])
    }
}
