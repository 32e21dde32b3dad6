#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CV4L2

/// One streaming session on an open device: the negotiated format and a small ring of
/// memory-mapped buffers (`VIDIOC_REQBUFS`, `VIDIOC_QUERYBUF`, `v4l2_mmap`, `VIDIOC_QBUF`,
/// `VIDIOC_STREAMON`).
///
/// Released in order: `VIDIOC_STREAMOFF`, then every buffer unmapped, then (when the last
/// reference to the ``VideoDevice`` goes) the descriptor closed.
final class CaptureSession {
    /// What one wait for a buffer gave.
    enum Outcome {
        case frame(Frame)
        /// No buffer within the timeout, or `EAGAIN`: try again.
        case noFrame
        /// The buffer was unusable (flagged corrupt or short); the stream goes on.
        case skipped(V4L2Error)
    }

    let device: VideoDevice
    let format: NegotiatedFormat
    private let layout: PixelFormat.LumaLayout
    private var buffers: [MappedBuffer] = []
    private var streaming = false

    /// Checks the device, negotiates the mode closest to `request`, maps `bufferCount` buffers and
    /// starts streaming.
    init(device: VideoDevice, request: CaptureRequest, bufferCount: Int) throws(V4L2Error) {
        self.device = device
        let capability = try device.capability()
        guard capability.canCapture else { throw .notACaptureDevice(path: device.path) }
        guard capability.canStream else { throw .noStreaming(path: device.path) }

        let formats = try device.captureFormats()
        guard let choice = FormatNegotiator.choose(from: formats, for: request) else {
            throw .noUsableFormat(path: device.path, offered: formats.map(\.pixelFormat.description))
        }
        let pix = try device.setFormat(choice.pixelFormat, width: choice.width, height: choice.height)
        let granted = PixelFormat(rawValue: pix.pixelformat)
        guard let layout = granted.lumaLayout, pix.width > 0, pix.height > 0 else {
            throw .noUsableFormat(path: device.path, offered: [granted.description])
        }
        let framesPerSecond = device.setFrameRate(choice.framesPerSecond ?? request.framesPerSecond)
        self.layout = layout
        self.format = NegotiatedFormat(
            pixelFormat: granted, width: Int(pix.width), height: Int(pix.height),
            bytesPerLine: max(Int(pix.bytesperline), Int(pix.width) * layout.bytesPerPixel),
            imageSize: Int(pix.sizeimage), framesPerSecond: framesPerSecond,
            isEmulated: formats.first { $0.pixelFormat == granted }?.isEmulated ?? false)
        try startStreaming(bufferCount: bufferCount)
    }

    private func startStreaming(bufferCount: Int) throws(V4L2Error) {
        var request = v4l2_requestbuffers()
        request.count = UInt32(clamping: bufferCount)
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.memory = V4L2_MEMORY_MMAP.rawValue
        try device.perform(.requestBuffers, &request)
        guard request.count > 0 else {
            throw .systemCall(V4L2Request.requestBuffers.rawValue, path: device.path, errno: ENOMEM)
        }
        for index in 0..<request.count {
            var buffer = Self.emptyBuffer(index: index)
            try device.perform(.queryBuffer, &buffer)
            buffers.append(try MappedBuffer(device: device, length: Int(buffer.length), offset: Int64(buffer.m.offset)))
        }
        for index in 0..<request.count {
            var buffer = Self.emptyBuffer(index: index)
            try device.perform(.queueBuffer, &buffer)
        }
        var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        try device.perform(.streamOn, &type)
        streaming = true
    }

    deinit {
        if streaming {
            var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
            try? device.perform(.streamOff, &type)
        }
        buffers.removeAll()
    }

    /// Waits up to `timeoutMilliseconds` with `poll`, dequeues a buffer, copies the luma of the
    /// centre crop for `zoomLevel` and queues the buffer again.
    func nextFrame(timeoutMilliseconds: Int32, zoomLevel: Double) throws(V4L2Error) -> Outcome {
        let readiness = try device.waitReadable(timeoutMilliseconds: timeoutMilliseconds)
        if readiness == .timedOut { return .noFrame }
        var buffer = Self.emptyBuffer(index: 0)
        do {
            try device.perform(.dequeueBuffer, &buffer)
        } catch where error.errno == EAGAIN {
            if readiness == .failed { throw .streamStalled(path: device.path) }
            return .noFrame
        }
        let index = Int(buffer.index)
        guard buffers.indices.contains(index) else { throw .unknownBuffer(path: device.path, index: index) }
        let outcome = frame(from: buffer, mapped: buffers[index], zoomLevel: zoomLevel)
        try device.perform(.queueBuffer, &buffer)
        return outcome
    }

    private func frame(from buffer: v4l2_buffer, mapped: MappedBuffer, zoomLevel: Double) -> Outcome {
        if buffer.flags & lensd_buf_flag_error != 0 {
            return .skipped(.corruptBuffer(path: device.path, index: Int(buffer.index)))
        }
        let rect = CropRect.centred(width: format.width, height: format.height, level: zoomLevel)
        let used = buffer.bytesused > 0 ? Int(buffer.bytesused) : mapped.length
        guard let luma = LumaExtractor.extract(from: mapped.bytes(count: used), layout: layout,
                                               bytesPerLine: format.bytesPerLine, rect: rect),
              let frame = try? Frame(luma: luma, width: rect.width, height: rect.height, stride: rect.width,
                                     sequence: UInt64(buffer.sequence), timestamp: Self.timestamp(of: buffer)) else {
            let needed = LumaExtractor.requiredBytes(layout: layout, bytesPerLine: format.bytesPerLine, rect: rect)
            return .skipped(.shortBuffer(path: device.path, bytes: used, needed: needed))
        }
        return .frame(frame)
    }

    /// The buffer's `CLOCK_MONOTONIC` timestamp, or now when the driver stamps with another clock.
    private static func timestamp(of buffer: v4l2_buffer) -> MonotonicInstant {
        guard buffer.flags & lensd_buf_flag_timestamp_mask == lensd_buf_flag_timestamp_monotonic,
              buffer.timestamp.tv_sec > 0 || buffer.timestamp.tv_usec > 0 else { return .now() }
        return MonotonicInstant(nanoseconds: UInt64(max(0, buffer.timestamp.tv_sec)) * 1_000_000_000
                                + UInt64(max(0, buffer.timestamp.tv_usec)) * 1000)
    }

    private static func emptyBuffer(index: UInt32) -> v4l2_buffer {
        var buffer = v4l2_buffer()
        buffer.index = index
        buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        buffer.memory = V4L2_MEMORY_MMAP.rawValue
        return buffer
    }
}
