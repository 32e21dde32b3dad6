/// The DB post-processing's settings: how the detector's probability map becomes boxes.
public struct DBParameters: Sendable, Hashable {
    /// Probability from which a pixel counts as text.
    public var binarizeThreshold: Double
    /// Least mean probability inside a region for it to be kept.
    public var boxThreshold: Double
    /// How far each region is grown on every side, as area × ratio / perimeter: the map marks a
    /// shrunk kernel of each line, and without growing, boxes cut off the ends of words.
    public var unclipRatio: Double
    /// Regions examined at most, largest first.
    public var maximumCandidates: Int

    public init(binarizeThreshold: Double = 0.3, boxThreshold: Double = 0.5, unclipRatio: Double = 1.2, maximumCandidates: Int = 1000) {
        self.binarizeThreshold = binarizeThreshold
        self.boxThreshold = boxThreshold
        self.unclipRatio = unclipRatio
        self.maximumCandidates = maximumCandidates
    }
}
