import Capture
import LensProtocol
import Logging

/// Turns a camera's ``DeviceStatus`` changes into `DEVICE` lines (source `v4l2`), with an `ERROR`
/// line carrying the reason (and, for `denied`, the `video` group hint).
public enum DeviceStatusReporter {
    public static func report(
        _ status: DeviceStatus, path: String, controls: (any CaptureControls)?, events: EventStream, logger: Logger
    ) {
        switch status {
        case .active(let format):
            logger.notice("capturing", metadata: [
                "device": "\(path)", "format": "\(format.pixelFormat)", "size": "\(format.width)x\(format.height)",
                "fps": "\(format.framesPerSecond.map { "\($0)" } ?? "unknown")", "emulated": "\(format.isEmulated)",
            ])
            events.emit(DeviceMessage(
                source: "v4l2", path: path, state: .active, width: format.width, height: format.height,
                fps: format.framesPerSecond, zoom: controls.map { ZoomMessage($0.zoom()) },
                torch: controls.map { TorchMessage($0.torch()) }))
        case .inactive(let reason):
            if let reason { logger.notice("device inactive: \(reason.description); \(waitingHint(path))") }
            events.emit(DeviceMessage(source: "v4l2", path: path, state: .inactive))
        case .denied(let reason):
            failed(reason, hint: status.hint, state: .denied, path: path, events: events, logger: logger)
        case .error(let reason):
            failed(reason, hint: nil, state: .error, path: path, events: events, logger: logger)
        }
    }

    /// What an inactive camera's daemon does, and how to point it elsewhere.
    static func waitingHint(_ path: String) -> String {
        "waiting for \(path) to appear (tried again every few seconds); "
            + "pick another camera with --device PATH (lensd devices lists them), or read recorded frames with lensd replay"
    }

    private static func failed(_ reason: V4L2Error, hint: String?, state: DeviceMessage.State, path: String,
                               events: EventStream, logger: Logger) {
        let message = [reason.description, hint].compactMap { $0 }.joined(separator: "; ")
        logger.warning("\(message)")
        events.emit(ErrorMessage(message: message, concerns: "device", path: path))
        events.emit(DeviceMessage(source: "v4l2", path: path, state: state))
    }
}
