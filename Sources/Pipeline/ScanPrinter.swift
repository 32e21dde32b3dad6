import Foundation
import LensProtocol
import Viewer

/// Prints scan results in image order, as text or as `SCAN` lines.
public final class ScanPrinter {
    private let presenter: PricePresenter
    private let rates: RateView
    private let json: Bool
    /// Where annotated copies go (`--annotate`), if anywhere.
    private let annotate: String?
    private let events = EventStream()
    public private(set) var failures = 0
    /// Annotated image names already written, so that `a/x.jpg` and `b/x.png` do not overwrite each other.
    private var written: Set<String> = []

    public init(presenter: PricePresenter, rates: RateView, json: Bool, annotate: String? = nil) {
        self.presenter = presenter
        self.rates = rates
        self.json = json
        self.annotate = annotate
    }

    public func print(_ result: ScanResult) {
        switch result {
        case let .failed(path, message):
            failures += 1
            if json {
                events.emit(ErrorMessage(message: message, concerns: "image", path: path))
            } else {
                FileHandle.standardError.write(Data("lensd: \(message)\n".utf8))
            }
        case let .read(path, width, height, prices, ocrSeconds):
            let messages = prices.enumerated().map { index, price in
                presenter.message(for: price, id: "p\(index + 1)", rates: rates, frameWidth: width, frameHeight: height).0
            }
            if let annotate {
                writeAnnotated(path, prices: messages, width: width, height: height, into: annotate)
            }
            if json {
                events.emit(ScanMessage(
                    image: path, width: width, height: height, prices: messages, ocrMs: (ocrSeconds * 10_000).rounded() / 10))
            } else {
                events.emitText(Self.describe(path: path, width: width, height: height, prices: messages, ocrSeconds: ocrSeconds))
            }
        }
    }

    /// Writes the image in its own colours with each price's box and label drawn, as `DIR/NAME.png`.
    private func writeAnnotated(_ path: String, prices: [PriceMessage], width: Int, height: Int, into directory: String) {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var name = stem + ".png", index = 2
        while written.contains(name) {
            name = "\(stem)-\(index).png"
            index += 1
        }
        written.insert(name)
        let output = (directory as NSString).appendingPathComponent(name)
        do throws(ImageEncodingError) {
            let image = try AnnotatedImage(contentsOf: path)
            try image.draw(prices.map { ViewerOverlay($0, width: width, height: height) })
            try image.writePNG(to: output)
        } catch {
            failures += 1
            let message = "cannot annotate \(path): \(error.description)"
            if json {
                events.emit(ErrorMessage(message: message, concerns: "image", path: path))
            } else {
                FileHandle.standardError.write(Data("lensd: \(message)\n".utf8))
            }
        }
    }

    private static func describe(path: String, width: Int, height: Int, prices: [PriceMessage], ocrSeconds: Double) -> String {
        var lines = ["\(path) (\(width)x\(height), \(Int((ocrSeconds * 1000).rounded())) ms): \(prices.count) price\(prices.count == 1 ? "" : "s")"]
        for price in prices {
            let converted = price.converted.map(\.formatted).joined(separator: "  ")
            lines.append("  \(price.amount) \(price.currency)  \"\(price.text)\"  → \(converted)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
