extension SIMD16 where Scalar == UInt8 {
    /// Sixteen bytes from `pointer`, whatever its alignment.
    @inline(__always)
    init(loadingFrom pointer: UnsafePointer<UInt8>) {
        self = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    /// Writes the sixteen bytes to `pointer`, whatever its alignment.
    @inline(__always)
    func store(to pointer: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: self, as: SIMD16<UInt8>.self)
    }
}
