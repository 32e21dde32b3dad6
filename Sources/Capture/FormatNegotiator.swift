#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Chooses the capture mode closest to a ``CaptureRequest`` among the formats a device offers.
///
/// Only formats whose luma can be read directly qualify (GREY, packed 4:2:2, planar YUV); behind
/// libv4l2 that includes the YUV420 libv4lconvert emulates for MJPEG, RGB or Bayer cameras. Modes
/// are compared by size (log-ratio distance of width and height), then frame rate, then format:
/// native before emulated, GREY before packed before planar.
public enum FormatNegotiator {
    /// The mode to ask for with `VIDIOC_S_FMT` and `VIDIOC_S_PARM`.
    public struct Choice: Sendable, Equatable {
        public var pixelFormat: PixelFormat
        public var width: Int
        public var height: Int
        /// The frame rate to ask for; `nil` when the device lists none for this size.
        public var framesPerSecond: Double?
    }

    /// The closest mode; `nil` when no format carries luma.
    public static func choose(from formats: [DeviceFormat], for request: CaptureRequest) -> Choice? {
        var best: (choice: Choice, score: [Double])?
        let pinned = request.pixelFormat.flatMap { pin in formats.contains { $0.pixelFormat == pin } ? pin : nil }
        for format in formats {
            guard let preference = format.pixelFormat.lumaPreference else { continue }
            if let pinned, format.pixelFormat != pinned { continue }
            let formatRank = Double(preference + (format.isEmulated ? 10 : 0))
            for candidate in candidates(of: format, for: request) {
                let rate = closestRate(candidate.rates, to: request.framesPerSecond)
                let score = [
                    sizeDistance(candidate.width, candidate.height, request),
                    rate.map { abs(log($0 / request.framesPerSecond)) } ?? 0,
                    formatRank,
                ]
                if best == nil || isLess(score, than: best?.score ?? []) {
                    best = (Choice(pixelFormat: format.pixelFormat, width: candidate.width,
                                   height: candidate.height, framesPerSecond: rate), score)
                }
            }
        }
        return best?.choice
    }

    private static func candidates(of format: DeviceFormat, for request: CaptureRequest) -> [(width: Int, height: Int, rates: [Double])] {
        if !format.sizes.isEmpty {
            return format.sizes.map { ($0.width, $0.height, $0.framesPerSecond) }
        }
        if let range = format.sizeRange {
            let size = range.nearest(width: request.width, height: request.height)
            return [(size.width, size.height, [])]
        }
        return [(request.width, request.height, [])]
    }

    private static func sizeDistance(_ width: Int, _ height: Int, _ request: CaptureRequest) -> Double {
        guard width > 0, height > 0 else { return .infinity }
        return abs(log(Double(width) / Double(request.width))) + abs(log(Double(height) / Double(request.height)))
    }

    private static func closestRate(_ rates: [Double], to wanted: Double) -> Double? {
        rates.filter { $0 > 0 && $0.isFinite }.min { abs(log($0 / wanted)) < abs(log($1 / wanted)) }
    }

    /// Lexicographic comparison, treating differences below 1e-9 as ties.
    private static func isLess(_ lhs: [Double], than rhs: [Double]) -> Bool {
        for (left, right) in zip(lhs, rhs) where abs(left - right) > 1e-9 {
            return left < right
        }
        return false
    }
}
