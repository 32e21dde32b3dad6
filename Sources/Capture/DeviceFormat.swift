/// One capture format a device offers (`VIDIOC_ENUM_FMT`) with its frame sizes
/// (`VIDIOC_ENUM_FRAMESIZES`) and their frame rates (`VIDIOC_ENUM_FRAMEINTERVALS`).
public struct DeviceFormat: Sendable, Equatable {
    /// A discrete frame size and the frame rates offered at it (empty when the driver lists none).
    public struct Size: Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var framesPerSecond: [Double]

        public init(width: Int, height: Int, framesPerSecond: [Double]) {
            self.width = width
            self.height = height
            self.framesPerSecond = framesPerSecond
        }
    }

    /// A continuous or stepwise range of sizes (`V4L2_FRMSIZE_TYPE_STEPWISE`/`CONTINUOUS`).
    public struct SizeRange: Sendable, Equatable {
        public var minWidth: Int, maxWidth: Int, stepWidth: Int
        public var minHeight: Int, maxHeight: Int, stepHeight: Int

        public init(minWidth: Int, maxWidth: Int, stepWidth: Int, minHeight: Int, maxHeight: Int, stepHeight: Int) {
            self.minWidth = minWidth
            self.maxWidth = maxWidth
            self.stepWidth = stepWidth
            self.minHeight = minHeight
            self.maxHeight = maxHeight
            self.stepHeight = stepHeight
        }

        /// The size in the range nearest to `width`×`height`.
        func nearest(width: Int, height: Int) -> (width: Int, height: Int) {
            (Self.snap(width, minimum: minWidth, maximum: maxWidth, step: stepWidth),
             Self.snap(height, minimum: minHeight, maximum: maxHeight, step: stepHeight))
        }

        private static func snap(_ value: Int, minimum: Int, maximum: Int, step: Int) -> Int {
            let clamped = min(max(value, minimum), max(minimum, maximum))
            guard step > 1 else { return clamped }
            let steps = ((clamped - minimum) + step / 2) / step
            return min(minimum + steps * step, max(minimum, maximum))
        }
    }

    public var pixelFormat: PixelFormat
    /// The driver's (or libv4lconvert's) description, e.g. `YUYV 4:2:2`.
    public var description: String
    /// Produced by libv4lconvert from another format (`V4L2_FMT_FLAG_EMULATED`), costing CPU.
    public var isEmulated: Bool
    /// Discrete sizes; empty when the driver offers a range or does not enumerate sizes.
    public var sizes: [Size]
    /// The size range, when the driver offers one.
    public var sizeRange: SizeRange?

    public init(pixelFormat: PixelFormat, description: String, isEmulated: Bool, sizes: [Size], sizeRange: SizeRange? = nil) {
        self.pixelFormat = pixelFormat
        self.description = description
        self.isEmulated = isEmulated
        self.sizes = sizes
        self.sizeRange = sizeRange
    }
}
