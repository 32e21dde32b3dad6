/// What finding text in one image cost.
public struct DetectionCost: Sendable, Hashable {
    /// Thread CPU time in the network, and in turning its map into boxes.
    public var network: Duration = .zero
    public var postprocessing: Duration = .zero
    /// Times the network ran (tiles and whole images).
    public var runs = 0
    /// Pixels the network saw.
    public var inputPixels = 0

    public init() {}

    public static func + (a: DetectionCost, b: DetectionCost) -> DetectionCost {
        var sum = a
        sum.network += b.network
        sum.postprocessing += b.postprocessing
        sum.runs += b.runs
        sum.inputPixels += b.inputPixels
        return sum
    }
}
