import Foundation
import OCR
import TextDetection

/// Reads one image on a worker's engine with the chosen ``OCRFrontEnd``.
public struct FrameReader: Sendable {
    /// The recognizers that read lines and boxes; `nil` reads the whole image in one pass of the engine.
    let regions: RegionRecognizerPool?
    /// The text detectors, when text is found by the trained detector (else by the recognizers' own
    /// line finder).
    var detectors: TextDetectorPool? = nil

    public init(regions: RegionRecognizerPool?, detectors: TextDetectorPool? = nil) {
        self.regions = regions
        self.detectors = detectors
    }

    public func read(luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, engine: TesseractEngine) throws(OCRError) -> [OCRLine] {
        guard let regions else { return try engine.recognize(luma: luma, width: width, height: height, stride: stride) }
        if let detectors {
            let upright = try readDetected(luma: luma, width: width, height: height, stride: stride, regions: regions, detectors: detectors, engine: engine)
            guard TextLocator.shareOnEnd(upright.boxes) >= Self.turnedLookShare else { return upright.lines }
            // Text on end (a camera held on its side): the image turned a quarter shows it across,
            // where the detector finds it as it finds upright text. Where both looks read a line,
            // the surer read stands.
            let turned = QuarterTurnedImage(luma: luma, width: width, height: height, stride: stride, direction: .clockwise)
            let across = try turned.luma.withUnsafeBufferPointer { (plane) throws(OCRError) -> [OCRLine] in
                try readDetected(
                    luma: plane, width: turned.width, height: turned.height, stride: turned.width, regions: regions, detectors: detectors,
                    engine: engine
                ).lines
            }
            return OCRLine.surer(upright.lines, across.map(turned.original))
        }
        return try regions.withRecognizer { (recognizer) throws(OCRError) -> [OCRLine] in
            try recognizer.recognize(luma: luma, width: width, height: height, stride: stride, using: engine)
        }
    }

    /// The share of the text found standing on end (``TextLocator/shareOnEnd(_:)``) from which a
    /// still is also looked at turned a quarter.
    static let turnedLookShare = 0.05

    /// The boxes the detector finds in the whole image, at a still's scales, and the lines read in them.
    private func readDetected(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, regions: RegionRecognizerPool, detectors: TextDetectorPool,
        engine: TesseractEngine
    ) throws(OCRError) -> (boxes: [TextBox], lines: [OCRLine]) {
        let locator = TextLocator(configuration: .still(width: width, height: height))
        let boxes: [TextBox]
        do throws(DetectorError) {
            boxes = try detectors.withDetector { (detector) throws(DetectorError) -> [TextBox] in
                try locator.locate(luma: luma, width: width, height: height, stride: stride, using: detector).boxes
            }
        } catch {
            throw .detectionFailed(error.description)
        }
        let lines = try regions.withRecognizer { (recognizer) throws(OCRError) -> [OCRLine] in
            try recognizer.read(luma: luma, width: width, height: height, stride: stride, boxes: boxes, using: engine)
        }
        return (boxes, lines)
    }
}
