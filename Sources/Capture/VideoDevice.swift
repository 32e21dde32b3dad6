#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CV4L2
import SystemPackage
import SystemCalls

/// Owns one V4L2 device descriptor, opened non-blocking with `v4l2_open` and closed with
/// `v4l2_close` when released.
///
/// Every `ioctl` goes through ``perform(_:_:)``, which retries `EINTR` and turns a failure into
/// ``V4L2Error/systemCall(_:path:errno:)``. All stored properties are immutable, so one device
/// may be used from the capture thread and a control thread at once (the kernel serialises ioctls).
public final class VideoDevice: Sendable {
    /// The device node, e.g. `/dev/video0`.
    public let path: String
    let descriptor: Int32
    let system: any V4L2Interface

    /// Opens `path` with `O_RDWR | O_NONBLOCK | O_CLOEXEC`.
    public init(path: String, system: any V4L2Interface = LibV4L2()) throws(V4L2Error) {
        let opened: Int32
        do {
            opened = try SystemCall.retryingInterrupts { system.open(path, flags: O_RDWR | O_NONBLOCK | O_CLOEXEC) }
        } catch {
            throw .systemCall("open", path: path, errno: error.rawValue)
        }
        self.path = path
        self.descriptor = opened
        self.system = system
    }

    deinit {
        _ = system.close(descriptor)
    }

    /// Issues `request` with `argument` (the struct the request names), retrying `EINTR`.
    func perform<Argument>(_ request: V4L2Request, _ argument: inout Argument) throws(V4L2Error) {
        do {
            _ = try SystemCall.retryingInterrupts {
                withUnsafeMutablePointer(to: &argument) { system.ioctl(descriptor, request, UnsafeMutableRawPointer($0)) }
            }
        } catch {
            throw .systemCall(request.rawValue, path: path, errno: error.rawValue)
        }
    }

    /// `VIDIOC_QUERYCAP`.
    public func capability() throws(V4L2Error) -> DeviceCapability {
        var raw = v4l2_capability()
        try perform(.queryCapability, &raw)
        return DeviceCapability(raw)
    }

    /// Every single-planar capture format with its sizes and rates (`VIDIOC_ENUM_FMT`,
    /// `VIDIOC_ENUM_FRAMESIZES`, `VIDIOC_ENUM_FRAMEINTERVALS`), including those libv4lconvert emulates.
    public func captureFormats() throws(V4L2Error) -> [DeviceFormat] {
        var formats: [DeviceFormat] = []
        for index in 0..<UInt32(64) {
            var description = v4l2_fmtdesc()
            description.index = index
            description.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            guard try performEnumeration(.enumerateFormat, &description) else { break }
            let pixelFormat = PixelFormat(rawValue: description.pixelformat)
            var format = DeviceFormat(
                pixelFormat: pixelFormat, description: DeviceCapability.string(description.description),
                isEmulated: description.flags & lensd_fmt_flag_emulated != 0, sizes: [])
            try enumerateSizes(of: &format)
            formats.append(format)
        }
        return formats
    }

