import CLeptonica

/// A picture to draw prices on and encode: owns one Leptonica `PIX` (freed with `pixDestroy`).
///
/// Built from a frame's luma plane (grey, 8 or 32 bits a pixel) or read from an image file
/// (`pixRead`, in its own colours); ``draw(_:)`` outlines each price's box (`pixRenderBoxArb`)
/// and writes its label above it with Leptonica's built-in bitmap font (`pixSetTextline`) on a
/// light band (`pixBlendInRect`); ``jpeg(quality:)`` and ``png()`` encode it in memory
/// (`pixWriteMemJpeg`, `pixWriteMemPng`), ``writePNG(to:)`` to a file (`pixWrite`).
public final class AnnotatedImage {
    private var pix: UnsafeMutablePointer<PIX>

    public var width: Int { Int(pixGetWidth(pix)) }
    public var height: Int { Int(pixGetHeight(pix)) }

    private init(taking pix: UnsafeMutablePointer<PIX>) {
        self.pix = pix
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    /// A grey picture of a luma plane: 32 bits a pixel when it is to be drawn on in colour,
    /// else 8 (cheaper to encode).
    public convenience init(luma: [UInt8], width: Int, height: Int, stride: Int, colour: Bool) throws(ImageEncodingError) {
        guard width > 0, height > 0, stride >= width, luma.count >= stride * height,
              let pix = pixCreate(Int32(width), Int32(height), colour ? 32 : 8), let data = pixGetData(pix)
        else { throw ImageEncodingError(call: "pixCreate", context: "a \(width)x\(height) frame") }
        let wordsPerLine = Int(pixGetWpl(pix))
        luma.withUnsafeBufferPointer { luma in
            for y in 0..<height {
                let line = data + y * wordsPerLine, row = y * stride
                if colour {
                    for x in 0..<width {
                        line[x] = UInt32(luma[row + x]) &* 0x0101_0100
                    }
                } else {
                    for word in 0..<wordsPerLine {
                        var value: UInt32 = 0
                        for byte in 0..<4 {
                            let x = word * 4 + byte
                            value = value << 8 | UInt32(x < width ? luma[row + x] : 0)
                        }
                        line[word] = value
                    }
                }
            }
        }
        self.init(taking: pix)
    }

    /// The image file at `path` in its own colours (any format Leptonica reads), 32 bits a pixel.
    public convenience init(contentsOf path: String) throws(ImageEncodingError) {
        guard let read = pixRead(path) else { throw ImageEncodingError(call: "pixRead", context: path) }
        var original: UnsafeMutablePointer<PIX>? = read
        defer { pixDestroy(&original) }
        guard let converted = pixConvertTo32(read) else { throw ImageEncodingError(call: "pixConvertTo32", context: path) }
        self.init(taking: converted)
    }

    /// Draws each overlay: its box in its style's colour and its label above it (below when
    /// there is no room above), in a font sized to the image. An 8-bit picture is made 32-bit first.
    public func draw(_ overlays: [ViewerOverlay]) throws(ImageEncodingError) {
        if pixGetDepth(pix) != 32 {
            guard let converted = pixConvertTo32(pix) else { throw ImageEncodingError(call: "pixConvertTo32", context: "drawing") }
            var old: UnsafeMutablePointer<PIX>? = pix
            pixDestroy(&old)
            pix = converted
        }
        let lineWidth = Int32(max(2, min(width, height) / 240))
        let fontSize = Int32(max(4, min(20, height / 80)))
        for overlay in overlays {
            let (red, green, blue) = Self.colour(of: overlay.style)
            let x = Int32(overlay.x.rounded()), y = Int32(overlay.y.rounded())
            let boxWidth = Int32(max(overlay.width.rounded(), 1)), boxHeight = Int32(max(overlay.height.rounded(), 1))
            if let box = boxCreate(x - lineWidth, y - lineWidth, boxWidth + 2 * lineWidth, boxHeight + 2 * lineWidth) {
                var pointer: UnsafeMutablePointer<BOX>? = box
                pixRenderBoxArb(pix, box, lineWidth, red, green, blue)
                boxDestroy(&pointer)
            }
            writeLabel(Self.printable(overlay.label), above: (x - lineWidth, y - lineWidth, y + boxHeight + lineWidth),
                       size: fontSize, colour: (red, green, blue))
        }
    }

    private func writeLabel(_ label: String, above box: (x: Int32, top: Int32, bottom: Int32), size: Int32, colour: (UInt8, UInt8, UInt8)) {
        guard !label.isEmpty else { return }
        BitmapFont.shared.with(size: size) { font in
            guard let font else { return }
            var textWidth: Int32 = 0
            _ = bmfGetStringWidth(font, label, &textWidth)
            let lineHeight = font.pointee.lineheight, baseline = font.pointee.baseline1
            let pad: Int32 = 2
            var top = box.top - lineHeight - 2 * pad
            if top < 0 { top = box.bottom }
            let left = max(0, min(box.x, Int32(width) - textWidth - 2 * pad))
            if let band = boxCreate(left, top, textWidth + 2 * pad, lineHeight + 2 * pad) {
                var pointer: UnsafeMutablePointer<BOX>? = band
                pixBlendInRect(pix, band, 0xFFFF_FF00, 0.8)
                boxDestroy(&pointer)
            }
            let value = UInt32(colour.0) << 24 | UInt32(colour.1) << 16 | UInt32(colour.2) << 8
            var written: Int32 = 0, overflow: Int32 = 0
            _ = pixSetTextline(pix, font, label, value, left + pad, top + pad + baseline, &written, &overflow)
        }
    }

    /// The label with every character the bitmap font lacks (beyond printable ASCII) replaced:
    /// currency signs by their ISO code's usual letters where known, others by `?`.
    static func printable(_ label: String) -> String {
        var result = ""
        for character in label {
            if let ascii = character.asciiValue, ascii >= 32, ascii < 127 {
                result.append(character)
            } else {
                result += replacements[character] ?? "?"
            }
        }
        return result
    }

    private static let replacements: [Character: String] = ["€": "EUR ", "£": "GBP ", "¥": "JPY ", "￥": "JPY ", "₹": "INR ", "₩": "KRW ", "₽": "RUB ", "→": "->", "≈": "~", "·": "-", "\u{00A0}": " ", "\u{202F}": " "]

    static func colour(of style: ViewerOverlay.Style) -> (UInt8, UInt8, UInt8) {
        switch style {
        case .tentative: (230, 160, 0)
        case .confirmed: (0, 170, 60)
        case .coasting: (120, 120, 120)
        case .locked: (30, 90, 240)
        }
    }

    /// The picture as a baseline JPEG.
    public func jpeg(quality: Int32 = 80) throws(ImageEncodingError) -> [UInt8] {
        try encoded("pixWriteMemJpeg") { pixWriteMemJpeg(&$0, &$1, pix, quality, 0) }
    }

    /// The picture as a PNG.
    public func png() throws(ImageEncodingError) -> [UInt8] {
        try encoded("pixWriteMemPng") { pixWriteMemPng(&$0, &$1, pix, 0) }
    }

    /// Writes the picture to `path` as a PNG.
    public func writePNG(to path: String) throws(ImageEncodingError) {
        guard pixWrite(path, pix, Int32(IFF_PNG)) == 0 else { throw ImageEncodingError(call: "pixWrite", context: path) }
    }

    private func encoded(_ call: String, _ body: (inout UnsafeMutablePointer<UInt8>?, inout Int) -> l_ok) throws(ImageEncodingError) -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard body(&data, &size) == 0, let data else { throw ImageEncodingError(call: call, context: "a \(width)x\(height) image") }
        defer { lept_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
