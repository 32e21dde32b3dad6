/// A one-dimensional constant-velocity Kalman filter (state: position and velocity).
///
/// Process noise is the continuous white-noise-acceleration model, so the filter follows
/// steady motion without lag and only smooths what looks like measurement jitter.
struct ConstantVelocityKalman: Sendable, Hashable {
    private(set) var position: Double
    private(set) var velocity: Double
    private var p00: Double
    private var p01: Double
    private var p11: Double

    init(position: Double, positionVariance: Double, velocityVariance: Double) {
        self.position = position
        self.velocity = 0
        self.p00 = positionVariance
        self.p01 = 0
        self.p11 = velocityVariance
    }

    /// Variance of the position estimate.
    var positionVariance: Double { p00 }

    /// Moves the state `dt` seconds forward; `spectralDensity` is the acceleration noise (units²/s³).
    mutating func predict(dt: Double, spectralDensity q: Double) {
        guard dt > 0, dt.isFinite else { return }
        position += velocity * dt
        let dt2 = dt * dt
        let n00 = p00 + 2 * dt * p01 + dt2 * p11 + q * dt2 * dt / 3
        let n01 = p01 + dt * p11 + q * dt2 / 2
        let n11 = p11 + q * dt
        p00 = n00
        p01 = n01
        p11 = n11
    }

    /// Moves the position by a known amount (a control input, such as the camera's motion).
    mutating func shift(by offset: Double) {
        guard offset.isFinite else { return }
        position += offset
    }

    /// Folds in one measurement of the position with the given variance.
    /// Scales the estimate by `factor` (a size under a zoom): position, velocity and their uncertainty.
    mutating func scale(by factor: Double) {
        position *= factor
        velocity *= factor
        p00 *= factor * factor
        p01 *= factor * factor
        p11 *= factor * factor
    }

    mutating func correct(measurement z: Double, variance r: Double) {
        guard z.isFinite, r > 0 else { return }
        let s = p00 + r
        let k0 = p00 / s
        let k1 = p01 / s
        let innovation = z - position
        position += k0 * innovation
        velocity += k1 * innovation
        let n00 = (1 - k0) * p00
        let n01 = (1 - k0) * p01
        let n11 = p11 - k1 * p01
        p00 = n00
        p01 = n01
        p11 = n11
    }

    /// Forgets the velocity (for a track that should stay where it is).
    mutating func stop() {
        velocity = 0
        p01 = 0
    }
}
