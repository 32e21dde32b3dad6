import PriceParsing

extension PriceTracker {
    /// The prices of a still image (`scan`), with no tracking or gating.
    ///
    /// Every detection with a usable box and amount becomes one confirmed, unlocked track of age 0, with ids
    /// `p1`, `p2`, … in the order given (the extractor's reading order), the read's own box,
    /// value and confidence.
    public static func stillImagePrices(_ detections: [DetectedPrice]) -> [TrackedPrice] {
        let usable = detections.filter(PriceTrackerCore.isUsable)
        return usable.enumerated().map { offset, detection in
            TrackedPrice(
                id: "p\(offset + 1)",
                text: detection.text,
                amount: detection.amount,
                currency: detection.currency,
                currencyEvidence: detection.currencyEvidence,
                box: detection.box,
                confidence: detection.confidence.isFinite ? min(1, max(0, detection.confidence)) : 0,
                locked: false,
                state: .confirmed,
                age: 0,
                unit: detection.unit,
                quantity: detection.quantity
            )
        }
    }
}
