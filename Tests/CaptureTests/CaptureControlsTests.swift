import CV4L2
import Foundation
import Testing
@testable import Capture

@Suite("Zoom and torch controls")
struct CaptureControlsTests {
    private func streamingCamera(_ table: FakeV4L2.Table) throws -> (CameraSource, FakeV4L2) {
        let fake = FakeV4L2(table)
        let source = CameraSource(
            configuration: .init(path: "/dev/video3", request: CaptureRequest(width: 640, height: 480, framesPerSecond: 30),
                                 pollTimeoutMilliseconds: 5),
            system: fake, onStatus: { _ in })
        while true {
            if case .frame? = try source.next() { return (source, fake) }
        }
    }

    private func nextFrame(_ source: CameraSource) throws -> Frame {
        while true {
            if case .frame(let frame)? = try source.next() { return frame }
        }
    }

    @Test("optical zoom uses V4L2_CID_ZOOM_ABSOLUTE's range and step; requests are clamped, never rejected")
    func opticalZoomClamps() throws {
        let zoomID = lensd_cid_zoom_absolute
        let (source, fake) = try streamingCamera(.init(controls: [zoomID: .init(minimum: 100, maximum: 500, step: 10, value: 100)]))
        #expect(source.controls.zoom() == ZoomState(level: 100, min: 100, max: 500, kind: .optical))
        #expect(try source.controls.setZoom(1000).level == 500)
        #expect(fake.controlValue(zoomID) == 500)
        #expect(try source.controls.setZoom(-3).level == 100)
        #expect(try source.controls.setZoom(123).level == 120)
        #expect(try source.controls.setZoom(.infinity).level == 500)
        #expect(try source.controls.setZoom(.nan).level == 500)
        #expect(fake.controlValue(zoomID) == 500)
        #expect(try nextFrame(source).width == 640)
    }

    @Test("without a zoom control, zoom is digital 1 to 4 and crops the centre of captured frames")
    func digitalZoomCrops() throws {
        let (source, _) = try streamingCamera(.init())
        #expect(source.controls.zoom() == .digital(level: 1))
        #expect(try source.controls.setZoom(2) == .digital(level: 2))
        let frame = try nextFrame(source)
        #expect((frame.width, frame.height) == (320, 240))
        #expect(frame.luma[0] == FakeV4L2.luma(x: 160, y: 120, frame: Int(frame.sequence)))
        #expect(try source.controls.setZoom(9) == .digital(level: 4))
        #expect(try source.controls.setZoom(0.2) == .digital(level: 1))
    }

    @Test("the torch switches V4L2_CID_FLASH_LED_MODE between torch and none")
    func torchOnAndOff() throws {
        let flashID = lensd_cid_flash_led_mode
        let (source, fake) = try streamingCamera(.init(controls: [flashID: .init(minimum: 0, maximum: 2, value: 0)]))
        #expect(source.controls.torch() == TorchState(available: true, on: false))
        #expect(try source.controls.setTorch(true) == TorchState(available: true, on: true))
        #expect(fake.controlValue(flashID) == Int64(lensd_flash_led_mode_torch))
        #expect(try source.controls.setTorch(false) == TorchState(available: true, on: false))
        #expect(fake.controlValue(flashID) == Int64(lensd_flash_led_mode_none))
    }

    @Test("switching on the torch of a camera without one is an error, switching it off is not")
    func torchUnavailable() throws {
        let (source, _) = try streamingCamera(.init())
        #expect(source.controls.torch() == .unavailable)
        #expect(throws: ControlError.torchUnavailable(source: "/dev/video3")) { try source.controls.setTorch(true) }
        #expect(try source.controls.setTorch(false) == .unavailable)
    }

    @Test("old drivers without VIDIOC_QUERY_EXT_CTRL are asked with VIDIOC_QUERYCTRL")
    func queryControlFallback() throws {
        let zoomID = lensd_cid_zoom_absolute
        let (source, fake) = try streamingCamera(.init(controls: [zoomID: .init(minimum: 1, maximum: 10, value: 1)], extendedControls: false))
        #expect(source.controls.zoom().kind == .optical)
        #expect(fake.calls.contains("VIDIOC_QUERYCTRL \(zoomID)"))
    }

    @Test("a failing VIDIOC_S_CTRL is reported as a device error")
    func setControlFailure() throws {
        let zoomID = lensd_cid_zoom_absolute
        let (source, fake) = try streamingCamera(.init(controls: [zoomID: .init(minimum: 1, maximum: 10, value: 1)]))
        fake.fail(.setControl, with: EBUSY)
        #expect(throws: ControlError.device(.systemCall("VIDIOC_S_CTRL", path: "/dev/video3", errno: EBUSY))) {
            try source.controls.setZoom(5)
        }
    }

    @Test("zoom asked for before the device is open is applied when it opens and again after a reconnect")
    func zoomAppliedOnConnect() throws {
        let zoomID = lensd_cid_zoom_absolute
        let fake = FakeV4L2(.init(controls: [zoomID: .init(minimum: 1, maximum: 10, value: 1)]))
        let source = CameraSource(configuration: .init(path: "/dev/video3", pollTimeoutMilliseconds: 5), system: fake, onStatus: { _ in })
        #expect(try source.controls.setZoom(7) == .digital(level: 4))
        _ = try nextFrame(source)
        #expect(source.controls.zoom() == ZoomState(level: 7, min: 1, max: 10, kind: .optical))
        #expect(fake.controlValue(zoomID) == 7)
        fake.fail(.dequeueBuffer, with: ENODEV)
        _ = try nextFrame(source)
        #expect(fake.calls.filter { $0 == "VIDIOC_S_CTRL \(zoomID)=7" }.count == 2)
    }

    @Test("replays answer the same operations: digital zoom, no torch")
    func replayControls() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Y4MWriter.stream(width: 8, height: 4, frames: 2, parameters: "F30:1 Cmono", trailingBytes: 0), to: "clip.y4m")
        let source = DigitallyZoomedSource(try ReplaySource.open(paths: [path]))
        #expect(try source.controls.setZoom(2) == .digital(level: 2))
        #expect(try source.controls.setZoom(100) == .digital(level: 4))
        _ = try source.controls.setZoom(2)
        guard case .frame(let frame)? = try source.next() else {
            Issue.record("no frame")
            return
        }
        #expect((frame.width, frame.height) == (4, 2))
        let original = Y4MWriter.luma(width: 8, height: 4, frame: 0)
        #expect(frame.luma == Array(original[10..<14] + original[18..<22]))
        #expect(source.controls.torch() == .unavailable)
        #expect(throws: ControlError.torchUnavailable(source: path)) { try source.controls.setTorch(true) }
    }
}
