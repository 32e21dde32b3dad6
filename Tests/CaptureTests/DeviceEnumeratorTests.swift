import CV4L2
import Foundation
import Testing
@testable import Capture

@Suite("Device listing and recording")
struct DeviceEnumeratorTests {
    @Test("lists video nodes in numeric order and examines formats, rates, zoom and torch")
    func listsAndExamines() throws {
        let directory = try TemporaryDirectory()
        for name in ["video10", "video2", "video0", "media0", "videofoo", "video"] {
            try directory.write([], to: name)
        }
        let fake = FakeV4L2(.init(
            formats: [.init(pixelFormat: .mjpeg, sizes: [(1280, 720, [30, 15])]), .init(pixelFormat: .yuv420, emulated: true)],
            controls: [lensd_cid_flash_led_mode: .init(minimum: 0, maximum: 2, value: 0)]))
        let enumerator = DeviceEnumerator(directory: directory.url.path, system: fake)
        #expect(enumerator.nodePaths().map { ($0 as NSString).lastPathComponent } == ["video0", "video2", "video10"])
        let info = enumerator.examine("/dev/video0")
        #expect(info.capability == DeviceCapability(driver: "fake", card: "Fake Camera", busInfo: "usb-0000:00:14.0-1",
                                                    capabilities: lensd_cap_video_capture | lensd_cap_streaming))
        #expect(info.formats.map(\.pixelFormat) == [.mjpeg, .yuv420])
        #expect(info.formats[0].sizes == [DeviceFormat.Size(width: 1280, height: 720, framesPerSecond: [30, 15])])
        #expect(info.formats[1].isEmulated)
        #expect(info.opticalZoom == nil && info.hasTorch && info.canCapture)
        #expect(enumerator.firstCaptureDevice() == directory.path("video0"))
        #expect(fake.openDescriptors == 0)
    }

    @Test("a node that cannot be opened is listed with its error")
    func deniedNode() {
        let fake = FakeV4L2()
        fake.fail("open", with: EACCES)
        let info = DeviceEnumerator(system: fake).examine("/dev/video5")
        #expect(info.error == .systemCall("open", path: "/dev/video5", errno: EACCES))
        #expect(!info.canCapture)
    }

    @Test("recorded frames replay bit for bit as Y4M mono")
    func recordsReplayableY4M() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("out.y4m")
        let recorder = try Y4MRecorder(path: path, framesPerSecond: 29.97)
        var frames: [Frame] = []
        for index in 0..<3 {
            let luma: [UInt8] = (0..<15).map { (pixel: Int) -> UInt8 in UInt8(pixel * 11 + index) }
            frames.append(try Frame(luma: luma, width: 4, height: 3, stride: 5, sequence: UInt64(index), timestamp: .now()))
        }
        for frame in frames { try recorder.append(frame) }
        #expect(throws: Y4MRecorder.Failure.sizeChanged(path: path, expected: "4x3", got: "5x3")) {
            try recorder.append(Frame(luma: [UInt8](repeating: 0, count: 15), width: 5, height: 3, stride: 5, sequence: 9, timestamp: .now()))
        }
        let replay = try ReplaySource.open(paths: [path])
        #expect(replay.nominalFrameRate.map { abs($0 - 29.97) < 1e-9 } == true)
        for frame in frames {
            guard case .frame(let replayed)? = try replay.next() else {
                Issue.record("missing frame")
                return
            }
            let expected = (0..<3).flatMap { row in frame.luma[row * 5..<row * 5 + 4] }
            #expect(replayed.width == 4 && replayed.height == 3)
            #expect(Array(replayed.luma) == expected)
        }
        #expect(try replay.next() == nil)
    }

    @Test("recording into a missing directory fails with the path and errno")
    func recordFailure() {
        #expect(throws: Y4MRecorder.Failure.openFailed(path: "/nonexistent/dir/x.y4m", errno: ENOENT)) {
            try Y4MRecorder(path: "/nonexistent/dir/x.y4m", framesPerSecond: 30)
        }
    }
}
