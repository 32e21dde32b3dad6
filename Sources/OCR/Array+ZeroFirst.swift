extension Array where Element: FixedWidthInteger {
    /// Sets the first `count` elements to zero, growing the array with zeros when it is shorter.
    ///
    /// It never shrinks: a scratch buffer reused for images of several sizes (the levels of an
    /// image pyramid) keeps the largest size and is cleared with one `memset`, instead of being
    /// emptied and refilled element by element at every level of every frame. Callers index it
    /// by the image's own size, never by `count`.
    mutating func zeroFirst(_ count: Int) {
        if self.count < count { append(contentsOf: repeatElement(0, count: count - self.count)) }
        withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress?.update(repeating: 0, count: count)
        }
    }

    /// Grows the array with zeros to at least `count` elements, leaving the ones it has as they
    /// are: for a scratch plane whose every element the caller writes before reading it.
    mutating func growZeroed(to count: Int) {
        if self.count < count { append(contentsOf: repeatElement(0, count: count - self.count)) }
    }
}
