import Foundation
import LensProtocol
import Viewer

extension ViewerOverlay {
    /// A price as drawn on a `width` x `height` picture: its box in pixels, labelled with its
    /// amount and currency, its first conversion and its confidence (`398 JPY = 2.20 EUR 0.93`).
    public init(_ price: PriceMessage, width: Int, height: Int) {
        var label = "\(price.amount) \(price.currency)"
        if let converted = price.converted.first {
            label += " = \(converted.amount) \(converted.currency)"
        }
        label += " " + String(format: "%.2f", price.confidence)
        let style: Style
        switch (price.locked, price.state) {
        case (true, _): style = .locked
        case (false, "confirmed"): style = .confirmed
        case (false, "coasting"): style = .coasting
        default: style = .tentative
        }
        self.init(
            x: price.box.x * Double(width), y: price.box.y * Double(height),
            width: price.box.width * Double(width), height: price.box.height * Double(height),
            label: label, style: style)
    }
}
