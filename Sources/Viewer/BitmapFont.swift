import CLeptonica
import Synchronization

/// Leptonica's built-in bitmap font (`bmfCreate(NULL, size)`: glyphs compiled into liblept, no
/// font files), one per size, shared by every ``AnnotatedImage``.
///
/// Owns each `L_BMF` for the life of the process; rendering only reads it, and a lock keeps
/// creation and rendering apart.
final class BitmapFont: @unchecked Sendable {
    /// The sizes Leptonica draws, in points.
    static let sizes: [Int32] = [4, 6, 8, 10, 12, 14, 16, 18, 20]

    /// Each size's `L_BMF`, by address.
    private let fonts = Mutex<[Int32: UInt]>([:])

    static let shared = BitmapFont()

    /// Runs `body` with the font of the size nearest to `size` (nil when Leptonica cannot build it).
    func with<Result>(size: Int32, _ body: (UnsafeMutablePointer<L_BMF>?) -> Result) -> Result {
        let size = Self.sizes.min { abs($0 - size) < abs($1 - size) } ?? 10
        return fonts.withLock { fonts in
            if let address = fonts[size] {
                return body(UnsafeMutablePointer<L_BMF>(bitPattern: address))
            }
            guard let created = bmfCreate(nil, size) else { return body(nil) }
            fonts[size] = UInt(bitPattern: created)
            return body(created)
        }
    }
}
