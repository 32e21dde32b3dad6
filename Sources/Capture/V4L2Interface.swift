/// The system calls a V4L2 client makes, as a protocol so tests can stand in a fake device.
///
/// Implementations behave like the C calls they stand for: a negative result (or `nil` from
/// ``mmap(length:descriptor:offset:)``) means failure with the reason in `errno`. ``LibV4L2`` is
/// the real one, calling libv4l2 (`v4l2_open`, `v4l2_ioctl`, `v4l2_mmap`, …) and `poll(2)`.
public protocol V4L2Interface: Sendable {
    /// `v4l2_open(path, flags)`: the descriptor, or -1.
    func open(_ path: String, flags: Int32) -> Int32
    /// `v4l2_close(descriptor)`.
    func close(_ descriptor: Int32) -> Int32
    /// `v4l2_ioctl(descriptor, request, argument)`; `argument` points at the struct named by `request`.
    func ioctl(_ descriptor: Int32, _ request: V4L2Request, _ argument: UnsafeMutableRawPointer) -> Int32
    /// `v4l2_mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, offset)`; `nil` on failure.
    func mmap(length: Int, descriptor: Int32, offset: Int64) -> UnsafeMutableRawPointer?
    /// `v4l2_munmap(address, length)`.
    func munmap(_ address: UnsafeMutableRawPointer, length: Int) -> Int32
    /// `poll(2)` on one descriptor for `POLLIN`: the number of ready descriptors (0 on timeout),
    /// or -1; the returned events go to `returnedEvents`.
    func poll(_ descriptor: Int32, returnedEvents: inout Int16, timeoutMilliseconds: Int32) -> Int32
}
