import CV4L2
import Foundation
import Synchronization
@testable import Capture

/// A table-driven stand-in for libv4l2 and the kernel: a camera described by tables of formats,
/// sizes, rates and controls, plus scripted failures (`errno` values returned by the next calls of
/// a request, in order). Records every call so tests can check what lensd asked and in what order.
final class FakeV4L2: V4L2Interface {
    struct Format {
        var pixelFormat: PixelFormat
        var emulated = false
        /// (width, height, frame rates).
        var sizes: [(Int, Int, [Int])] = [(640, 480, [30])]
        var sizeRange: DeviceFormat.SizeRange?
    }

    struct Control {
        var minimum: Int64
        var maximum: Int64
        var step: Int64 = 1
        var value: Int64
    }

    struct Table {
        var capabilities = lensd_cap_video_capture | lensd_cap_streaming
        var formats: [Format] = [Format(pixelFormat: .yuyv)]
        var controls: [UInt32: Control] = [:]
        var extendedControls = true
        /// Extra bytes at the end of each row (`bytesperline - width * bytesPerPixel`).
        var rowPadding = 0
        var bufferCount = 4
        /// Frame numbers delivered with `V4L2_BUF_FLAG_ERROR`.
        var corruptFrames: Set<UInt32> = []
    }

    private struct State {
        var table: Table
        var failures: [String: [Int32]] = [:]
        var calls: [String] = []
        var nextDescriptor: Int32 = 100
        var open: Set<Int32> = []
        var unplugged = false
        var format: (pixelFormat: PixelFormat, width: Int, height: Int, bytesPerLine: Int, imageSize: Int)?
        var framesPerSecond = 30
        var buffers: [Int: Int] = [:]
        var mappings: [Int64: Int] = [:]
        var queued: [UInt32] = []
        var streaming = false
        var frame: UInt32 = 0
    }

    private let state: Mutex<State>

    init(_ table: Table = Table()) {
        state = Mutex(State(table: table))
    }

    /// The next calls of `call` (`"open"`, `"poll"`, `"mmap"` or a `VIDIOC_*` name) fail with these
    /// `errno` values, one per call, in order (0: that call succeeds).
    func fail(_ call: String, with codes: Int32...) {
        state.withLock { $0.failures[call, default: []] += codes }
    }

    func fail(_ request: V4L2Request, with codes: Int32...) {
        state.withLock { $0.failures[request.rawValue, default: []] += codes }
    }

    /// Simulates pulling the USB cable: `poll` reports `POLLERR | POLLHUP`, ioctls fail with `ENODEV`,
    /// `open` with `ENOENT`, until ``replug()``.
    func unplug() { state.withLock { $0.unplugged = true } }
    func replug() { state.withLock { $0.unplugged = false } }

    /// Every call so far, e.g. `"open /dev/video0"`, `"VIDIOC_S_FMT YUYV 640x480"`, `"munmap"`.
    var calls: [String] { state.withLock { $0.calls } }
    /// Descriptors opened and not closed.
    var openDescriptors: Int { state.withLock { $0.open.count } }
    /// Buffers mapped and not unmapped.
    var liveMappings: Int { state.withLock { $0.mappings.count } }
    /// Current value of a control.
    func controlValue(_ id: UInt32) -> Int64? { state.withLock { $0.table.controls[id]?.value } }

    private static func scripted(_ call: String, in state: inout State) -> Int32? {
        guard var codes = state.failures[call], !codes.isEmpty else { return nil }
        let code = codes.removeFirst()
        state.failures[call] = codes
        return code == 0 ? nil : code
    }

    func open(_ path: String, flags: Int32) -> Int32 {
        state.withLock { state in
            state.calls.append("open \(path)")
            if let code = Self.scripted("open", in: &state) { errno = code; return -1 }
            if state.unplugged { errno = ENOENT; return -1 }
            state.nextDescriptor += 1
            state.open.insert(state.nextDescriptor)
            return state.nextDescriptor
        }
    }

