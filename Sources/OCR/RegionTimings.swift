/// CPU time (of the calling thread) a ``RegionRecognizer`` spent in each step, summed over every image it read.
public struct RegionTimings: Sendable, Hashable {
    public var images = 0
    public var regions = 0
    /// Finding the text lines (``TextRegionDetector``).
    public var proposals: Duration = .zero
    /// Cropping and rescaling each line (the copy into the reusable buffer).
    public var rescale: Duration = .zero
    /// Estimating each line's skew (``LineSkew``); the rotation itself is part of ``rescale``.
    public var deskew: Duration = .zero
    /// Local contrast normalisation.
    public var normalisation: Duration = .zero
    /// Polarity detection and inversion.
    public var polarity: Duration = .zero
    /// Tesseract on the prepared crops.
    public var ocr: Duration = .zero

    public init() {}
}
