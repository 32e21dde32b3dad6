import Testing
@testable import Capture

@Suite("Format negotiation")
struct FormatNegotiatorTests {
    private func format(_ pixelFormat: PixelFormat, emulated: Bool = false, _ sizes: [(Int, Int, [Double])]) -> DeviceFormat {
        DeviceFormat(pixelFormat: pixelFormat, description: "\(pixelFormat)", isEmulated: emulated,
                     sizes: sizes.map { DeviceFormat.Size(width: $0.0, height: $0.1, framesPerSecond: $0.2) })
    }

    @Test("picks the closest size, then the closest rate")
    func closestSizeThenRate() {
        let formats = [format(.yuyv, [(640, 480, [30, 15]), (1280, 720, [10, 5]), (1920, 1080, [5])])]
        let choice = FormatNegotiator.choose(from: formats, for: CaptureRequest(width: 1280, height: 720, framesPerSecond: 30))
        #expect(choice == .init(pixelFormat: .yuyv, width: 1280, height: 720, framesPerSecond: 10))
        let small = FormatNegotiator.choose(from: formats, for: CaptureRequest(width: 700, height: 500, framesPerSecond: 20))
        #expect(small == .init(pixelFormat: .yuyv, width: 640, height: 480, framesPerSecond: 15))
    }

    @Test("prefers a rate closer to the request over another format at the same size")
    func rateBeforeFormat() {
        let formats = [format(.yuyv, [(1280, 720, [10])]), format(.yuv420, emulated: true, [(1280, 720, [30])])]
        let choice = FormatNegotiator.choose(from: formats, for: CaptureRequest(width: 1280, height: 720, framesPerSecond: 30))
        #expect(choice?.pixelFormat == .yuv420)
    }

    @Test("among equal modes prefers native GREY, then packed, then planar, then emulated")
    func formatPreference() {
        let modes: [(Int, Int, [Double])] = [(640, 480, [30])]
        let request = CaptureRequest(width: 640, height: 480, framesPerSecond: 30)
        let all = [format(.yuv420, emulated: true, modes), format(.nv12, modes), format(.uyvy, modes), format(.grey, modes)]
        #expect(FormatNegotiator.choose(from: all, for: request)?.pixelFormat == .grey)
        #expect(FormatNegotiator.choose(from: Array(all.prefix(3)), for: request)?.pixelFormat == .uyvy)
        #expect(FormatNegotiator.choose(from: Array(all.prefix(2)), for: request)?.pixelFormat == .nv12)
    }

    @Test("an MJPEG-only camera is captured through libv4lconvert's emulated YUV420")
    func mjpegThroughEmulatedFormat() {
        let modes: [(Int, Int, [Double])] = [(1280, 720, [30])]
        let formats = [format(.mjpeg, modes), format(.rgb24, emulated: true, modes), format(.yuv420, emulated: true, modes)]
        let choice = FormatNegotiator.choose(from: formats, for: CaptureRequest())
        #expect(choice == .init(pixelFormat: .yuv420, width: 1280, height: 720, framesPerSecond: 30))
    }

    @Test("no format with luma gives no choice")
    func noLuma() {
        #expect(FormatNegotiator.choose(from: [format(.mjpeg, [(640, 480, [30])])], for: CaptureRequest()) == nil)
    }

    @Test("a pinned format is kept when offered, ignored when not")
    func pinnedFormat() {
        let modes: [(Int, Int, [Double])] = [(640, 480, [30])]
        let formats = [format(.grey, modes), format(.yuyv, modes)]
        var request = CaptureRequest(width: 640, height: 480, framesPerSecond: 30, pixelFormat: .yuyv)
        #expect(FormatNegotiator.choose(from: formats, for: request)?.pixelFormat == .yuyv)
        request.pixelFormat = .nv12
        #expect(FormatNegotiator.choose(from: formats, for: request)?.pixelFormat == .grey)
    }

    @Test("stepwise sizes snap to the nearest step; unenumerated sizes pass the request through")
    func stepwiseAndUnknownSizes() {
        let range = DeviceFormat.SizeRange(minWidth: 160, maxWidth: 1920, stepWidth: 16, minHeight: 120, maxHeight: 1080, stepHeight: 8)
        let stepwise = DeviceFormat(pixelFormat: .yuyv, description: "", isEmulated: false, sizes: [], sizeRange: range)
        let choice = FormatNegotiator.choose(from: [stepwise], for: CaptureRequest(width: 1283, height: 2000, framesPerSecond: 30))
        #expect(choice?.width == 1280 && choice?.height == 1080)
        let unknown = DeviceFormat(pixelFormat: .grey, description: "", isEmulated: false, sizes: [])
        let passed = FormatNegotiator.choose(from: [unknown], for: CaptureRequest(width: 800, height: 600, framesPerSecond: 25))
        #expect(passed == .init(pixelFormat: .grey, width: 800, height: 600, framesPerSecond: nil))
    }

    @Test("sizes parse as WIDTHxHEIGHT")
    func sizeParsing() {
        #expect(CaptureRequest.parseSize("1280x720")! == (1280, 720))
        #expect(CaptureRequest.parseSize("640X480")! == (640, 480))
        for bad in ["", "1280", "x720", "0x10", "-5x5", "1280x720x3", "axb", "99999x1"] {
            #expect(CaptureRequest.parseSize(bad) == nil, "\(bad)")
        }
    }

    @Test("fourccs print as their four characters")
    func fourccNames() {
        #expect(PixelFormat.yuyv.description == "YUYV")
        #expect(PixelFormat(fourcc: "GREY") == .grey)
        #expect(PixelFormat(fourcc: "GRE") == nil)
    }
}
