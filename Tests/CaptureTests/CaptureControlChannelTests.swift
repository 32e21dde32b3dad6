import CV4L2
import Dispatch
import Synchronization
import Testing
@testable import Capture

/// Zoom and torch requests on their way to the capture loop: order, answers, the timeout of a loop
/// that does not come round, and the capture loops that apply them.
@Suite("Capture control channel")
struct CaptureControlChannelTests {
    /// The answers a test's requests got, and a semaphore signalled once per answer.
    final class Answers: Sendable {
        private let entries = Mutex<[(tag: String, answer: Result<CaptureControlState, ControlError>)]>([])
        private let arrived = DispatchSemaphore(value: 0)

        func reply(_ tag: String) -> CaptureControlChannel.Reply {
            { answer in
                self.entries.withLock { $0.append((tag, answer)) }
                self.arrived.signal()
            }
        }

        /// Waits for `count` more answers (at most 10 s each); false if one did not come.
        func wait(for count: Int) -> Bool {
            (0..<count).allSatisfy { _ in arrived.wait(timeout: .now() + 10) == .success }
        }

        var tags: [String] { entries.withLock { $0.map(\.tag) } }
        var answers: [Result<CaptureControlState, ControlError>] { entries.withLock { $0.map(\.answer) } }
    }

    static let state = CaptureControlState(zoom: .digital(level: 2), torch: .unavailable)

    @Test("the loop applies waiting requests in the order they were posted and answers each with its result")
    func appliesInOrder() {
        let channel = CaptureControlChannel(source: "test")
        let answers = Answers()
        channel.post(.zoom(level: 2), timeout: nil, reply: answers.reply("a"))
        channel.post(.torch(on: true), timeout: nil, reply: answers.reply("b"))
        channel.post(.zoom(level: 3), timeout: nil, reply: answers.reply("c"))
        #expect(channel.waitingCount == 3)
        var applied: [CaptureControlRequest] = []
        channel.drain { request in
            applied.append(request)
            return request == .torch(on: true) ? .failure(.torchUnavailable(source: "test")) : .success(Self.state)
        }
        #expect(applied == [.zoom(level: 2), .torch(on: true), .zoom(level: 3)])
        #expect(answers.tags == ["a", "b", "c"])
        #expect(answers.answers == [.success(Self.state), .failure(.torchUnavailable(source: "test")), .success(Self.state)])
        #expect(channel.waitingCount == 0)
    }

    @Test("a request the loop does not take within its timeout is answered as timed out and never applied")
    func timesOut() {
        let channel = CaptureControlChannel(source: "/dev/video9")
        let answers = Answers()
        channel.post(.zoom(level: 2), timeout: .milliseconds(20), reply: answers.reply("late"))
        #expect(answers.wait(for: 1))
        #expect(answers.answers == [.failure(.timedOut(source: "/dev/video9", seconds: 0.02))])
        var applied = 0
        channel.drain { _ in
            applied += 1
            return .success(Self.state)
        }
        #expect(applied == 0, "a withdrawn request changes nothing")
        #expect(answers.tags == ["late"], "answered exactly once")
    }

    @Test("a request the loop takes in time is answered once, by the loop, not again by its timer")
    func answeredOnce() {
        let channel = CaptureControlChannel(source: "test")
        let answers = Answers()
        channel.post(.torch(on: false), timeout: .milliseconds(20), reply: answers.reply("t"))
        channel.drain { _ in .success(Self.state) }
        #expect(answers.wait(for: 1))
        // A later request's timeout fires after the first one's would have.
        channel.post(.zoom(level: 1), timeout: .milliseconds(40), reply: answers.reply("z"))
        #expect(answers.wait(for: 1))
        #expect(answers.tags == ["t", "z"])
        #expect(answers.answers.first == .success(Self.state))
    }

