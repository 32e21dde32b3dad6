/// When the reads planned on a frame of a `--fast` replay are applied: the frame they land on,
/// which waits for them if need be, so that output is the same on every run (``ScheduledReading``).
///
/// A scan, its line reads and a verification land ``frames`` frames after the frame they were
/// planned on: about what a live run sees at 30 fps (`--read-lag`, default 2). A whole-frame pass
/// lands as many frames later as it takes live, one frame per ``pixelsPerWholeFrameFrame``
/// pixels (6 at 640x480, 18 at 1280x720; on these cores a pass took 0.14–0.33 s and 0.56–0.9 s,
/// 4–10 and 17–27 frames at 30 fps), and never sooner than the other reads. Landing it two
/// frames later made the frame thread wait for it while the other worker ran out of work: at
/// 1280x720 the replay stood still for about half a second at each pass. With a lag of 0 every
/// frame waits for all its reads, the pass included.
struct ReadLag: Sendable, Equatable {
    /// Frames between planning and applying a scan's or a line's read.
    var frames: UInt64

    /// Pixels of the frame per frame a whole-frame pass takes to land.
    static let pixelsPerWholeFrameFrame = 51_200

    /// The frame a job of `kind` planned on frame `sequence` (of `width` × `height` pixels) lands on.
    func landing(of kind: OCRJob.Kind, plannedOn sequence: UInt64, width: Int, height: Int) -> UInt64 {
        guard case .wholeFrame = kind, frames > 0 else { return sequence + frames }
        let pass = UInt64(max(0, width) * max(0, height) / Self.pixelsPerWholeFrameFrame)
        return sequence + max(frames, pass)
    }

    /// The frame `job` lands on.
    func landing(of job: OCRJob) -> UInt64 {
        landing(of: job.kind, plannedOn: job.frame.sequence, width: job.frame.width, height: job.frame.height)
    }

    /// The frame the job behind `result` lands on.
    func landing(of result: OCRJobResult) -> UInt64 {
        landing(of: result.kind, plannedOn: result.frameSequence, width: result.frameWidth, height: result.frameHeight)
    }
}
