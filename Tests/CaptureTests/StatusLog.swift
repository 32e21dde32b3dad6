import Synchronization
@testable import Capture

/// Collects the states a ``CameraSource`` reports.
final class StatusLog: Sendable {
    private let entries = Mutex<[DeviceStatus]>([])
    func append(_ status: DeviceStatus) { entries.withLock { $0.append(status) } }
    var all: [DeviceStatus] { entries.withLock { $0 } }
    var names: [String] { all.map(\.name) }
}
