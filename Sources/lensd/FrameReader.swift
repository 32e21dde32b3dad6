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
            let locator = TextLocator(configuration: .still(width: width, height: height))
            let found: [TextBox]
            do throws(DetectorError) {
                found = try detectors.withDetector { (detector) throws(DetectorError) -> [TextBox] in
                    try locator.locate(luma: luma, width: width, height: height, stride: stride, using: detector).boxes
                }
            } catch {
                throw .detectionFailed(error.description)
            }
            let lines = try regions.withRecognizer { (recognizer) throws(OCRError) -> [OCRLine] in
                try recognizer.read(luma: luma, width: width, height: height, stride: stride, boxes: found, using: engine)
            }
            return lines
        }
        return try regions.withRecognizer { (recognizer) throws(OCRError) -> [OCRLine] in
            try recognizer.recognize(luma: luma, width: width, height: height, stride: stride, using: engine)
        }
    }
}
