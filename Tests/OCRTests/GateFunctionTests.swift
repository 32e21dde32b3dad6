import Foundation
import Testing
@testable import OCR

@Suite("GateFunction")
struct GateFunctionTests {
    typealias Squash = @convention(c) (Float) -> Float

    /// libtesseract's own `tesseract::Tanh(float)` and `tesseract::Logistic(float)`.
    static let tesseractTanh = InterposedSymbol(name: "_ZN9tesseract4TanhEf").definition.map { unsafeBitCast($0, to: Squash.self) }
    static let tesseractLogistic = InterposedSymbol(name: "_ZN9tesseract8LogisticEf").definition.map { unsafeBitCast($0, to: Squash.self) }

    /// Every table step and the floats either side of it, over the whole table and past its end,
    /// both signs; zeros, NaN, and random values as gates and states take them.
    static let values: [Float] = {
        var values: [Float] = [0, -0.0, .nan, 16, -16, 1e6, -1e6, 16_000_000, -16_000_000, .leastNonzeroMagnitude, -.leastNonzeroMagnitude]
        for step in 0...4200 {
            let x = Float(step) / 256
            values += [x, x.nextUp, x.nextDown, -x, -x.nextUp, -x.nextDown, x + 0.5 / 256, -(x + 0.5 / 256)]
        }
        var generator = SystemRandomNumberGenerator()
        values += (0..<50_000).map { _ in Float.random(in: -20...20, using: &generator) }
        values += (0..<5_000).map { _ in Float.random(in: -1e5...1e5, using: &generator) }
        while values.count % 8 != 0 { values.append(0.125) }
        return values
    }()

    @Test("eight values at a time give libtesseract's tanh and logistic bit for bit, at every table step and between")
    func matchesTesseractsFunctions() throws {
        let cases = [
            (try #require(GateFunction.tanh), try #require(Self.tesseractTanh)),
            (try #require(GateFunction.logistic), try #require(Self.tesseractLogistic)),
        ]
        for (function, tesseracts) in cases {
            for start in stride(from: 0, to: Self.values.count, by: 8) {
                let lanes = SIMD8<Float>(Self.values[start..<start + 8])
                let squashed = function(lanes)
                for lane in 0..<8 {
                    let expected = tesseracts(lanes[lane])
                    #expect(squashed[lane].bitPattern == expected.bitPattern || (squashed[lane].isNaN && expected.isNaN),
                            "\(function.reflection) of \(lanes[lane]): \(squashed[lane]), libtesseract \(expected)")
                }
            }
        }
    }

    @Test("a table entry holds the table's value and the step to the next")
    func entriesHoldValueAndStep() throws {
        let tanh = try #require(GateFunction.tanh)
        #expect(tanh.entries[0].x == 0)
        #expect(tanh.entries[0].y > 0)
        let logistic = try #require(GateFunction.logistic)
        #expect(logistic.entries[0].x == 0.5)
    }
}
