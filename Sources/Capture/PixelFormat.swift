import CV4L2

/// A V4L2 pixel format, the fourcc in `v4l2_pix_format.pixelformat`.
public struct PixelFormat: Hashable, Sendable, CustomStringConvertible {
    /// Where the 8-bit luma of a pixel lies in a buffer of this format.
    public enum LumaLayout: Sendable, Equatable {
        /// One luma byte per pixel, rows `bytesperline` apart: GREY and the Y plane of planar and
        /// semi-planar YUV (YUV420, YVU420, YUV422P, NV12, NV21, NV16, NV61).
        case plane
        /// Packed 4:2:2, two bytes per pixel, luma at byte `offset` of each pair (YUYV/YVYU 0,
        /// UYVY/VYUY 1).
        case packed(offset: Int)

        /// Bytes per pixel along a row.
        public var bytesPerPixel: Int {
            switch self {
            case .plane: return 1
            case .packed: return 2
            }
        }
    }

    /// The fourcc, little-endian as V4L2 stores it.
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Builds the fourcc from its four characters (`"YUYV"`); `nil` unless exactly four ASCII characters.
    public init?(fourcc: String) {
        let bytes = Array(fourcc.utf8)
        guard bytes.count == 4, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        rawValue = bytes.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    public static let grey = PixelFormat(rawValue: lensd_pix_fmt_grey)
    public static let yuyv = PixelFormat(rawValue: lensd_pix_fmt_yuyv)
    public static let yvyu = PixelFormat(rawValue: lensd_pix_fmt_yvyu)
    public static let uyvy = PixelFormat(rawValue: lensd_pix_fmt_uyvy)
    public static let vyuy = PixelFormat(rawValue: lensd_pix_fmt_vyuy)
    public static let yuv420 = PixelFormat(rawValue: lensd_pix_fmt_yuv420)
    public static let yvu420 = PixelFormat(rawValue: lensd_pix_fmt_yvu420)
    public static let yuv422p = PixelFormat(rawValue: lensd_pix_fmt_yuv422p)
    public static let nv12 = PixelFormat(rawValue: lensd_pix_fmt_nv12)
    public static let nv21 = PixelFormat(rawValue: lensd_pix_fmt_nv21)
    public static let nv16 = PixelFormat(rawValue: lensd_pix_fmt_nv16)
    public static let nv61 = PixelFormat(rawValue: lensd_pix_fmt_nv61)
    public static let mjpeg = PixelFormat(rawValue: lensd_pix_fmt_mjpeg)
    public static let rgb24 = PixelFormat(rawValue: lensd_pix_fmt_rgb24)

    /// Where luma lies, or `nil` when it cannot be read without colour conversion (MJPEG, RGB,
    /// Bayer, …: such devices are captured through a format libv4lconvert emulates).
    public var lumaLayout: LumaLayout? {
        switch self {
        case .grey, .yuv420, .yvu420, .yuv422p, .nv12, .nv21, .nv16, .nv61: return .plane
        case .yuyv, .yvyu: return .packed(offset: 0)
        case .uyvy, .vyuy: return .packed(offset: 1)
        default: return nil
        }
    }

    /// Preference among formats with luma: GREY (0) before packed 4:2:2 (1) before planar (2);
    /// `nil` without luma.
    var lumaPreference: Int? {
        switch self {
        case .grey: return 0
        case .yuyv, .yvyu, .uyvy, .vyuy: return 1
        default: return lumaLayout == nil ? nil : 2
        }
    }

    /// The four characters, e.g. `YUYV`; unprintable bytes become `?`.
    public var description: String {
        String(decoding: (0..<4).map { index -> UInt8 in
            let byte = UInt8(truncatingIfNeeded: rawValue >> (8 * UInt32(index)))
            return (0x20..<0x7f).contains(byte) ? byte : UInt8(ascii: "?")
        }, as: UTF8.self)
    }
}