    private func enumerateSizes(of format: inout DeviceFormat) throws(V4L2Error) {
        for index in 0..<UInt32(256) {
            var size = v4l2_frmsizeenum()
            size.index = index
            size.pixel_format = format.pixelFormat.rawValue
            guard try performEnumeration(.enumerateFrameSizes, &size) else { return }
            if size.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
                let width = Int(size.discrete.width), height = Int(size.discrete.height)
                format.sizes.append(.init(width: width, height: height,
                                          framesPerSecond: try frameRates(format.pixelFormat, width: width, height: height)))
            } else {
                let range = size.stepwise
                format.sizeRange = .init(
                    minWidth: Int(range.min_width), maxWidth: Int(range.max_width), stepWidth: Int(range.step_width),
                    minHeight: Int(range.min_height), maxHeight: Int(range.max_height), stepHeight: Int(range.step_height))
                return
            }
        }
    }

    private func frameRates(_ pixelFormat: PixelFormat, width: Int, height: Int) throws(V4L2Error) -> [Double] {
        var rates: [Double] = []
        for index in 0..<UInt32(64) {
            var interval = v4l2_frmivalenum()
            interval.index = index
            interval.pixel_format = pixelFormat.rawValue
            interval.width = UInt32(width)
            interval.height = UInt32(height)
            guard try performEnumeration(.enumerateFrameIntervals, &interval) else { break }
            if interval.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue {
                rates.append(contentsOf: Self.rate(interval.discrete).map { [$0] } ?? [])
            } else {
                rates.append(contentsOf: [Self.rate(interval.stepwise.max), Self.rate(interval.stepwise.min)].compactMap { $0 })
                break
            }
        }
        return rates
    }

    /// An enumeration step: `true` when the entry exists, `false` at the end of the list
    /// (`EINVAL`) or when the driver does not enumerate (`ENOTTY`).
    private func performEnumeration<Argument>(_ request: V4L2Request, _ argument: inout Argument) throws(V4L2Error) -> Bool {
        do {
            try perform(request, &argument)
            return true
        } catch {
            if error.errno == EINVAL || error.errno == ENOTTY { return false }
            throw error
        }
    }

    /// `VIDIOC_S_FMT` for single-planar capture; returns what the driver set, which may differ.
    func setFormat(_ pixelFormat: PixelFormat, width: Int, height: Int) throws(V4L2Error) -> v4l2_pix_format {
        var format = v4l2_format()
        format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        format.fmt.pix.width = UInt32(clamping: width)
        format.fmt.pix.height = UInt32(clamping: height)
        format.fmt.pix.pixelformat = pixelFormat.rawValue
        format.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        try perform(.setFormat, &format)
        return format.fmt.pix
    }

    /// `VIDIOC_S_PARM` with a time per frame of 1/`framesPerSecond`, then the rate in effect; `nil`
    /// when the driver neither sets nor reports one.
    func setFrameRate(_ framesPerSecond: Double) -> Double? {
        var parameters = v4l2_streamparm()
        parameters.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        parameters.parm.capture.timeperframe = v4l2_fract(numerator: 1000, denominator: UInt32(clamping: Int((framesPerSecond * 1000).rounded())))
        do {
            try perform(.setParameters, &parameters)
            if let rate = Self.rate(parameters.parm.capture.timeperframe) { return rate }
        } catch {}
        return frameRate()
    }

    /// `VIDIOC_G_PARM`: the frame rate in effect, `nil` when unknown.
    func frameRate() -> Double? {
        var parameters = v4l2_streamparm()
        parameters.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        do {
            try perform(.getParameters, &parameters)
        } catch {
            return nil
        }
        return Self.rate(parameters.parm.capture.timeperframe)
    }

    private static func rate(_ interval: v4l2_fract) -> Double? {
        guard interval.numerator > 0, interval.denominator > 0 else { return nil }
        return Double(interval.denominator) / Double(interval.numerator)
    }

    /// The control `id` (`VIDIOC_QUERY_EXT_CTRL`, falling back to `VIDIOC_QUERYCTRL` on `ENOTTY`);
    /// `nil` when the device lacks it (`EINVAL`) or it is disabled.
    public func control(_ id: UInt32) throws(V4L2Error) -> ControlInfo? {
        var extended = v4l2_query_ext_ctrl()
        extended.id = id
        do {
            try perform(.queryExtendedControl, &extended)
            guard extended.flags & lensd_ctrl_flag_disabled == 0 else { return nil }
            return ControlInfo(id: id, name: DeviceCapability.string(extended.name), minimum: extended.minimum,
                               maximum: extended.maximum, step: Int64(clamping: extended.step),
                               defaultValue: extended.default_value)
        } catch where error.errno == EINVAL {
            return nil
        } catch where error.errno == ENOTTY {
            var basic = v4l2_queryctrl()
            basic.id = id
            guard try performEnumeration(.queryControl, &basic),
                  basic.flags & lensd_ctrl_flag_disabled == 0 else { return nil }
            return ControlInfo(id: id, name: DeviceCapability.string(basic.name), minimum: Int64(basic.minimum),
                               maximum: Int64(basic.maximum), step: Int64(basic.step),
                               defaultValue: Int64(basic.default_value))
        }
    }

    /// `VIDIOC_G_CTRL`.
    func controlValue(_ id: UInt32) throws(V4L2Error) -> Int64 {
        var control = v4l2_control(id: id, value: 0)
        try perform(.getControl, &control)
        return Int64(control.value)
    }

    /// `VIDIOC_S_CTRL`.
    func setControl(_ id: UInt32, to value: Int64) throws(V4L2Error) {
        var control = v4l2_control(id: id, value: Int32(clamping: value))
        try perform(.setControl, &control)
    }

    /// What `poll(2)` saw.
    enum Readiness: Equatable {
        /// A buffer can be dequeued.
        case readable
        /// `POLLERR`, `POLLHUP` or `POLLNVAL`: the device failed or went away.
        case failed
        /// Nothing within the timeout.
        case timedOut
    }

    /// Waits up to `timeoutMilliseconds` for a filled buffer with `poll(2)`, retrying `EINTR`.
    func waitReadable(timeoutMilliseconds: Int32) throws(V4L2Error) -> Readiness {
        var returned: Int16 = 0
        let ready: Int32
        do {
            ready = try SystemCall.retryingInterrupts {
                system.poll(descriptor, returnedEvents: &returned, timeoutMilliseconds: timeoutMilliseconds)
            }
        } catch {
            throw .systemCall("poll", path: path, errno: error.rawValue)
        }
        if ready == 0 { return .timedOut }
        if returned & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .failed }
        return returned & Int16(POLLIN) != 0 ? .readable : .timedOut
    }
}
