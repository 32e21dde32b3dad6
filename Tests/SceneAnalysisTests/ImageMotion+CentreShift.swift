import SceneAnalysis

extension ImageMotion {
    /// How far the content at the centre of a `width`×`height` frame moved: the shift a test of a
    /// panned scene expects.
    func centreShift(width: Int, height: Int) -> (dx: Double, dy: Double) {
        displacement(atX: Double(width) / 2, y: Double(height) / 2)
    }
}
