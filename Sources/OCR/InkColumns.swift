/// Where a grey crop's ink is, within the rows its text stands in: ink is the minority side of
/// the rows' Otsu threshold, dark or light.
struct InkColumns {
    private let pixels: UnsafeBufferPointer<UInt8>
    private let width: Int
    private let rows: Range<Int>
    private let threshold: UInt8
    private let inkIsDark: Bool

    init?(pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, rows: Range<Int>) {
        let rows = rows.clamped(to: 0..<height)
        guard width > 0, !rows.isEmpty, pixels.count >= width * height else { return nil }
        var histogram = [Int](repeating: 0, count: 256)
        for y in rows { for x in 0..<width { histogram[Int(pixels[y * width + x])] += 1 } }
        let threshold = LinePolarity.otsuThreshold(histogram: histogram)
        let dark = histogram[0...threshold].reduce(0, +)
        self.pixels = pixels
        self.width = width
        self.rows = rows
        self.threshold = UInt8(clamping: threshold)
        self.inkIsDark = dark * 2 <= rows.count * width
    }

    func isInk(x: Int, y: Int) -> Bool { (pixels[y * width + x] <= threshold) == inkIsDark }

    /// The bounds of the ink in `columns` (within the text's rows), or nil when there is none.
    func bounds(in columns: Range<Int>) -> OCRRect? {
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for x in columns.clamped(to: 0..<width) {
            for y in rows where isInk(x: x, y: y) {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard maxX >= minX else { return nil }
        return OCRRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
