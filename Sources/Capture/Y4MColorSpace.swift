/// The YUV4MPEG2 `C` header values lensd reads: 8-bit planar layouts whose first plane is luma.
///
/// Only the Y plane is kept; the chroma (and alpha) planes that follow it are skipped.
enum Y4MColorSpace: Sendable, Equatable {
    /// `Cmono`: luma only.
    case mono
    /// `C420jpeg`, `C420paldv`, `C420mpeg2`, `C420`: chroma subsampled 2×2.
    case yuv420
    /// `C422`: chroma subsampled horizontally by 2.
    case yuv422
    /// `C444`: full-resolution chroma.
    case yuv444
    /// `C444alpha`: full-resolution chroma plus an alpha plane.
    case yuv444Alpha

    /// Parses a `C` value; `nil` for layouts lensd does not read (`mono16`, `420p10`, …).
    init?(parameter: String) {
        switch parameter {
        case "mono": self = .mono
        case "420jpeg", "420paldv", "420mpeg2", "420": self = .yuv420
        case "422": self = .yuv422
        case "444": self = .yuv444
        case "444alpha": self = .yuv444Alpha
        default: return nil
        }
    }

    /// Bytes that follow the luma plane in each frame (chroma planes sized with `ceil(W/2)` and
    /// `ceil(H/2)` where subsampled, plus alpha).
    func trailingPlaneByteCount(width: Int, height: Int) -> Int {
        let halfWidth = (width + 1) / 2
        let halfHeight = (height + 1) / 2
        switch self {
        case .mono: return 0
        case .yuv420: return 2 * halfWidth * halfHeight
        case .yuv422: return 2 * halfWidth * height
        case .yuv444: return 2 * width * height
        case .yuv444Alpha: return 3 * width * height
        }
    }
}