    @Test("closing answers waiting requests as stopped, and later requests at once; a full channel refuses")
    func closedAndFull() {
        let channel = CaptureControlChannel(source: "test", capacity: 2)
        let answers = Answers()
        channel.post(.zoom(level: 2), timeout: nil, reply: answers.reply("a"))
        channel.post(.zoom(level: 3), timeout: nil, reply: answers.reply("b"))
        channel.post(.zoom(level: 4), timeout: nil, reply: answers.reply("full"))
        #expect(answers.tags == ["full"])
        #expect(answers.answers == [.failure(.tooManyRequests(capacity: 2))])
        channel.close()
        channel.post(.torch(on: true), timeout: nil, reply: answers.reply("after"))
        #expect(answers.tags == ["full", "a", "b", "after"])
        #expect(answers.answers.dropFirst().allSatisfy { $0 == .failure(.captureStopped) })
    }

    @Test("a camera's capture loop applies a posted zoom with its own ioctl before its next frame")
    func cameraAppliesBetweenFrames() throws {
        let zoomID = lensd_cid_zoom_absolute
        let fake = FakeV4L2(.init(controls: [zoomID: .init(minimum: 1, maximum: 10, value: 1)]))
        let source = CameraSource(configuration: .init(path: "/dev/video3", pollTimeoutMilliseconds: 5), system: fake, onStatus: { _ in })
        while true {
            if case .frame? = try source.next() { break }
        }
        let answers = Answers()
        source.controls.requests.post(.zoom(level: 7), reply: answers.reply("z"))
        #expect(fake.controlValue(zoomID) == 1, "posting touches no device")
        #expect(answers.tags.isEmpty)
        _ = try source.next()
        #expect(fake.controlValue(zoomID) == 7)
        #expect(answers.answers == [.success(CaptureControlState(zoom: ZoomState(level: 7, min: 1, max: 10, kind: .optical), torch: .unavailable))])
    }

    @Test("a torch asked for before the camera opens is switched on with the opened device's control")
    func torchPostedBeforeOpening() throws {
        let flashID = lensd_cid_flash_led_mode
        let fake = FakeV4L2(.init(controls: [flashID: .init(minimum: 0, maximum: 2, value: 0)]))
        let source = CameraSource(configuration: .init(path: "/dev/video3", pollTimeoutMilliseconds: 5), system: fake, onStatus: { _ in })
        let answers = Answers()
        source.controls.requests.post(.torch(on: true), reply: answers.reply("t"))
        while true {
            if case .frame? = try source.next() { break }
        }
        #expect(fake.controlValue(flashID) == Int64(lensd_flash_led_mode_torch))
        #expect(answers.answers.count == 1)
        if case .failure(let error)? = answers.answers.first { Issue.record("the torch was refused: \(error)") }
    }

    @Test("a camera that is away answers requests while it waits to reconnect")
    func absentCameraAnswers() throws {
        let fake = FakeV4L2()
        fake.unplug()
        let source = CameraSource(
            configuration: .init(path: "/dev/video3", pollTimeoutMilliseconds: 5, backoff: ReconnectBackoff()),
            system: fake, onStatus: { _ in })
        let answers = Answers()
        let stop = source.stopSignal
        let reply = answers.reply("t")
        // The answer ends the stream, so that next() returns: it comes from inside the reconnect wait.
        source.controls.requests.post(.torch(on: true)) { answer in
            reply(answer)
            stop.raise()
        }
        #expect(try source.next() == nil)
        #expect(answers.wait(for: 1))
        #expect(answers.answers == [.failure(.torchUnavailable(source: "/dev/video3"))])
    }

    @Test("a replay applies a posted zoom before reading its next frame, and has no torch")
    func replayAppliesBeforeNextFrame() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Y4MWriter.stream(width: 8, height: 4, frames: 2, parameters: "F30:1 Cmono", trailingBytes: 0), to: "clip.y4m")
        let source = DigitallyZoomedSource(try ReplaySource.open(paths: [path]))
        let answers = Answers()
        source.controls.requests.post(.zoom(level: 9), reply: answers.reply("z"))
        source.controls.requests.post(.torch(on: true), reply: answers.reply("t"))
        guard case .frame(let frame)? = try source.next() else {
            Issue.record("no frame")
            return
        }
        #expect((frame.width, frame.height) == (2, 1))
        #expect(answers.answers == [
            .success(CaptureControlState(zoom: .digital(level: 4), torch: .unavailable)),
            .failure(.torchUnavailable(source: path)),
        ])
    }
}
