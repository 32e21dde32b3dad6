/// Which frames and regions the OCR workers read (`--schedule`).
public enum ReadSchedule: String, CaseIterable, Sendable {
    /// Read what changed: new or changed regions first, then tentative tracks, then confirmed ones
    /// in turn, and a whole-frame pass when the workers are idle; every frame still gets its
    /// `OVERLAYS` line, moved by the measured camera motion (``ScheduledReading``).
    case changes
    /// Read every frame whole with the chosen front-end: the simple, slow way.
    case everyFrame = "every-frame"
}
