/// When the reads planned on a frame of a `--fast` replay are applied: the frame they land on,
/// which waits for them if need be, so that output is the same on every run (``ScheduledReading``).
///
/// A scan, its line reads and a verification land ``frames`` frames after the frame they were
/// planned on: about what a live run sees at 30 fps (`--read-lag`, default 2). A whole-frame pass
/// lands ``passFrames`` frames after it (`--pass-lag`, default 30), never sooner than the other
/// reads: about as long as a pass takes at a `--fast` replay's own pace on these cores (0.2–0.4 s
/// at 80–120 frames/s at 640x480, 0.5–0.9 s at 45–60 frames/s at 1280x720). Landing it as late
/// as it takes live at 30 fps (6 frames at 640x480, 18 at 1280x720) made the frame it landed on
/// wait for it while the other worker ran out of work (busy cores on handheld-640 1.68–1.72
/// against 1.81–1.88 with 30 frames). With a lag of 0 every frame waits for all its reads, the
/// pass included.
struct ReadLag: Sendable, Equatable {
    /// Frames between planning and applying a scan's or a line's read.
    var frames: UInt64
    /// Frames between planning and applying a whole-frame pass, when more than ``frames``.
    var passFrames: UInt64 = Self.defaultPassFrames

    /// The default of ``passFrames`` (`--pass-lag`).
    static let defaultPassFrames: UInt64 = 30

    /// The frame a job of `kind` planned on frame `sequence` lands on.
    func landing(of kind: OCRJob.Kind, plannedOn sequence: UInt64) -> UInt64 {
        guard case .wholeFrame = kind, frames > 0 else { return sequence + frames }
        return sequence + max(frames, passFrames)
    }

    /// The frame `job` lands on.
    func landing(of job: OCRJob) -> UInt64 {
        landing(of: job.kind, plannedOn: job.frame.sequence)
    }

    /// The frame the job behind `result` lands on.
    func landing(of result: OCRJobResult) -> UInt64 {
        landing(of: result.kind, plannedOn: result.frameSequence)
    }
}
