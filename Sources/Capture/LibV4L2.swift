#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CV4L2

/// The real ``V4L2Interface``: libv4l2's `v4l2_open`, `v4l2_ioctl`, `v4l2_mmap`, `v4l2_munmap`,
/// `v4l2_close` (through the non-variadic wrappers in `CV4L2/shim.h`) and `poll(2)`.
///
/// Going through libv4l2 lets libv4lconvert offer emulated formats (e.g. YUV420 decoded from a
/// MJPEG-only camera) alongside the device's own.
public struct LibV4L2: V4L2Interface {
    public init() {}

    public func open(_ path: String, flags: Int32) -> Int32 {
        lensd_v4l2_open(path, flags)
    }

    public func close(_ descriptor: Int32) -> Int32 {
        lensd_v4l2_close(descriptor)
    }

    public func ioctl(_ descriptor: Int32, _ request: V4L2Request, _ argument: UnsafeMutableRawPointer) -> Int32 {
        switch request {
        case .queryCapability:
            return lensd_querycap(descriptor, argument.assumingMemoryBound(to: v4l2_capability.self))
        case .enumerateFormat:
            return lensd_enum_fmt(descriptor, argument.assumingMemoryBound(to: v4l2_fmtdesc.self))
        case .getFormat:
            return lensd_g_fmt(descriptor, argument.assumingMemoryBound(to: v4l2_format.self))
        case .setFormat:
            return lensd_s_fmt(descriptor, argument.assumingMemoryBound(to: v4l2_format.self))
        case .enumerateFrameSizes:
            return lensd_enum_framesizes(descriptor, argument.assumingMemoryBound(to: v4l2_frmsizeenum.self))
        case .enumerateFrameIntervals:
            return lensd_enum_frameintervals(descriptor, argument.assumingMemoryBound(to: v4l2_frmivalenum.self))
        case .getParameters:
            return lensd_g_parm(descriptor, argument.assumingMemoryBound(to: v4l2_streamparm.self))
        case .setParameters:
            return lensd_s_parm(descriptor, argument.assumingMemoryBound(to: v4l2_streamparm.self))
        case .requestBuffers:
            return lensd_reqbufs(descriptor, argument.assumingMemoryBound(to: v4l2_requestbuffers.self))
        case .queryBuffer:
            return lensd_querybuf(descriptor, argument.assumingMemoryBound(to: v4l2_buffer.self))
        case .queueBuffer:
            return lensd_qbuf(descriptor, argument.assumingMemoryBound(to: v4l2_buffer.self))
        case .dequeueBuffer:
            return lensd_dqbuf(descriptor, argument.assumingMemoryBound(to: v4l2_buffer.self))
        case .streamOn:
            return lensd_streamon(descriptor, argument.load(as: Int32.self))
        case .streamOff:
            return lensd_streamoff(descriptor, argument.load(as: Int32.self))
        case .queryControl:
            return lensd_queryctrl(descriptor, argument.assumingMemoryBound(to: v4l2_queryctrl.self))
        case .queryExtendedControl:
            return lensd_query_ext_ctrl(descriptor, argument.assumingMemoryBound(to: v4l2_query_ext_ctrl.self))
        case .getControl:
            return lensd_g_ctrl(descriptor, argument.assumingMemoryBound(to: v4l2_control.self))
        case .setControl:
            return lensd_s_ctrl(descriptor, argument.assumingMemoryBound(to: v4l2_control.self))
        }
    }

    public func mmap(length: Int, descriptor: Int32, offset: Int64) -> UnsafeMutableRawPointer? {
        let address = lensd_v4l2_mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, offset)
        guard let address, address != MAP_FAILED else { return nil }
        return address
    }

    public func munmap(_ address: UnsafeMutableRawPointer, length: Int) -> Int32 {
        lensd_v4l2_munmap(address, length)
    }

    public func poll(_ descriptor: Int32, returnedEvents: inout Int16, timeoutMilliseconds: Int32) -> Int32 {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let result = Glibc.poll(&entry, 1, timeoutMilliseconds)
        returnedEvents = entry.revents
        return result
    }
}
