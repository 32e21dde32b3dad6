import TextRecognition

/// What one line read by the trained recogniser costs at an input width, or one look of the
/// direction classifier, on one thread (`lensd microbench recognizer`).
public enum RecognizerBenchmark {
    /// One width's figures.
    public struct Figure: Encodable {
        public var benchmark: String
        public var width: Int
        public var medianMilliseconds: Double
        public var minimumMilliseconds: Double
        public var maximumMilliseconds: Double

        public init(benchmark: String, width: Int, milliseconds: MicrobenchMilliseconds) {
            self.benchmark = benchmark
            self.width = width
            medianMilliseconds = milliseconds.median
            minimumMilliseconds = milliseconds.minimum
            maximumMilliseconds = milliseconds.maximum
        }
    }

    /// Lines a second of `work` on a line of strokes `width` pixels wide, `lines` a run, one figure a run.
    public static func timeLines(
        width: Int, lines: Int, runs: Int, _ work: (UnsafeBufferPointer<UInt8>, Int, Int) throws(RecognizerError) -> Void
    ) throws(RecognizerError) -> [Double] {
        let height = RecognizerModel.height
        let line = Self.strokes(width: width, height: height)
        var failure: RecognizerError?
        let rates = Microbench.measure(runs: runs, work: lines) {
            line.withUnsafeBufferPointer { pixels in
                for _ in 0..<lines {
                    do throws(RecognizerError) {
                        try work(pixels, width, height)
                    } catch {
                        failure = error
                    }
                }
            }
        }
        if let failure { throw failure }
        return rates
    }

    /// Dark vertical strokes on a light ground, a glyph's width apart: a line the network reads
    /// as characters, the same on every run.
    static func strokes(width: Int, height: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 230, count: width * height)
        for y in (height / 4)..<(3 * height / 4) {
            for x in 0..<width where x % 24 < 4 || (x % 24 >= 10 && x % 24 < 14 && y < height / 2) {
                pixels[y * width + x] = 30
            }
        }
        return pixels
    }
}
