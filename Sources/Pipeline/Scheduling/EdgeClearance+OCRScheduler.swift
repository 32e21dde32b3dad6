import Capture
import SceneAnalysis

extension EdgeClearance {
    /// ``EdgeClearance/isClear(_:in:sideMargin:verticalMargin:)`` with the scheduler's margins,
    /// ``OCRScheduler/readingEdgeMargin`` at the sides and ``OCRScheduler/verticalEdgeMargin`` at
    /// the top and bottom.
    static func isClear(_ line: PixelRect, in frame: Frame) -> Bool {
        isClear(line, in: frame, sideMargin: OCRScheduler.readingEdgeMargin, verticalMargin: OCRScheduler.verticalEdgeMargin)
    }
}
