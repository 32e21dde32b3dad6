import Capture
import TextDetection

/// What the text detector costs per frame of a recording at one scale, every tile of the frame
/// run, on one thread (`lensd microbench detector`).
public enum DetectorBenchmark {
    /// One scale's figures.
    public struct Figure: Encodable {
        public var benchmark: String
        public var scale: Double
        public var inputPixelsPerFrame: Int
        public var networkRunsPerFrame: Int
        public var boxesPerFrame: Double
        public var medianMilliseconds: Double
        public var minimumMilliseconds: Double
        public var maximumMilliseconds: Double
    }

    /// Runs `detector` over every frame at `scale` in the locator's tiles a run, `runs` timed runs.
    public static func run(
        frames: [Frame], detector: TextDetector, scale: Double, runs: Int
    ) throws(DetectorError) -> (figure: Figure, milliseconds: MicrobenchMilliseconds) {
        let locator = TextLocator.Configuration.video(width: frames[0].width, height: frames[0].height)
        var cost = DetectionCost(), boxes = 0
        var failure: DetectorError?
        let rates = Microbench.measure(runs: runs, work: frames.count) {
            cost = DetectionCost()
            boxes = 0
            for frame in frames {
                do throws(DetectorError) {
                    let found = try frame.luma.withUnsafeBufferPointer { (luma) throws(DetectorError) in
                        try detector.detect(
                            luma: luma, width: frame.width, height: frame.height, stride: frame.stride, scale: scale,
                            tileSize: locator.tileSize, tileMargin: locator.tileMargin)
                    }
                    cost = cost + found.cost
                    boxes += found.boxes.count
                } catch {
                    failure = error
                }
            }
        }
        if let failure { throw failure }
        let milliseconds = MicrobenchMilliseconds(rates: rates)
        let figure = Figure(
            benchmark: "detector \(frames[0].width)x\(frames[0].height)", scale: scale,
            inputPixelsPerFrame: cost.inputPixels / frames.count, networkRunsPerFrame: cost.runs / frames.count,
            boxesPerFrame: Double(boxes) / Double(frames.count), medianMilliseconds: milliseconds.median,
            minimumMilliseconds: milliseconds.minimum, maximumMilliseconds: milliseconds.maximum)
        return (figure, milliseconds)
    }
}
