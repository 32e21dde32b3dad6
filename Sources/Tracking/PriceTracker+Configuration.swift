extension PriceTracker {
    /// How detections are paired with tracks each frame.
    ///
    /// Both only consider plausible pairs (see `Configuration.maximumCentreDistance` and
    /// `Configuration.misreadMinimumIoU`). `optimal` is the default: a frame holds tens of prices
    /// at most, which the Hungarian method (O(n³)) pairs in well under a millisecond, and it keeps
    /// two equal prices side by side apart when one of them is missed or the camera jumps, where
    /// taking the cheapest pair first can give one price's detection to its neighbour's track and
    /// start a new track (and id) for the other.
    public enum Assignment: String, Sendable, Hashable, Codable {
        /// Hungarian method (Kuhn–Munkres): the pairing with the most matches, then the lowest total cost.
        case optimal
        /// Cheapest pair first, as many real-time trackers do; kept for comparison and very large inputs.
        case greedy
    }

    /// Tuning of a `PriceTracker`. The defaults suit 30 fps video with OCR on every frame or every few frames.
    public struct Configuration: Sendable, Hashable {
        /// Reads of one value needed before a track is confirmed and shown (reads that disagree
        /// do not add up: `GBP 71.998` and `71.99` are not two reads of one price).
        public var confirmAfterHits: Int
        /// A track ends once it has not been read for this long (and missed `endAfterMisses` OCR frames).
        public var endAfterSeconds: Double
        /// A track ends only after at least this many consecutive OCR frames missed it, so a slow
        /// OCR rate alone never ends tracks.
        public var endAfterMisses: Int
        /// Show tentative tracks too (they get ids as soon as they are created).
        public var includeTentative: Bool
        /// Whether each box filter learns a velocity of its own from the reads. With reads of
        /// every frame that follows motion the estimator misses; with sparse reads of differently
        /// framed crops (a scheduled reader) it is noise that makes still boxes drift, so turn it
        /// off there and let the image motion move the boxes.
        public var estimatesVelocity = true
        /// How detections are paired with tracks.
        public var assignment: Assignment
        /// Furthest a detection's centre may be from a track's predicted centre, in box sizes
        /// (x in widths, y in heights), for the pair to be considered.
        public var maximumCentreDistance: Double
        /// How much `maximumCentreDistance` widens per second the track has not been read.
        public var gateGrowthPerSecond: Double
        /// Least overlap (IoU) for a detection with a different value to be taken as a misread of a track.
        public var misreadMinimumIoU: Double
        /// An unmatched detection overlapping a live track at least this much (IoU) is a duplicate
        /// and does not start a new track.
        public var duplicateIoU: Double
        /// Standard deviation of a read's box position and size, in box heights.
        public var measurementNoise: Double
        /// How quickly a box centre may change velocity, in box heights per second squared, on
        /// frames given an `imageMotion` (the camera's own motion is then known, so only the
        /// prices' motion in the scene is left).
        public var motionNoise: Double
        /// The same on frames without `imageMotion`, where a hand-held camera's shake shows up as
        /// the prices' own motion: higher, so boxes follow it with little lag, at the cost of
        /// smoothing jitter less.
        public var uncompensatedMotionNoise: Double
        /// Frames in a row on which a missing `imageMotion`, after frames that had one, is taken to
        /// be the camera's last velocity carried on (an estimator fails most under fast motion,
        /// exactly when standing still would be wrong). 0 turns this off.
        public var motionGuessFrames: Int
        /// How quickly a box size may change, in box heights per second squared.
        public var sizeNoise: Double
        /// When the frame size is given to `update` or `predict`, a track whose box has less than
        /// this fraction of its area inside the frame ends at once (a locked track is kept): a price
        /// cut by the edge cannot be read, and a tag outside the picture helps no one.
        public var minimumVisibleFraction: Double
        /// Reads remembered per track for value voting.
        public var voteHistoryLength: Int
        /// Reads a different value needs before it can replace the shown value (at least 2 means a
        /// single misread never changes what is shown).
        public var minimumReadsToChangeValue: Int

        /// The defaults, with any setting overridden.
        public init(
            confirmAfterHits: Int = 2,
            endAfterSeconds: Double = 0.5,
            endAfterMisses: Int = 2,
            includeTentative: Bool = false,
            assignment: Assignment = .optimal,
            maximumCentreDistance: Double = 1.0,
            gateGrowthPerSecond: Double = 2.0,
            misreadMinimumIoU: Double = 0.3,
            duplicateIoU: Double = 0.5,
            measurementNoise: Double = 0.1,
            motionNoise: Double = 2.0,
            uncompensatedMotionNoise: Double = 5.0,
            motionGuessFrames: Int = 3,
            sizeNoise: Double = 0.5,
            minimumVisibleFraction: Double = 0.9,
            voteHistoryLength: Int = 30,
            minimumReadsToChangeValue: Int = 2
        ) {
            self.confirmAfterHits = confirmAfterHits
            self.endAfterSeconds = endAfterSeconds
            self.endAfterMisses = endAfterMisses
            self.includeTentative = includeTentative
            self.assignment = assignment
            self.maximumCentreDistance = maximumCentreDistance
            self.gateGrowthPerSecond = gateGrowthPerSecond
            self.misreadMinimumIoU = misreadMinimumIoU
            self.duplicateIoU = duplicateIoU
            self.measurementNoise = measurementNoise
            self.motionNoise = motionNoise
            self.uncompensatedMotionNoise = uncompensatedMotionNoise
            self.motionGuessFrames = motionGuessFrames
            self.sizeNoise = sizeNoise
            self.minimumVisibleFraction = minimumVisibleFraction
            self.voteHistoryLength = voteHistoryLength
            self.minimumReadsToChangeValue = minimumReadsToChangeValue
        }
    }
}
