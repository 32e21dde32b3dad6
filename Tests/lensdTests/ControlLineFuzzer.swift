import Foundation
import TestSupport

/// Deterministic control-line generator for fuzzing: valid commands, mutations of them, random
/// bytes (often invalid UTF-8), overlong lines and deep nesting. Lines never contain `\n`.
struct ControlLineFuzzer {
    private var random: SeededGenerator

    static let templates = [
        #"{"cmd":"zoom","level":2.0}"#, #"{"cmd":"torch","on":true}"#, #"{"cmd":"lock","id":"p12"}"#,
        #"{"cmd":"unlock"}"#, #"{"cmd":"currency","source":"EUR","targets":["USD","JPY"],"autoDetect":true}"#,
        #"{"cmd":"preset","name":"travel-jp"}"#, #"{"cmd":"rates"}"#, #"{"cmd":"status","id":7}"#,
        #"{"cmd":"zoom","level":"2"}"#, #"{"cmd":["status"]}"#, #"{"id":{"a":1},"cmd":"status"}"#,
        #"{"cmd":"currency","targets":[]}"#, #"{"cmd":"zoom","level":1e400}"#, #"{"cmd":"currency","source":"ZZZ"}"#,
    ]

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    mutating func next() -> UInt64 {
        random.next()
    }

    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// One line of one of the kinds, chosen at random; never empty, never with `\n` or a trailing `\r`.
    mutating func line() -> [UInt8] {
        var bytes: [UInt8]
        switch below(100) {
        case 0..<20:
            bytes = Array(Self.templates[below(Self.templates.count)].utf8)
        case 20..<70:
            bytes = Array(Self.templates[below(Self.templates.count)].utf8)
            for _ in 0..<(1 + below(4)) {
                mutate(&bytes)
            }
        case 70..<90:
            bytes = (0..<(1 + below(200))).map { _ in UInt8(truncatingIfNeeded: next()) }
        case 90..<98:
            let depth = 5 + below(3000)
            let open = below(2) == 0 ? "[" : "{\"cmd\":"
            let close = open == "[" ? "]" : "}"
            bytes = Array((String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)).utf8)
        default:
            bytes = Array(#"{"cmd":"status","id":""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 4000 + below(20_000)) + Array("\"}".utf8)
        }
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            bytes[index] = UInt8(ascii: " ")
        }
        while bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return bytes.isEmpty ? [UInt8(ascii: "x")] : bytes
    }

    private mutating func mutate(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let at = below(bytes.count)
        switch below(6) {
        case 0: bytes[at] = UInt8(truncatingIfNeeded: next())
        case 1: bytes.remove(at: at)
        case 2: bytes.insert(UInt8(truncatingIfNeeded: next()), at: at)
        case 3: bytes.removeSubrange(at...)
        case 4: bytes.insert(contentsOf: Array(#"{"x":[null,true,-0.0e-7,"\u00ff\ud800"]}"#.utf8), at: at)
        default: bytes[at] = [UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "]"), UInt8(ascii: "\\"), 0xC3, 0xFF][below(6)]
        }
    }
}
