/// The parsed `YUV4MPEG2 …` stream header line: picture size, frame rate and colour space.
///
/// Parameters are space-separated, in any order; `I`, `A`, `X` and unknown parameters are
/// ignored. `C` defaults to `420jpeg` when absent.
struct Y4MStreamHeader: Sendable, Equatable {
    /// The largest width or height accepted; anything larger is treated as a corrupt header.
    static let maximumDimension = 16384
    /// The longest stream header accepted, newline excluded.
    static let maximumLength = 4096

    static let magic = Array("YUV4MPEG2".utf8)

    let width: Int
    let height: Int
    /// Frames per second from `F`, `nil` when absent or `F0:0` (unknown).
    let frameRate: Double?
    let colorSpace: Y4MColorSpace

    /// Luma bytes per frame.
    var lumaByteCount: Int { width * height }
    /// All bytes of one frame's picture data.
    var frameByteCount: Int {
        lumaByteCount + colorSpace.trailingPlaneByteCount(width: width, height: height)
    }

    /// Whether `bytes` begin with the `YUV4MPEG2` magic (followed by a space or nothing).
    static func hasMagic(_ bytes: [UInt8]) -> Bool {
        guard bytes.starts(with: magic) else { return false }
        return bytes.count == magic.count || bytes[magic.count] == UInt8(ascii: " ")
    }

    /// Parses the header `line` (without its newline) read from `path`.
    init(line: [UInt8], path: String) throws(ReplayError) {
        guard Self.hasMagic(line) else {
            throw .badMagic(path: path, found: Self.printablePrefix(line))
        }
        var width: Int?
        var height: Int?
        var frameRate: Double?
        var colorSpace = Y4MColorSpace.yuv420
        for token in line.dropFirst(Self.magic.count).split(separator: UInt8(ascii: " ")) {
            guard let tag = token.first else { continue }
            let value = String(decoding: token.dropFirst(), as: UTF8.self)
            switch tag {
            case UInt8(ascii: "W"):
                width = try Self.dimension(value, parameter: "W", path: path)
            case UInt8(ascii: "H"):
                height = try Self.dimension(value, parameter: "H", path: path)
            case UInt8(ascii: "F"):
                frameRate = try Self.rate(value, path: path)
            case UInt8(ascii: "C"):
                guard let parsed = Y4MColorSpace(parameter: value) else {
                    throw .unsupportedColorSpace(path: path, colorSpace: value)
                }
                colorSpace = parsed
            default:
                continue
            }
        }
        guard let width else { throw .missingParameter(path: path, parameter: "W") }
        guard let height else { throw .missingParameter(path: path, parameter: "H") }
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.colorSpace = colorSpace
    }

    private static func dimension(
        _ value: String, parameter: Character, path: String
    ) throws(ReplayError) -> Int {
        guard let number = Int(value), number >= 1, number <= maximumDimension else {
            throw .invalidParameter(
                path: path, parameter: parameter, value: value,
                reason: "must be a whole number from 1 to \(maximumDimension)")
        }
        return number
    }

    private static func rate(_ value: String, path: String) throws(ReplayError) -> Double? {
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let numerator = UInt32(parts[0]), let denominator = UInt32(parts[1])
        else {
            throw .invalidParameter(
                path: path, parameter: "F", value: value,
                reason: "expected numerator:denominator, e.g. F30000:1001")
        }
        if numerator == 0 && denominator == 0 {
            return nil
        }
        guard numerator > 0, denominator > 0 else {
            throw .invalidParameter(
                path: path, parameter: "F", value: value,
                reason: "numerator and denominator must both be positive (or F0:0 for unknown)")
        }
        return Double(numerator) / Double(denominator)
    }

    /// Up to 16 bytes of `bytes` as text, non-printable bytes shown as `?`; for error messages.
    static func printablePrefix(_ bytes: [UInt8]) -> String {
        String(
            decoding: bytes.prefix(16).map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: "?") },
            as: UTF8.self)
    }
}
