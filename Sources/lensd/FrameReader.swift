import Foundation
import OCR
import TextDetection

/// Reads one image on a worker's engine with the chosen ``OCRFrontEnd``.
struct FrameReader: Sendable {
    /// The recognizers that read lines and boxes; `nil` reads the whole image in one pass of the engine.
    let regions: RegionRecognizerPool?
    /// The text detectors, when text is found by the trained detector (else by the recognizers' own
    /// line finder).
    var detectors: TextDetectorPool? = nil

    func read(luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, engine: TesseractEngine) throws(OCRError) -> [OCRLine] {
        guard let regions else { return try engine.recognize(luma: luma, width: width, height: height, stride: stride) }
        if let detectors {
            let found = try locate(luma: luma, width: width, height: height, stride: stride, detectors: detectors)
            let upright = try regions.withRecognizer { (recognizer) throws(OCRError) -> [OCRLine] in
                try recognizer.read(luma: luma, width: width, height: height, stride: stride, boxes: found, using: engine)
            }
            guard TextLocator.shareOnEnd(found) >= Self.turnedLookShare else { return upright }
            // Text on end (a camera held on its side): the image turned a quarter shows it across,
            // where the detector finds it as it finds upright text. Where both looks read a line,
            // the surer read stands.
            let turned = QuarterTurnedImage(luma: luma, width: width, height: height, stride: stride, direction: .clockwise)
            let across = try turned.luma.withUnsafeBufferPointer { (plane) throws(OCRError) -> [OCRLine] in
                let boxes = try locate(luma: plane, width: turned.width, height: turned.height, stride: turned.width, detectors: detectors)
                return try regions.withRecognizer { (recognizer) throws(OCRError) -> [OCRLine] in
                    try recognizer.read(luma: plane, width: turned.width, height: turned.height, stride: turned.width, boxes: boxes, using: engine)
                }
            }
            return OCRLine.surer(upright, across.map(turned.original))
        }
        return try regions.withRecognizer { (recognizer) throws(OCRError) -> [OCRLine] in
            try recognizer.recognize(luma: luma, width: width, height: height, stride: stride, using: engine)
        }
    }

    /// The share of the text found standing on end (``TextLocator/shareOnEnd(_:)``) from which a
    /// still is also looked at turned a quarter.
    static let turnedLookShare = 0.05

    /// The text the detector finds in the whole image, at a still's scales.
    private func locate(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, detectors: TextDetectorPool
    ) throws(OCRError) -> [TextBox] {
        let locator = TextLocator(configuration: .still(width: width, height: height))
        do throws(DetectorError) {
            return try detectors.withDetector { (detector) throws(DetectorError) -> [TextBox] in
                try locator.locate(luma: luma, width: width, height: height, stride: stride, using: detector).boxes
            }
        } catch {
            throw .detectionFailed(error.description)
        }
    }
}