    func close(_ descriptor: Int32) -> Int32 {
        state.withLock { state in
            state.calls.append("close")
            state.open.remove(descriptor)
            state.streaming = false
            state.queued = []
            return 0
        }
    }

    func mmap(length: Int, descriptor: Int32, offset: Int64) -> UnsafeMutableRawPointer? {
        state.withLock { state -> UnsafeMutableRawPointer? in
            state.calls.append("mmap")
            if let code = Self.scripted("mmap", in: &state) { errno = code; return nil }
            let memory = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 64)
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: length)
            state.mappings[offset] = Int(bitPattern: memory)
            return memory
        }
    }

    func munmap(_ address: UnsafeMutableRawPointer, length: Int) -> Int32 {
        state.withLock { state in
            state.calls.append("munmap")
            if let key = state.mappings.first(where: { $0.value == Int(bitPattern: address) })?.key {
                state.mappings[key] = nil
            }
            address.deallocate()
            return 0
        }
    }

    func poll(_ descriptor: Int32, returnedEvents: inout Int16, timeoutMilliseconds: Int32) -> Int32 {
        let outcome: (Int32, Int16, Int32?) = state.withLock { state in
            state.calls.append("poll")
            if let code = Self.scripted("poll", in: &state) { return (-1, 0, code) }
            if state.unplugged { return (1, Int16(POLLERR | POLLHUP), nil) }
            return state.streaming && !state.queued.isEmpty ? (1, Int16(POLLIN), nil) : (0, 0, nil)
        }
        returnedEvents = outcome.1
        if let code = outcome.2 { errno = code }
        return outcome.0
    }

    func ioctl(_ descriptor: Int32, _ request: V4L2Request, _ argument: UnsafeMutableRawPointer) -> Int32 {
        state.withLock { state in
            if let code = Self.scripted(request.rawValue, in: &state) {
                state.calls.append(request.rawValue)
                errno = code
                return -1
            }
            if state.unplugged {
                state.calls.append(request.rawValue)
                errno = ENODEV
                return -1
            }
            let code = Self.handle(request, argument, &state)
            if code != 0 { errno = code }
            return code == 0 ? 0 : -1
        }
    }

    private static func handle(_ request: V4L2Request, _ argument: UnsafeMutableRawPointer, _ state: inout State) -> Int32 {
        var call = request.rawValue
        defer { state.calls.append(call) }
        switch request {
        case .queryCapability:
            let capability = argument.assumingMemoryBound(to: v4l2_capability.self)
            capability.pointee = v4l2_capability()
            write("fake", to: &capability.pointee.driver)
            write("Fake Camera", to: &capability.pointee.card)
            write("usb-0000:00:14.0-1", to: &capability.pointee.bus_info)
            capability.pointee.capabilities = state.table.capabilities | lensd_cap_device_caps
            capability.pointee.device_caps = state.table.capabilities
        case .enumerateFormat:
            let description = argument.assumingMemoryBound(to: v4l2_fmtdesc.self)
            let index = Int(description.pointee.index)
            guard index < state.table.formats.count else { return EINVAL }
            let format = state.table.formats[index]
            description.pointee.pixelformat = format.pixelFormat.rawValue
            description.pointee.flags = format.emulated ? lensd_fmt_flag_emulated : 0
            write("\(format.pixelFormat)", to: &description.pointee.description)
        case .enumerateFrameSizes:
            let size = argument.assumingMemoryBound(to: v4l2_frmsizeenum.self)
            guard let format = state.table.formats.first(where: { $0.pixelFormat.rawValue == size.pointee.pixel_format }) else { return EINVAL }
            let index = Int(size.pointee.index)
            if let range = format.sizeRange {
                guard index == 0 else { return EINVAL }
                size.pointee.type = V4L2_FRMSIZE_TYPE_STEPWISE.rawValue
                size.pointee.stepwise = v4l2_frmsize_stepwise(
                    min_width: UInt32(range.minWidth), max_width: UInt32(range.maxWidth), step_width: UInt32(range.stepWidth),
                    min_height: UInt32(range.minHeight), max_height: UInt32(range.maxHeight), step_height: UInt32(range.stepHeight))
            } else {
                guard index < format.sizes.count else { return EINVAL }
                size.pointee.type = V4L2_FRMSIZE_TYPE_DISCRETE.rawValue
                size.pointee.discrete = v4l2_frmsize_discrete(width: UInt32(format.sizes[index].0), height: UInt32(format.sizes[index].1))
            }
        case .enumerateFrameIntervals:
            let interval = argument.assumingMemoryBound(to: v4l2_frmivalenum.self)
            guard let format = state.table.formats.first(where: { $0.pixelFormat.rawValue == interval.pointee.pixel_format }),
                  let size = format.sizes.first(where: { $0.0 == Int(interval.pointee.width) && $0.1 == Int(interval.pointee.height) }),
                  Int(interval.pointee.index) < size.2 .count else { return EINVAL }
            interval.pointee.type = V4L2_FRMIVAL_TYPE_DISCRETE.rawValue
            interval.pointee.discrete = v4l2_fract(numerator: 1, denominator: UInt32(size.2[Int(interval.pointee.index)]))
        case .setFormat, .getFormat:
            let format = argument.assumingMemoryBound(to: v4l2_format.self)
            if request == .setFormat {
                let wanted = PixelFormat(rawValue: format.pointee.fmt.pix.pixelformat)
                let offered = state.table.formats.first { $0.pixelFormat == wanted } ?? state.table.formats[0]
                var width = Int(format.pointee.fmt.pix.width), height = Int(format.pointee.fmt.pix.height)
                if offered.sizeRange == nil, !offered.sizes.contains(where: { $0.0 == width && $0.1 == height }) {
                    (width, height) = (offered.sizes[0].0, offered.sizes[0].1)
                }
                let layout = offered.pixelFormat.lumaLayout ?? .packed(offset: 0)
                let bytesPerLine = width * layout.bytesPerPixel + state.table.rowPadding
                let imageSize = offered.pixelFormat == .yuv420 ? bytesPerLine * height * 3 / 2 : bytesPerLine * height
                state.format = (offered.pixelFormat, width, height, bytesPerLine, imageSize)
                call += " \(offered.pixelFormat) \(width)x\(height)"
            }
            guard let current = state.format else { return EINVAL }
            format.pointee.fmt.pix.pixelformat = current.pixelFormat.rawValue
            format.pointee.fmt.pix.width = UInt32(current.width)
            format.pointee.fmt.pix.height = UInt32(current.height)
            format.pointee.fmt.pix.bytesperline = UInt32(current.bytesPerLine)
            format.pointee.fmt.pix.sizeimage = UInt32(current.imageSize)
        case .setParameters, .getParameters:
            let parameters = argument.assumingMemoryBound(to: v4l2_streamparm.self)
            if request == .setParameters {
                let wanted = parameters.pointee.parm.capture.timeperframe
                if wanted.numerator > 0 { state.framesPerSecond = Int((Double(wanted.denominator) / Double(wanted.numerator)).rounded()) }
                call += " \(state.framesPerSecond)"
            }
            parameters.pointee.parm.capture.timeperframe = v4l2_fract(numerator: 1, denominator: UInt32(state.framesPerSecond))
        case .requestBuffers:
            let request = argument.assumingMemoryBound(to: v4l2_requestbuffers.self)
            request.pointee.count = min(request.pointee.count, UInt32(state.table.bufferCount))
            call += " \(request.pointee.count)"
        case .queryBuffer:
            let buffer = argument.assumingMemoryBound(to: v4l2_buffer.self)
            buffer.pointee.length = UInt32(state.format?.imageSize ?? 0)
            buffer.pointee.m.offset = buffer.pointee.index * 0x10_0000
        case .queueBuffer:
            state.queued.append(argument.assumingMemoryBound(to: v4l2_buffer.self).pointee.index)
        case .dequeueBuffer:
            guard state.streaming, !state.queued.isEmpty, let format = state.format else { return EAGAIN }
            let buffer = argument.assumingMemoryBound(to: v4l2_buffer.self)
            let index = state.queued.removeFirst()
            buffer.pointee.index = index
            buffer.pointee.bytesused = UInt32(format.imageSize)
            buffer.pointee.sequence = state.frame
            buffer.pointee.flags = lensd_buf_flag_timestamp_monotonic
                | (state.table.corruptFrames.contains(state.frame) ? lensd_buf_flag_error : 0)
            buffer.pointee.timestamp = timeval(tv_sec: 1000 + Int(state.frame), tv_usec: 250_000)
            if let address = state.mappings[Int64(index) * 0x10_0000], let memory = UnsafeMutableRawPointer(bitPattern: address) {
                paint(memory, format: format, frame: Int(state.frame))
            }
            state.frame += 1
        case .streamOn:
            state.streaming = true
        case .streamOff:
            state.streaming = false
            state.queued = []
        case .queryExtendedControl:
            guard state.table.extendedControls else { return ENOTTY }
            let query = argument.assumingMemoryBound(to: v4l2_query_ext_ctrl.self)
            guard let control = state.table.controls[query.pointee.id] else { return EINVAL }
            query.pointee.minimum = control.minimum
            query.pointee.maximum = control.maximum
            query.pointee.step = UInt64(control.step)
            query.pointee.default_value = control.value
            call += " \(query.pointee.id)"
        case .queryControl:
            let query = argument.assumingMemoryBound(to: v4l2_queryctrl.self)
            guard let control = state.table.controls[query.pointee.id] else { return EINVAL }
            query.pointee.minimum = Int32(control.minimum)
            query.pointee.maximum = Int32(control.maximum)
            query.pointee.step = Int32(control.step)
            query.pointee.default_value = Int32(control.value)
            call += " \(query.pointee.id)"
        case .getControl:
            let control = argument.assumingMemoryBound(to: v4l2_control.self)
            guard let value = state.table.controls[control.pointee.id]?.value else { return EINVAL }
            control.pointee.value = Int32(value)
        case .setControl:
            let control = argument.assumingMemoryBound(to: v4l2_control.self)
            guard state.table.controls[control.pointee.id] != nil else { return EINVAL }
            state.table.controls[control.pointee.id]?.value = Int64(control.pointee.value)
            call += " \(control.pointee.id)=\(control.pointee.value)"
        }
        return 0
    }

    /// Luma of pixel (x, y) in frame `frame`: what tests expect to read back.
    static func luma(x: Int, y: Int, frame: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: x &* 3 &+ y &* 5 &+ frame &* 7)
    }

    private static func paint(_ memory: UnsafeMutableRawPointer,
                              format: (pixelFormat: PixelFormat, width: Int, height: Int, bytesPerLine: Int, imageSize: Int),
                              frame: Int) {
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        bytes.update(repeating: 0x80, count: format.imageSize)
        let layout = format.pixelFormat.lumaLayout ?? .plane
        for y in 0..<format.height {
            for x in 0..<format.width {
                switch layout {
                case .plane:
                    bytes[y * format.bytesPerLine + x] = luma(x: x, y: y, frame: frame)
                case .packed(let offset):
                    bytes[y * format.bytesPerLine + 2 * x + offset] = luma(x: x, y: y, frame: frame)
                }
            }
        }
    }

    private static func write<Tuple>(_ text: String, to tuple: inout Tuple) {
        withUnsafeMutableBytes(of: &tuple) { raw in
            let bytes = Array(text.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes + [0])
        }
    }
}
