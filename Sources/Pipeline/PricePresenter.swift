import Conversion
import Foundation
import LensProtocol
import PriceParsing
import SceneAnalysis
import Tracking

/// Turns tracked prices into protocol `PriceMessage`s: normalised boxes and conversions into every target.
///
/// Conversions are kept while the rates stay the same (``ConversionCache``): use one presenter
/// from one thread at a time.
public struct PricePresenter {
    let targets: [String]
    private let cache = ConversionCache()

    public init(targets: [String]) {
        self.targets = targets
    }

    /// The message for one tracked price, and the conversions that failed (e.g. a currency the rate table lacks).
    func message(for price: TrackedPrice, rates: RateView, frameWidth: Int, frameHeight: Int) -> (PriceMessage, [ConversionError]) {
        message(
            rates: rates,
            id: price.id, text: price.text, amount: price.amount, currency: price.currency,
            evidence: price.currencyEvidence, box: price.box, confidence: price.confidence,
            locked: price.locked, state: price.state.rawValue, age: price.age,
            unit: price.unit, quantity: price.quantity, frameWidth: frameWidth, frameHeight: frameHeight)
    }

    /// The message for a price found in a still image: no tracking, so it is shown as read.
    public func message(for price: DetectedPrice, id: String, rates: RateView, frameWidth: Int, frameHeight: Int) -> (PriceMessage, [ConversionError]) {
        message(
            rates: rates,
            id: id, text: price.text, amount: price.amount, currency: price.currency,
            evidence: price.currencyEvidence, box: price.box, confidence: price.confidence,
            locked: false, state: TrackState.confirmed.rawValue, age: 0,
            unit: price.unit, quantity: price.quantity, frameWidth: frameWidth, frameHeight: frameHeight)
    }

    private func message(
        rates: RateView, id: String, text: String, amount: Decimal, currency: String, evidence: CurrencyEvidence, box: PixelRect,
        confidence: Double, locked: Bool, state: String, age: Double, unit: String?, quantity: Int?,
        frameWidth: Int, frameHeight: Int
    ) -> (PriceMessage, [ConversionError]) {
        var converted: [ConvertedMessage] = []
        var failures: [ConversionError] = []
        for target in targets {
            switch cache.conversion(of: amount, from: currency, to: target, with: rates.converter) {
            case .success(var message):
                if rates.isStale {
                    message.stale = true
                    message.ageS = rates.ageSeconds
                }
                converted.append(message)
            case .failure(let error):
                failures.append(error)
            }
        }
        let message = PriceMessage(
            id: id,
            text: text,
            amount: cache.plainString(amount, currency: currency),
            currency: currency,
            currencyEvidence: evidence.rawValue,
            box: BoxMessage(
                pixelX: box.x, pixelY: box.y, pixelWidth: box.width, pixelHeight: box.height,
                frameWidth: frameWidth, frameHeight: frameHeight),
            confidence: (confidence * 1000).rounded() / 1000,
            converted: converted,
            locked: locked,
            state: state,
            age: (age * 1000).rounded() / 1000,
            unit: unit,
            quantity: quantity)
        return (message, failures)
    }
}
