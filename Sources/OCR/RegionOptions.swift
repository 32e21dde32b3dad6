/// How a ``RegionRecognizer`` finds text lines and prepares each one for Tesseract.
///
/// Every preprocessing step can be switched off on its own so that its effect on recall and on
/// time can be measured; the defaults are the settings that read the bundled samples best.
public struct RegionOptions: Sendable, Hashable {
    /// The smallest text line height, in image pixels, that proposals look for.
    public var minimumTextHeight: Int
    /// The largest text line height, in image pixels, that proposals look for.
    public var maximumTextHeight: Int
    /// The smallest horizontal luma step (1…255, on the pyramid level; less counts as 1) that
    /// counts as a text edge.
    public var edgeThreshold: Int
    /// At most this many regions are read per image, the largest first.
    public var maximumRegions: Int
    /// Skips lines that come within a quarter of their height of the image edge: a line cut by the
    /// edge reads as different text (`$2` of `$24.99`) and costs as much OCR as a whole one.
    public var skipsLinesAtEdges: Bool
    /// Stretches each line crop between its local ink and background levels, column band by column band,
    /// so that faded, low-contrast or unevenly lit text reaches full contrast.
    public var normalizesContrast: Bool
    /// Inverts crops whose text is lighter than its background, and turns Tesseract's own
    /// inversion (`tessedit_do_invert`) off while regions are read.
    public var detectsPolarity: Bool
    /// Rescales each crop so that its text line is ``targetTextHeight`` pixels high.
    public var rescales: Bool
    /// The line height, in pixels, that crops are rescaled to (cap height is about 3/4 of it).
    public var targetTextHeight: Int
    /// The height, in pixels, that a detected box's crop is rescaled to: the detector's box takes
    /// in some space around the text, which is then about ``targetTextHeight`` high.
    public var targetDetectedBoxHeight: Int
    /// The most a line is enlarged on its way to ``targetTextHeight``: enlarging costs OCR time in
    /// proportion and Tesseract rescales small lines itself.
    public var maximumUpscale: Double
    /// Straightens lines tilted by up to ``maximumSkewDegrees`` (``LineSkew``: projection profile of
    /// the ink) while cropping, and rescales them by their straightened height.
    public var deskews: Bool
    /// The largest tilt, in degrees either way, that deskewing looks for.
    public var maximumSkewDegrees: Double
    /// Rejoins amounts split after their decimal separator (`36, 20` → `36,20`), as Tesseract
    /// reads the monospaced digits of receipt printers.
    public var joinsSplitDecimals: Bool
    /// Thresholds the crops of detected boxes at their Otsu level: Tesseract's LSTM reads the
    /// grey levels it is given, and reads blurred, low-contrast digits (a shelf tag's) more often
    /// right as black on white.
    public var binarizesDetectedLines: Bool

    public init(
        minimumTextHeight: Int = 9, maximumTextHeight: Int = 400, edgeThreshold: Int = 18,
        maximumRegions: Int = 200, skipsLinesAtEdges: Bool = true, normalizesContrast: Bool = true, detectsPolarity: Bool = true,
        rescales: Bool = true, targetTextHeight: Int = 44, targetDetectedBoxHeight: Int = 64, maximumUpscale: Double = 1.5,
        deskews: Bool = true, maximumSkewDegrees: Double = 8, joinsSplitDecimals: Bool = true,
        binarizesDetectedLines: Bool = true
    ) {
        self.minimumTextHeight = minimumTextHeight
        self.maximumTextHeight = maximumTextHeight
        self.edgeThreshold = edgeThreshold
        self.maximumRegions = maximumRegions
        self.skipsLinesAtEdges = skipsLinesAtEdges
        self.normalizesContrast = normalizesContrast
        self.detectsPolarity = detectsPolarity
        self.rescales = rescales
        self.targetTextHeight = targetTextHeight
        self.targetDetectedBoxHeight = targetDetectedBoxHeight
        self.maximumUpscale = maximumUpscale
        self.deskews = deskews
        self.maximumSkewDegrees = maximumSkewDegrees
        self.joinsSplitDecimals = joinsSplitDecimals
        self.binarizesDetectedLines = binarizesDetectedLines
    }
}
