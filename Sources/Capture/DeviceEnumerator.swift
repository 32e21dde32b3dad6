import CV4L2

/// Lists and examines the V4L2 nodes in a directory (`/dev`): `video0`, `video1`, … in numeric order.
public struct DeviceEnumerator: Sendable {
    private let directory: String
    private let system: any V4L2Interface

    public init(directory: String = "/dev", system: any V4L2Interface = LibV4L2()) {
        self.directory = directory
        self.system = system
    }

    /// Paths of the `video<N>` nodes; empty when the directory cannot be read.
    public func nodePaths() -> [String] {
        let names: [String]
        do throws(ReplayError) {
            names = try DirectoryStream(path: directory).entryNames()
        } catch {
            return []
        }
        return names
            .filter { $0.hasPrefix("video") && $0.count > 5 && $0.dropFirst(5).allSatisfy(\.isNumber) }
            .sorted(by: NaturalOrder.areInIncreasingOrder)
            .map { directory.hasSuffix("/") ? directory + $0 : directory + "/" + $0 }
    }

    /// Every node, examined (`VIDIOC_QUERYCAP`, formats, sizes, rates, zoom and torch controls).
    public func devices() -> [DeviceInfo] {
        nodePaths().map(examine)
    }

    /// The first node lensd can capture from, `nil` when there is none.
    public func firstCaptureDevice() -> String? {
        nodePaths().first { path in
            guard let device = try? VideoDevice(path: path, system: system),
                  let capability = try? device.capability() else { return false }
            return capability.canCapture && capability.canStream
        }
    }

    /// Examines one node; failures are recorded in ``DeviceInfo/error``.
    public func examine(_ path: String) -> DeviceInfo {
        var info = DeviceInfo(path: path, capability: nil, formats: [], opticalZoom: nil, hasTorch: false, error: nil)
        do throws(V4L2Error) {
            let device = try VideoDevice(path: path, system: system)
            let capability = try device.capability()
            info.capability = capability
            guard capability.canCapture else { return info }
            info.formats = try device.captureFormats()
            info.opticalZoom = try device.control(lensd_cid_zoom_absolute)
            info.hasTorch = try device.control(lensd_cid_flash_led_mode)
                .map { $0.maximum >= Int64(lensd_flash_led_mode_torch) } ?? false
        } catch {
            info.error = error
        }
        return info
    }
}
