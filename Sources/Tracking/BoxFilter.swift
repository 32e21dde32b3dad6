import SceneAnalysis

/// Smooths a track's box with four constant-velocity Kalman filters: centre x, centre y, width and height.
///
/// Noise is expressed relative to the box height, so the same settings work for near and far
/// labels: `measurementNoise` is the standard deviation of a read's box (in box heights),
/// `sizeNoise` how quickly the size may change, and the `motionNoise` given to each prediction
/// how quickly the centre may change velocity (both in box heights per second squared).
struct BoxFilter: Sendable, Hashable {
    private var centreX: ConstantVelocityKalman
    private var centreY: ConstantVelocityKalman
    private var width: ConstantVelocityKalman
    private var height: ConstantVelocityKalman
    private let measurementNoise: Double
    private let sizeNoise: Double

    /// Smallest standard deviation of a measurement, in pixels.
    private static let minimumNoise = 0.5
    /// Smallest size a smoothed box may have, in pixels.
    private static let minimumSize = 1.0

    init(box: PixelRect, measurementNoise: Double, sizeNoise: Double) {
        self.measurementNoise = measurementNoise
        self.sizeNoise = sizeNoise
        let scale = max(box.height, Self.minimumSize)
        let r = Self.variance(measurementNoise * scale)
        let speed = scale * 4
        self.centreX = ConstantVelocityKalman(position: box.midX, positionVariance: r, velocityVariance: speed * speed)
        self.centreY = ConstantVelocityKalman(position: box.midY, positionVariance: r, velocityVariance: speed * speed)
        self.width = ConstantVelocityKalman(position: box.width, positionVariance: r, velocityVariance: scale * scale)
        self.height = ConstantVelocityKalman(position: box.height, positionVariance: r, velocityVariance: scale * scale)
    }

    /// The smoothed box.
    var box: PixelRect {
        let w = max(width.position, Self.minimumSize)
        let h = max(height.position, Self.minimumSize)
        return PixelRect(x: centreX.position - w / 2, y: centreY.position - h / 2, width: w, height: h)
    }

    mutating func predict(dt: Double, motionNoise: Double) {
        let scale = max(height.position, Self.minimumSize)
        let q = (motionNoise * scale) * (motionNoise * scale)
        let qs = (sizeNoise * scale) * (sizeNoise * scale)
        centreX.predict(dt: dt, spectralDensity: q)
        centreY.predict(dt: dt, spectralDensity: q)
        width.predict(dt: dt, spectralDensity: qs)
        height.predict(dt: dt, spectralDensity: qs)
    }

    /// Moves the box with the image: its centre by the motion there, its size by the motion's zoom.
    mutating func move(by motion: ImageMotion) {
        let displacement = motion.displacement(atX: centreX.position, y: centreY.position)
        centreX.shift(by: displacement.dx)
        centreY.shift(by: displacement.dy)
        let scale = motion.scale
        if scale != 1, scale.isFinite, scale > 0 {
            width.scale(by: scale)
            height.scale(by: scale)
        }
    }

    mutating func correct(with measured: PixelRect) {
        let scale = max((height.position + measured.height) / 2, Self.minimumSize)
        let r = Self.variance(measurementNoise * scale)
        centreX.correct(measurement: measured.midX, variance: r)
        centreY.correct(measurement: measured.midY, variance: r)
        width.correct(measurement: measured.width, variance: r)
        height.correct(measurement: measured.height, variance: r)
    }

    /// Forgets the centre's velocity, so the box only moves with the image from now on.
    mutating func stop() {
        centreX.stop()
        centreY.stop()
        width.stop()
        height.stop()
    }

    private static func variance(_ deviation: Double) -> Double {
        let d = max(deviation, minimumNoise)
        return d * d
    }
}
