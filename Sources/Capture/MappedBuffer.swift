#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Owns one driver buffer mapped with `v4l2_mmap` and unmaps it with `v4l2_munmap` when released.
final class MappedBuffer {
    let address: UnsafeMutableRawPointer
    let length: Int
    private let system: any V4L2Interface

    /// Maps `length` bytes at `offset` (from `VIDIOC_QUERYBUF`) of `device`.
    init(device: VideoDevice, length: Int, offset: Int64) throws(V4L2Error) {
        guard let address = device.system.mmap(length: length, descriptor: device.descriptor, offset: offset) else {
            throw .systemCall("mmap", path: device.path, errno: errno)
        }
        self.address = address
        self.length = length
        self.system = device.system
    }

    deinit {
        _ = system.munmap(address, length: length)
    }

    /// The first `count` bytes (at most ``length``).
    func bytes(count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: address, count: min(max(count, 0), length))
    }
}
