import Foundation
import PriceParsing
import SceneAnalysis

/// The cost of explaining a detection by a track, or `nil` when the pair is implausible.
///
/// The cost adds up four cues, each about 0…1: missing overlap (1 − IoU), centre distance in
/// box sizes (x in widths, y in heights), size change (log of the area ratio) and a penalty
/// when the read value is one the track has never read. A detection is considered only if it
/// overlaps the predicted box or its centre is within the distance gate, which widens while
/// the track is not read. A different value needs real overlap (`misreadMinimumIoU`): such a
/// pair is a possible misread, which value voting absorbs.
struct AssociationCost: Sendable {
    var maximumCentreDistance: Double
    var gateGrowthPerSecond: Double
    var misreadMinimumIoU: Double

    /// Added when the detection's value was never read by the track.
    static let valueMismatchPenalty = 0.75
    /// Added for tentative tracks, so confirmed tracks win ties.
    static let tentativePenalty = 0.1

    init(configuration: PriceTracker.Configuration) {
        maximumCentreDistance = configuration.maximumCentreDistance
        gateGrowthPerSecond = configuration.gateGrowthPerSecond
        misreadMinimumIoU = configuration.misreadMinimumIoU
    }

    /// `knownValue` tells whether the track has read the detection's value; it is asked only for
    /// pairs that pass the geometric gate.
    func cost(
        predicted: PixelRect, tentative: Bool, secondsSinceHit: Double, detection: DetectedPrice,
        knownValue: (DetectedPrice) -> Bool
    ) -> Double? {
        let box = detection.box
        let iou = predicted.intersectionOverUnion(box)
        let scaleX = max((predicted.width + box.width) / 2, 1)
        let scaleY = max((predicted.height + box.height) / 2, 1)
        let distance = hypot((predicted.midX - box.midX) / scaleX, (predicted.midY - box.midY) / scaleY)
        let gate = maximumCentreDistance + gateGrowthPerSecond * max(0, secondsSinceHit)
        guard iou > 0 || distance <= gate else { return nil }
        let knownValue = knownValue(detection)
        guard knownValue || iou >= misreadMinimumIoU else { return nil }
        let sizeChange = min(1, abs(log(max(box.area, 1) / max(predicted.area, 1))) / 2)
        var cost = (1 - iou) + 0.5 * min(distance, 2) + 0.25 * sizeChange
        if !knownValue { cost += Self.valueMismatchPenalty }
        if tentative { cost += Self.tentativePenalty }
        return cost.isFinite ? cost : nil
    }
}
