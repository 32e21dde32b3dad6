import Testing
@testable import Pipeline

@Suite("Control message parsing")
struct ControlParserTests {
    func parse(_ text: String) -> Result<ControlRequest, ControlRejection> {
        ControlParser.parse(Array(text.utf8))
    }

    func rejection(_ text: String) -> ControlRejection? {
        if case .failure(let rejection) = parse(text) { return rejection }
        return nil
    }

    @Test("reads every command of the protocol with its fields and echoes the id")
    func readsEveryCommand() {
        #expect(parse(#"{"cmd":"zoom","level":2.0,"id":"a"}"#) == .success(ControlRequest(command: .zoom(level: 2), id: .string("a"))))
        #expect(parse(#"{"cmd":"zoom","level":3}"#) == .success(ControlRequest(command: .zoom(level: 3))))
        #expect(parse(#"{"cmd":"torch","on":true,"id":5}"#) == .success(ControlRequest(command: .torch(on: true), id: .number(5))))
        #expect(parse(#"{"cmd":"lock","id":"p12"}"#) == .success(ControlRequest(command: .lock(trackID: "p12"), id: .string("p12"))))
        #expect(parse(#"{"cmd":"unlock"}"#) == .success(ControlRequest(command: .unlock)))
        #expect(parse(#"{"cmd":"currency","source":"eur","targets":["USD","jpy"],"autoDetect":true}"#)
            == .success(ControlRequest(command: .currency(CurrencyChange(source: "EUR", targets: ["USD", "JPY"], autoDetect: true)))))
        #expect(parse(#"{"cmd":"currency","autoDetect":false}"#)
            == .success(ControlRequest(command: .currency(CurrencyChange(autoDetect: false)))))
        #expect(parse(#"{"cmd":"preset","name":"travel-jp"}"#) == .success(ControlRequest(command: .preset(name: "travel-jp"))))
        #expect(parse(#"{"cmd":"rates","refresh":true}"#) == .success(ControlRequest(command: .rates(refresh: true))))
        #expect(parse(#"{"cmd":"rates"}"#) == .success(ControlRequest(command: .rates(refresh: false))))
        #expect(parse(#"{"cmd":"status"}"#) == .success(ControlRequest(command: .status)))
    }

    @Test("refuses wrong types, naming the field")
    func refusesWrongTypes() {
        #expect(rejection(#"{"cmd":"zoom","level":"2"}"#)?.message == #"zoom: "level" must be a number"#)
        #expect(rejection(#"{"cmd":"torch","on":1}"#)?.message == #"torch: "on" must be true or false"#)
        #expect(rejection(#"{"cmd":"currency","targets":"USD"}"#)?.message == #"currency: "targets" must be an array of ISO 4217 codes"#)
        #expect(rejection(#"{"cmd":"lock","id":12}"#)?.command == "lock")
        #expect(rejection(#"{"cmd":7}"#)?.message == #"a control message needs "cmd" as a string"#)
        #expect(rejection(#"{"cmd":"status","id":[1]}"#) != nil)
    }

    @Test("refuses unknown commands, unknown fields, unknown currency codes and empty changes")
    func refusesUnknowns() {
        #expect(rejection(#"{"cmd":"reboot"}"#)?.message.hasPrefix(#"unknown command "reboot""#) == true)
        #expect(rejection(#"{"cmd":"zoom","level":2,"speed":1}"#)?.message == #"zoom has no field "speed""#)
        #expect(rejection(#"{"cmd":"currency","source":"ZZZ"}"#)?.message == #"currency: unknown currency code "ZZZ""#)
        #expect(rejection(#"{"cmd":"currency","targets":["USD","QQQ"]}"#) != nil)
        #expect(rejection(#"{"cmd":"currency","targets":[]}"#) != nil)
        #expect(rejection(#"{"cmd":"currency"}"#) != nil)
        #expect(rejection(#"{"cmd":"zoom"}"#) != nil)
    }

    @Test("refuses what is not a JSON object: syntax errors, arrays, invalid UTF-8, deep nesting, overlong lines")
    func refusesMalformedLines() {
        #expect(rejection("{\"cmd\":")?.message == "control line is not valid JSON")
        #expect(rejection("[1,2]")?.message == "a control message must be a JSON object")
        #expect(ControlParser.parse([0x7B, 0xFF, 0x7D]) == .failure(ControlRejection(message: "control line is not valid UTF-8")))
        let deep = String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000)
        #expect(rejection(deep)?.message.contains("nests deeper") == true)
        #expect(rejection(#"{"cmd":"status","id":"\#(String(repeating: "a", count: 5000))"}"#)?.message.contains("longer than 4096") == true)
    }

    @Test("keeps the id of a refused message so the client can match the error")
    func echoesIDOnRefusal() {
        #expect(rejection(#"{"cmd":"zoom","level":"x","id":"q1"}"#)?.id == .string("q1"))
        #expect(rejection(#"{"cmd":"nope","id":9}"#)?.id == .number(9))
    }

    @Test("reads a req tag on every command, apart from a lock's track id, and keeps it on refusals")
    func readsRequestTags() {
        #expect(parse(#"{"cmd":"lock","id":"p3","req":7}"#) == .success(ControlRequest(command: .lock(trackID: "p3"), id: .string("p3"), req: .number(7))))
        #expect(parse(#"{"cmd":"status","req":"s-1"}"#) == .success(ControlRequest(command: .status, req: .string("s-1"))))
        #expect(rejection(#"{"cmd":"zoom","level":"x","req":"q2"}"#)?.req == .string("q2"))
        #expect(rejection(#"{"cmd":"nope","req":3}"#)?.req == .number(3))
        #expect(rejection(#"{"cmd":"lock","req":"r"}"#)?.req == .string("r"))
        #expect(rejection(#"{"cmd":"status","req":[1]}"#)?.message == #""req" must be a string of at most 128 bytes or an integer"#)
        #expect(rejection(#"{"cmd":"status","req":1.5}"#) != nil)
    }

    @Test("reads a watch's classes and OVERLAYS rate, each defaulting to everything, and refuses what cannot be watched")
    func readsWatch() {
        #expect(parse(#"{"cmd":"watch","classes":["OVERLAYS","STATS"],"fps":5}"#)
            == .success(ControlRequest(command: .watch(StreamSubscription(classes: ["OVERLAYS", "STATS"], overlaysPerSecond: 5)))))
        #expect(parse(#"{"cmd":"watch"}"#) == .success(ControlRequest(command: .watch(.everything))))
        #expect(parse(#"{"cmd":"watch","fps":0.5}"#) == .success(ControlRequest(command: .watch(StreamSubscription(classes: nil, overlaysPerSecond: 0.5)))))
        #expect(rejection(#"{"cmd":"watch","classes":["ACK"]}"#)?.message.contains("no class \"ACK\" to watch") == true)
        #expect(rejection(#"{"cmd":"watch","classes":[]}"#)?.message.contains("at least one class") == true)
        #expect(rejection(#"{"cmd":"watch","fps":0}"#)?.message.contains("above 0") == true)
        #expect(rejection(#"{"cmd":"watch","fps":5000}"#)?.message.contains("at most 1000") == true)
        #expect(rejection(#"{"cmd":"watch","classes":"OVERLAYS"}"#)?.message == #"watch: "classes" must be an array of class names"#)
        #expect(rejection(#"{"cmd":"watch","every":true}"#)?.message == #"watch has no field "every""#)
    }

    @Test("finds the class of a stream line from its first field")
    func findsLineClass() {
        #expect(StreamSubscription.className(of: Array(#"{"class":"OVERLAYS","frame":3}"#.utf8)) == "OVERLAYS")
        #expect(StreamSubscription.className(of: Array(#"{"frame":3,"class":"STATS"}"#.utf8)) == nil)
        #expect(StreamSubscription.className(of: Array(#"{"class":"TRA"#.utf8)) == nil)
    }

    @Test("does not count brackets inside strings as nesting")
    func nestingIgnoresStrings() {
        #expect(ControlParser.nestingDepth(of: Array(#"{"a":"[[[[[[\"{{{{"}"#.utf8)) == 1)
    }
}
