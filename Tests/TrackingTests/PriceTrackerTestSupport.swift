import Foundation
import Tracking

/// A small deterministic random generator (SplitMix64) so synthetic sequences are repeatable.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A normally distributed sample (Box–Muller).
    mutating func gaussian(deviation: Double) -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &self)
        let u2 = Double.random(in: 0..<1, using: &self)
        return deviation * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}

/// A detection of `amount` whose box is centred on `(x, y)`.
func detection(
    _ amount: String, x: Double, y: Double, width: Double = 80, height: Double = 24,
    currency: String = "EUR", evidence: CurrencyEvidence = .symbol, confidence: Double = 0.9, unit: String? = nil
) -> DetectedPrice {
    DetectedPrice(
        text: evidence == .symbol ? "€\(amount)" : evidence == .code ? "\(currency) \(amount)" : amount,
        amount: Decimal(string: amount) ?? 0,
        currency: currency,
        currencyEvidence: evidence,
        box: PixelRect(x: x - width / 2, y: y - height / 2, width: width, height: height),
        confidence: confidence,
        unit: unit
    )
}

/// Root mean square of the values.
func rootMeanSquare(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    return (values.map { $0 * $0 }.reduce(0, +) / Double(values.count)).squareRoot()
}

/// Frame `index` of a 30 fps sequence, in seconds.
func frameTime(_ index: Int) -> Double {
    Double(index) / 30
}
