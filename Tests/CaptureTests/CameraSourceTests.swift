import CV4L2
import Foundation
import Synchronization
import Testing
@testable import Capture

@Suite("Camera source against a fake V4L2 device")
struct CameraSourceTests {
    private func camera(_ fake: FakeV4L2, request: CaptureRequest = CaptureRequest(width: 640, height: 480, framesPerSecond: 30),
                        reconnects: Bool = true, log: StatusLog) -> CameraSource {
        CameraSource(
            configuration: .init(path: "/dev/video7", request: request, reconnects: reconnects, pollTimeoutMilliseconds: 5,
                                 backoff: ReconnectBackoff(initialSeconds: 0.001, maximumSeconds: 0.004)),
            system: fake, onStatus: log.append)
    }

    private func nextFrame(_ source: CameraSource) throws -> Frame {
        while true {
            if case .frame(let frame)? = try source.next() { return frame }
        }
    }

    private func expectLuma(_ frame: Frame, frameNumber: Int, x: Int, y: Int) {
        #expect(frame.luma[y * frame.stride + x] == FakeV4L2.luma(x: x, y: y, frame: frameNumber))
    }

    @Test("streams YUYV luma with the buffers' CLOCK_MONOTONIC timestamps")
    func streamsLumaWithBufferTimestamps() throws {
        let fake = FakeV4L2(.init(rowPadding: 8))
        let log = StatusLog()
        let source = camera(fake, log: log)
        let first = try nextFrame(source), second = try nextFrame(source)
        #expect((first.width, first.height, first.stride) == (640, 480, 640))
        expectLuma(first, frameNumber: 0, x: 17, y: 33)
        expectLuma(second, frameNumber: 1, x: 639, y: 479)
        #expect(first.timestamp == MonotonicInstant(nanoseconds: 1000_250_000_000))
        #expect(second.timestamp.seconds(since: first.timestamp) == 1)
        #expect((first.sequence, second.sequence) == (0, 1))
        #expect(log.all == [.active(NegotiatedFormat(pixelFormat: .yuyv, width: 640, height: 480, bytesPerLine: 1288,
                                                     imageSize: 1288 * 480, framesPerSecond: 30, isEmulated: false))])
        #expect(fake.calls.filter { $0.hasPrefix("VIDIOC_REQBUFS") } == ["VIDIOC_REQBUFS 4"])
    }

    @Test("EINTR is retried on open, ioctls and poll")
    func retriesInterruptedCalls() throws {
        let fake = FakeV4L2()
        fake.fail("open", with: EINTR)
        fake.fail(.setFormat, with: EINTR, EINTR)
        fake.fail("poll", with: EINTR)
        fake.fail(.dequeueBuffer, with: EINTR)
        let log = StatusLog()
        let frame = try nextFrame(camera(fake, log: log))
        expectLuma(frame, frameNumber: 0, x: 5, y: 5)
        #expect(log.names == ["active"])
        #expect(fake.calls.filter { $0.hasPrefix("open") }.count == 2)
        #expect(fake.calls.filter { $0.hasPrefix("VIDIOC_S_FMT") }.count == 3)
        #expect(fake.calls.filter { $0 == "VIDIOC_DQBUF" }.count == 2)
    }

    @Test("EAGAIN from DQBUF means no buffer yet, not a failure")
    func eagainIsNotAFailure() throws {
        let fake = FakeV4L2()
        fake.fail(.dequeueBuffer, with: EAGAIN, EAGAIN)
        let log = StatusLog()
        let source = camera(fake, log: log)
        let frame = try nextFrame(source)
        #expect(frame.sequence == 0)
        #expect(log.names == ["active"])
        #expect(fake.calls.filter { $0 == "open /dev/video7" }.count == 1)
    }

    @Test("ENODEV mid-stream tears down (stream off, unmap, close) and reconnects with the same format")
    func enodevTearsDownAndReconnects() throws {
        let fake = FakeV4L2(.init(formats: [.init(pixelFormat: .grey, sizes: [(320, 240, [15])]),
                                            .init(pixelFormat: .yuyv, sizes: [(640, 480, [30])])]))
        let log = StatusLog()
        let source = camera(fake, log: log)
        _ = try nextFrame(source)
        fake.fail(.dequeueBuffer, with: ENODEV)
        let afterUnplug = try nextFrame(source)
        #expect(log.names == ["active", "inactive"] + ["active"])
        #expect(afterUnplug.sequence == 1)
        let calls = fake.calls
        let streamOff = try #require(calls.firstIndex(of: "VIDIOC_STREAMOFF"))
        #expect(calls[streamOff - 1] == "VIDIOC_DQBUF")
        #expect(Array(calls[streamOff...].prefix(7))
                == ["VIDIOC_STREAMOFF", "munmap", "munmap", "munmap", "munmap", "close", "open /dev/video7"])
        let formatsSet = calls.filter { $0.hasPrefix("VIDIOC_S_FMT") }
        #expect(formatsSet.count == 2 && formatsSet[0] == formatsSet[1])
        #expect(fake.openDescriptors == 1 && fake.liveMappings == 4)
    }

    @Test("an unplugged device is reported inactive once and picked up again when it returns")
    func unplugAndReplug() throws {
        let fake = FakeV4L2()
        let log = StatusLog()
        let source = camera(fake, log: log)
        _ = try nextFrame(source)
        fake.unplug()
        let replugger = Thread {
            while !log.names.contains("inactive") { usleep(1000) }
            usleep(20_000)
            fake.replug()
        }
        replugger.start()
        _ = try nextFrame(source)
        #expect(log.names == ["active", "inactive", "active"])
        #expect(fake.calls.filter { $0 == "open /dev/video7" }.count > 2)
        #expect(fake.openDescriptors == 1)
    }

    @Test("EACCES at open is reported as denied with a hint about the video group, then retried")
    func permissionDenied() throws {
        let fake = FakeV4L2()
        fake.fail("open", with: EACCES, EACCES)
        let log = StatusLog()
        _ = try nextFrame(camera(fake, log: log))
        #expect(log.names == ["denied", "active"])
        let hint = try #require(log.all.first?.hint)
        #expect(hint.contains("'video' group") && hint.contains("/dev/video7"))
        #expect(log.all.first == .denied(.systemCall("open", path: "/dev/video7", errno: EACCES)))
    }

    @Test("without reconnection the first failure is thrown")
    func recordModeThrows() {
        let fake = FakeV4L2()
        fake.fail("open", with: ENOENT)
        let log = StatusLog()
        let source = camera(fake, reconnects: false, log: log)
        #expect(throws: ReplayError.device(.systemCall("open", path: "/dev/video7", errno: ENOENT))) { try source.next() }
        #expect(log.names == ["inactive"])
    }

    @Test("a node that cannot capture is reported as an error and closed")
    func notACaptureDevice() {
        let fake = FakeV4L2(.init(capabilities: lensd_cap_streaming))
        let log = StatusLog()
        let source = camera(fake, reconnects: false, log: log)
        #expect(throws: ReplayError.device(.notACaptureDevice(path: "/dev/video7"))) { try source.next() }
        #expect(log.names == ["error"])
        #expect(fake.openDescriptors == 0)
    }

    @Test("a buffer the driver flags as corrupt is skipped and the stream goes on")
    func corruptBufferSkipped() throws {
        let fake = FakeV4L2(.init(corruptFrames: [1]))
        let source = camera(fake, log: StatusLog())
        _ = try nextFrame(source)
        #expect(try source.next() == .skipped(.device(.corruptBuffer(path: "/dev/video7", index: 1))))
        let third = try nextFrame(source)
        expectLuma(third, frameNumber: 2, x: 100, y: 100)
    }

    @Test("a failed mmap releases what was mapped and opened, then the device is tried again")
    func mmapFailureReleasesEverything() throws {
        let fake = FakeV4L2()
        fake.fail("mmap", with: 0, 0, ENOMEM)
        let log = StatusLog()
        let source = camera(fake, log: log)
        _ = try nextFrame(source)
        #expect(log.all.first == .error(.systemCall("mmap", path: "/dev/video7", errno: ENOMEM)))
        #expect(log.names == ["error", "active"])
        #expect(fake.calls.prefix { $0 != "close" }.filter { $0 == "munmap" }.count == 2)
        #expect(fake.openDescriptors == 1 && fake.liveMappings == 4)
    }

    @Test("the stop signal ends the stream with inactive; a frame limit ends it too")
    func stopping() throws {
        let log = StatusLog()
        let source = camera(FakeV4L2(), log: log)
        _ = try nextFrame(source)
        source.stopSignal.raise()
        #expect(try source.next() == nil)
        #expect(log.names == ["active", "inactive"])

        let limited = CameraSource(configuration: .init(path: "/dev/video7", frameLimit: 2), system: FakeV4L2(), onStatus: { _ in })
        _ = try nextFrame(limited)
        _ = try nextFrame(limited)
        #expect(try limited.next() == nil)
    }
}

extension SourceEvent: Equatable {
    public static func == (lhs: SourceEvent, rhs: SourceEvent) -> Bool {
        switch (lhs, rhs) {
        case let (.frame(left), .frame(right)): return left.luma == right.luma && left.sequence == right.sequence
        case let (.skipped(left), .skipped(right)): return left == right
        default: return false
        }
    }
}
