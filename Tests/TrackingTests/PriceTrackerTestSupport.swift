import Foundation
import PriceParsing
import SceneAnalysis
import TestSupport
import Tracking

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
