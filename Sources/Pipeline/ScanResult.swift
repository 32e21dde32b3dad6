import Capture
import Foundation
import OCR
import PriceParsing

/// What scanning one image gave: its prices, or why it could not be read.
public enum ScanResult: Sendable {
    case read(path: String, width: Int, height: Int, prices: [DetectedPrice], ocrSeconds: Double)
    case failed(path: String, message: String)

    /// Loads, OCRs and parses one image on the calling worker's engine; keeps the prices of at least `minimumConfidence`.
    public static func read(
        _ path: String, engine: TesseractEngine, reader: FrameReader, extractor: PriceExtractor, minimumConfidence: Double = 0
    ) -> ScanResult {
        let image: (luma: [UInt8], width: Int, height: Int)
        do throws(ReplayError) {
            image = try ImageLoader.loadLuma(path: path)
        } catch {
            return .failed(path: path, message: error.description)
        }
        let clock = ContinuousClock()
        let began = clock.now
        let lines: [OCRLine]
        do throws(OCRError) {
            lines = try image.luma.withUnsafeBufferPointer { (buffer) throws(OCRError) -> [OCRLine] in
                try reader.read(luma: buffer, width: image.width, height: image.height, stride: image.width, engine: engine)
            }
        } catch {
            return .failed(path: path, message: "\(path): \(error.description)")
        }
        let elapsed = began.duration(to: clock.now)
        let prices = lines.flatMap { extractor.prices(in: TextLine($0)) }.filter {
            $0.confidence >= minimumConfidence && !runsOffTheImage($0, width: image.width, height: image.height)
        }
        return .read(
            path: path, width: image.width, height: image.height, prices: prices,
            ocrSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }

    /// Whether a price's text runs into the image's side where it may go on (it starts or ends in
    /// a digit there): `USD 72` of a tag cut after `72.9` is not a price of the image.
    static func runsOffTheImage(_ price: DetectedPrice, width: Int, height: Int) -> Bool {
        let text = price.text.trimmingCharacters(in: .whitespaces), box = price.box
        let tolerance = max(2, box.height / 10)
        return (text.first?.isNumber ?? true) && box.x <= tolerance
            || (text.last?.isNumber ?? true) && box.maxX >= Double(width) - tolerance
    }
}
