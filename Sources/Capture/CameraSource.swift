#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A V4L2 camera as a ``FrameSource``: opens the device through libv4l2, negotiates the mode
/// closest to the request, streams memory-mapped buffers and hands out their luma.
///
/// ``next()`` waits with `poll(2)` (never a blocking `VIDIOC_DQBUF`, which would not return after
/// an unplug). When the device goes away (`ENODEV`, `EIO`) or fails, the session is torn down
/// (stream off, buffers unmapped, descriptor closed), the state is reported and the device is
/// reopened with backoff until it is back, negotiating the same format again; the caller just sees
/// ``next()`` take longer. Attempts are spaced by a ``ReconnectBackoff`` that starts over once a
/// frame arrives. State changes go to the `onStatus` handler, on the calling thread.
/// Zoom and torch requests posted to ``controls`` are applied by ``next()`` on its own thread
/// between two frames (and while it waits to reconnect), so a change never falls within a frame.
/// Not thread-safe apart from ``controls`` and ``stopSignal``.
public final class CameraSource: FrameSource {
    /// How to capture.
    public struct Configuration: Sendable {
        /// The device node, e.g. `/dev/video0`.
        public var path: String
        public var request: CaptureRequest
        /// Reopen after failures (`lensd run`); otherwise the first failure is thrown (`lensd record`).
        public var reconnects: Bool
        /// Buffers in the memory-mapped ring.
        public var bufferCount: Int
        /// Longest single `poll(2)` wait; bounds how late ``StopSignal`` is noticed.
        public var pollTimeoutMilliseconds: Int32
        public var backoff: ReconnectBackoff
        /// End the stream after this many frames (`--frames`); `nil` for no limit.
        public var frameLimit: UInt64?

        public init(path: String, request: CaptureRequest = CaptureRequest(), reconnects: Bool = true,
                    bufferCount: Int = 4, pollTimeoutMilliseconds: Int32 = 500, backoff: ReconnectBackoff = ReconnectBackoff(),
                    frameLimit: UInt64? = nil) {
            self.path = path
            self.request = request
            self.reconnects = reconnects
            self.bufferCount = bufferCount
            self.pollTimeoutMilliseconds = pollTimeoutMilliseconds
            self.backoff = backoff
            self.frameLimit = frameLimit
        }
    }

    public var name: String { configuration.path }
    /// The negotiated frame rate once streaming, else the requested one.
    public var nominalFrameRate: Double? { format?.framesPerSecond ?? configuration.request.framesPerSecond }
    /// Zoom and torch: their state, and the channel requests to change them reach ``next()`` by.
    public let controls: CameraControls
    /// Raise to end the stream: ``next()`` then returns `nil`.
    public let stopSignal = StopSignal()
    /// The format of the current (or last) session.
    public private(set) var format: NegotiatedFormat?

    private let configuration: Configuration
    private let system: any V4L2Interface
    private let onStatus: (DeviceStatus) -> Void
    private let onControlProblem: (ControlError) -> Void
    private var session: CaptureSession?
    private var request: CaptureRequest
    private var backoff: ReconnectBackoff
    private var lastStatus: DeviceStatus?
    private var sequence: UInt64 = 0

    /// A camera that reports state changes to `onStatus` and zoom/torch requests it could not
    /// apply on (re)connection to `onControlProblem`, both on the thread calling ``next()``.
    public init(configuration: Configuration, system: any V4L2Interface = LibV4L2(),
                onStatus: @escaping (DeviceStatus) -> Void, onControlProblem: @escaping (ControlError) -> Void = { _ in }) {
        self.configuration = configuration
        self.system = system
        self.onStatus = onStatus
        self.onControlProblem = onControlProblem
        self.request = configuration.request
        self.backoff = configuration.backoff
        self.controls = CameraControls(path: configuration.path)
    }

    deinit {
        controls.detach()
    }

    /// The next captured frame; `.skipped` for a corrupt or short buffer; `nil` once
    /// ``stopSignal`` is raised or ``Configuration/frameLimit`` frames were delivered. Throws only
    /// when ``Configuration/reconnects`` is off.
    public func next() throws(ReplayError) -> SourceEvent? {
        while !stopSignal.isRaised && sequence < configuration.frameLimit ?? .max {
            // Opened first, so that requests posted before the device was (`lensd run --torch`)
            // find its controls; while it is away, the reconnect wait applies them.
            guard let session = try connectedSession() else { continue }
            controls.applyRequests()
            let outcome: CaptureSession.Outcome
            do throws(V4L2Error) {
                outcome = try session.nextFrame(timeoutMilliseconds: configuration.pollTimeoutMilliseconds,
                                                zoomLevel: controls.digitalZoomLevel)
            } catch {
                tearDown()
                report(DeviceStatus(failure: error))
                if !configuration.reconnects { throw .device(error) }
                pause(seconds: backoff.nextDelay())
                continue
            }
            switch outcome {
            case .frame(var frame):
                backoff.reset()
                frame.sequence = sequence
                sequence += 1
                return .frame(frame)
            case .noFrame:
                continue
            case .skipped(let error):
                return .skipped(.device(error))
            }
        }
        tearDown()
        report(.inactive(nil))
        return nil
    }

    /// A camera cannot start over; this does nothing.
    public func rewind() throws(ReplayError) {}

    /// The streaming session, opening one if needed; `nil` after a failed attempt (and its backoff).
    private func connectedSession() throws(ReplayError) -> CaptureSession? {
        if let session { return session }
        do throws(V4L2Error) {
            let device = try VideoDevice(path: configuration.path, system: system)
            let session = try CaptureSession(device: device, request: request, bufferCount: configuration.bufferCount)
            let negotiated = session.format
            self.session = session
            format = negotiated
            request = CaptureRequest(width: negotiated.width, height: negotiated.height,
                                     framesPerSecond: negotiated.framesPerSecond ?? request.framesPerSecond,
                                     pixelFormat: negotiated.pixelFormat)
            report(.active(negotiated))
            controls.attach(device).forEach(onControlProblem)
            return session
        } catch {
            report(DeviceStatus(failure: error))
            if !configuration.reconnects { throw .device(error) }
            pause(seconds: backoff.nextDelay())
            return nil
        }
    }

    /// Stream off, unmap, close (in that order, by ``CaptureSession``'s release).
    private func tearDown() {
        controls.detach()
        session = nil
    }

    /// Hands `status` to `onStatus` unless it repeats the last one (any two `inactive` count as a
    /// repeat, so a device that stays away is reported once).
    private func report(_ status: DeviceStatus) {
        if case .inactive = status, case .inactive? = lastStatus { return }
        guard status != lastStatus else { return }
        lastStatus = status
        onStatus(status)
    }

    /// Sleeps `seconds` in short slices so that a raised ``stopSignal`` ends the wait early; zoom
    /// and torch requests are applied between slices (to the absent device: kept for its return).
    private func pause(seconds: Double) {
        let deadline = MonotonicInstant.now().advanced(bySeconds: seconds)
        while !stopSignal.isRaised {
            controls.applyRequests()
            let left = deadline.seconds(since: .now())
            guard left > 0 else { return }
            usleep(useconds_t(min(left, 0.05) * 1_000_000))
        }
    }
}
