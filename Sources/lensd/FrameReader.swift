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
            var cost = DetectionCost()
            do throws(DetectorError) {
                (found, cost) = try detectors.withDetector { (detector) throws(DetectorError) -> ([TextBox], DetectionCost) in
                    try locator.locate(luma: luma, width: width, height: height, stride: stride, using: detector)
                }
            } catch {
                throw .detectionFailed(error.description)
            }
            let lines = try regions.withRecognizer { (recognizer) throws(OCRError) -> [OCRLine] in
                try recognizer.read(luma: luma, width: width, height: height, stride: stride, boxes: found, using: engine)
            }
            if ProcessInfo.processInfo.environment["LENSD_DEBUG_LINES"] != nil {
                var text = "COST \(cost.network) \(cost.runs) scales \(locator.configuration.scales)\n"
                for box in found { let b = box.bounds; text += "BOX \(Int(b.x)) \(Int(b.y)) \(Int(b.width)) \(Int(b.height)) \(box.width) \(box.height) \(box.angle)\n" }
                for line in lines { text += "LINE \(line.box.x) \(line.box.y) \(line.box.width) \(line.box.height) \(line.confidence) \(line.text)\n" }
                FileHandle.standardError.write(Data(text.utf8))
            }
            return lines
        }
        return try regions.withRecognizer { (recognizer) throws(OCRError) -> [OCRLine] in
            try recognizer.recognize(luma: luma, width: width, height: height, stride: stride, using: engine)
        }
    }
}
